// SPEC §run_goal
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'run_goal',
  title: 'Dispatch a goal and wait for its outcome',
  tier: 'substrate',
  complexity: 'heavy',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Dispatch a goal to the substrate and poll until it leaves running (short, one-shot goals). Prefer run_goal_async for anything non-trivial.`,
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
