// SPEC §goal_status: the dispatch record, reached first; the live walkLog tail while it runs,
// then what the walk taught and its durable trace once it has finished.
import { z } from 'zod';
import { failureAnswer, defineTool, type ToolAnswer } from './define-tool.ts';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { headerLines, isRunning, learningLines, walkLogTail } from '../substrate/goal-walk.ts';
import { readWalkState } from './goal-host-access.ts';
import { traceBlock } from './goal-record-lines.ts';

/** SPEC §goal_status: while the dispatch runs, the last 6 walkLog entries. */
const LIVE_TAIL = 6;

// @anchor handle
export default defineTool({
  name: 'goal_status',
  title: 'Status of a dispatched goal (reached first)',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `Status of a dispatched goal: reached (the load-bearing verdict, not status) first, then status, execution, who dispatched, the live walk log while it runs, and the trace once it has finished.`,
  inputSchema: z.object({
    dispatch_id: cappedString(INPUT_CAPS.id).min(1).describe('The dispatchId from run_goal_async'),
  }),
  async handle({ dispatch_id }, ctx): Promise<ToolAnswer> {
    const read = await readWalkState(ctx, dispatch_id);
    if (!read.ok) return failureAnswer(read.cause);
    const record = read.record;
    const lines = headerLines(record);
    if (isRunning(record)) {
      lines.push(...walkLogTail(record, LIVE_TAIL));
      return {
        text: lines.join('\n'),
        nextSteps: [{ tool: 'goal_status', args: { dispatch_id }, why: 'the dispatch is still running' }],
      };
    }
    lines.push(...learningLines(record));
    const block = await traceBlock(ctx, record);
    lines.push(...block.lines);
    return {
      text: lines.join('\n'),
      ...(block.warning ? { warnings: [block.warning] } : {}),
      nextSteps: [{ tool: 'goal_reasoning', args: { dispatch_id }, why: 'read the walk decision-log before judging the outcome' }],
    };
  },
});
