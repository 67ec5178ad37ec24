// SPEC §goal_reasoning: the decision-log of a finished dispatch — the header, the record's
// walkLog (numbered, verbatim), the per-task trace and the reach verdict.
import { z } from 'zod';
import { failureAnswer, defineTool, type ToolAnswer } from './define-tool.ts';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { headerLines, isRunning, learningLines } from '../substrate/goal-walk.ts';
import { readWalkState } from './goal-host-access.ts';
import { reasoningTraceLines, traceBlock } from './goal-record-lines.ts';

// @anchor handle
export default defineTool({
  name: 'goal_reasoning',
  title: 'The walk decision-log of a finished dispatch',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description: `The decision-log of a finished dispatch: header (reached first), the walk log, the per-task trace and the reach verdict.`,
  inputSchema: z.object({
    dispatch_id: cappedString(INPUT_CAPS.id).min(1).describe('The dispatchId from run_goal_async'),
  }),
  async handle({ dispatch_id }, ctx): Promise<ToolAnswer> {
    const read = await readWalkState(ctx, dispatch_id);
    if (!read.ok) return failureAnswer(read.cause);
    const record = read.record;
    if (isRunning(record)) {
      // SPEC §goal_reasoning: while the dispatch runs it returns "still running" and nothing else.
      return { text: 'still running', textIsWhole: true, nextSteps: [{ tool: 'goal_status', args: { dispatch_id }, why: 'wait for the dispatch to finish' }] };
    }
    const lines = [...headerLines(record), ...learningLines(record)];
    if (record.walkLog.length > 0) {
      lines.push(`walk log (${record.walkLog.length} lines):`, ...record.walkLog.map((l, i) => `  ${i + 1}. ${l}`));
    }
    const block = await traceBlock(ctx, record);
    if (block.trace) lines.push(...reasoningTraceLines(block.trace));
    else lines.push(...block.lines);
    if (record.walkLog.length === 0 && (!block.trace || block.trace.tasks.length === 0)) {
      lines.push('decision-log unavailable: the record has no walk log and the trace no tasks (typically a direct vessel resolve)');
    }
    return {
      text: lines.join('\n'),
      ...(block.warning ? { warnings: [block.warning] } : {}),
    };
  },
});
