// SPEC §execution_trace: list the org's recent traces (no id) or read one by its bare exec_… id.
// Both are reads that are never retried after a cut; a satisfier reach is answered from its id.
import { z } from 'zod';
import { failureAnswer, defineTool } from './define-tool.ts';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { listingRowLine, traceLines } from '../substrate/execution-traces.ts';
import { listExecutionTraces, readExecutionTrace } from './trace-access.ts';

// @anchor handle
export default defineTool({
  name: 'execution_trace',
  title: 'Read or list execution traces',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description: `With execution_id, read that durable trace (status, template, reach tags, failure mode, per-task sequence); without, list the most recent traces of your org.`,
  inputSchema: z.object({
    execution_id: cappedString(INPUT_CAPS.id).optional().describe('The execution id (exec_… or its stored record id); omitted lists recent traces'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many recent traces to list (1-50)'),
  }),
  async handle({ execution_id, limit }, ctx) {
    if (execution_id === undefined || execution_id.trim() === '') {
      const listed = await listExecutionTraces(ctx, limit);
      if (!listed.ok) return failureAnswer(listed.cause);
      const { rows, successCount, failureCount } = listed.listing;
      if (rows.length === 0) return { text: 'No execution trace is recorded for this org.', emptyReason: 'no_results_in_corpus' };
      const ok = successCount ?? rows.filter((r) => r.status === 'success').length;
      const failed = failureCount ?? rows.filter((r) => r.status === 'failure').length;
      return {
        text: [
          `${rows.length} most recent trace${rows.length === 1 ? '' : 's'}, newest first (${ok} succeeded, ${failed} failed):`,
          ...rows.map(listingRowLine),
          '',
          'Read one with execution_trace(execution_id: "<exec_… id>"); a satisfier row has no task trace (its walk is in goal_reasoning).',
        ].join('\n'),
        nextSteps: [{ tool: 'execution_trace', args: { execution_id: rows[0]!.id }, why: 'read the newest trace' }],
      };
    }
    const read = await readExecutionTrace(ctx, execution_id);
    switch (read.kind) {
      case 'satisfier':
        return read.line;
      case 'failed':
        return failureAnswer(read.cause);
      case 'text':
        return `Execution ${read.id} (activity-api answered text, not a JSON row):\n${read.text}`;
      case 'trace':
        return traceLines(read.trace).join('\n');
    }
  },
});
