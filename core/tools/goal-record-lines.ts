// What goal_status and goal_reasoning print beyond the dispatch record's header (SPEC §goal_status,
// §goal_reasoning): the durable trace hydrated through activityExecutionTrace, except for a
// satisfier reach, which persists none and is answered without a trace read.
import { causeNotice, type Notice } from '../process/cause.ts';
import { isSatisfierExecution, reachVerdictLines, taskLines, type ExecutionTrace } from '../substrate/execution-traces.ts';
import type { WalkRecord } from '../substrate/goal-walk.ts';
import type { ToolContext } from './define-tool.ts';
import { readExecutionTrace } from './trace-access.ts';

export interface TraceBlock {
  lines: string[];
  trace?: ExecutionTrace;
  /** A trace read that failed: reported in place, the record's lines still stand. */
  warning?: Notice;
}

/** Whether the record's execution is a satisfier reach (no trace to read). */
export function recordIsSatisfier(record: WalkRecord): boolean {
  return record.executionPath === 'satisfier' || isSatisfierExecution(record.executionId, record.selectedTemplateId);
}

/** The finished record's trace, or the one line saying why there is none. */
export async function traceBlock(ctx: ToolContext, record: WalkRecord): Promise<TraceBlock> {
  const id = record.executionId;
  if (!id) return { lines: ['trace: (no executionId: no durable trace to read)'] };
  if (recordIsSatisfier(record)) {
    return {
      lines: [
        `trace: ${id} is a satisfier reach, which persists no task trace, so activity-api was not asked; its walk is in the dispatch record (goal_reasoning)`,
      ],
    };
  }
  const read = await readExecutionTrace(ctx, id, record.selectedTemplateId);
  switch (read.kind) {
    case 'trace':
      return { lines: [`trace ${read.trace.id} (status ${read.trace.status}):`, ...reachVerdictLines(read.trace).map((l) => `  ${l}`)], trace: read.trace };
    case 'text':
      return { lines: [`trace ${read.id} (activity-api answered text, not a JSON row):`, read.text] };
    case 'satisfier':
      return { lines: [`trace: ${read.line}`] };
    case 'failed':
      return { lines: [`trace: ${read.cause.line}`], warning: causeNotice(read.cause, 'warning') };
  }
}

/** goal_reasoning's trace part: the per-task sequence, then the reach-verdict block. */
export function reasoningTraceLines(trace: ExecutionTrace): string[] {
  return [`trace ${trace.id} (status ${trace.status}):`, ...taskLines(trace), 'reach verdict:', ...reachVerdictLines(trace).map((l) => `  ${l}`)];
}
