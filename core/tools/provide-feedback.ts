// SPEC §provide_feedback
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'provide_feedback',
  title: 'Record your verdict on a finished dispatch',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Record an automated verification label for a finished dispatch: reached, not_reached or partial, with your evidence.`,
  inputSchema: z.object({
    dispatch_id: z.string().min(1).describe('The dispatchId from run_goal_async'),
    verdict: z.enum(['reached', 'not_reached', 'partial']).describe('Whether the goal was achieved'),
    rationale: z.string().min(1).describe('The evidence behind the verdict'),
    confidence: z.number().min(0).max(1).default(0.9).describe('Confidence, 0..1'),
    goal: z.string().optional().describe('Goal text, when the dispatch record lacks it'),
  }),
  handle: pendingHandler,
});
