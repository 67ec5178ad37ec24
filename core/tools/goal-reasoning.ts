// SPEC §goal_reasoning
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'goal_reasoning',
  title: 'The walk decision-log of a finished dispatch',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `The decision-log of a finished dispatch: header, walk log, per-task trace and the reach verdict.`,
  inputSchema: z.object({
    dispatch_id: z.string().min(1).describe('The dispatchId from run_goal_async'),
  }),
  handle: pendingHandler,
});
