// SPEC §goal_status
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'goal_status',
  title: 'Status of a dispatched goal (reached first)',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Status of a dispatched goal: reached (the load-bearing verdict) first, then status, execution and the live walk log.`,
  inputSchema: z.object({
    dispatch_id: z.string().min(1).describe('The dispatchId from run_goal_async'),
  }),
  handle: pendingHandler,
});
