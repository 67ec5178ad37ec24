// SPEC §run_goal_async
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'run_goal_async',
  title: 'Dispatch a goal asynchronously',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Dispatch a goal to the substrate; returns a dispatchId for goal_status / goal_reasoning / provide_feedback.`,
  inputSchema: z.object({
    goal: z.string().optional().describe('Natural-language goal; goal or target_template_id is required'),
    target_template_id: z.string().optional().describe('Activity template to execute'),
    variables: z.record(z.unknown()).optional().describe('Seed variables for the execution pool'),
    parent_execution_id: z.string().optional().describe('Parent execution id for provenance'),
    composition_chain: z.array(z.string()).optional().describe('Ancestor execution ids, root-first'),
    learning_mode: z.enum(['observe', 'learn']).optional().describe('observe asks goal-host not to learn from the walk'),
    tags: z.array(z.string()).optional().describe('Tags carried onto the dispatch and its trace'),
  }),
  handle: pendingHandler,
});
