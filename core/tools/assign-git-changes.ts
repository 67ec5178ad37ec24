// SPEC §assign_git_changes
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'assign_git_changes',
  title: 'Map changed files to components, with co-changes',
  tier: 'local',
  complexity: 'standard',
  baseline: 'read_all_changed',
  idempotent: true,
  pending: 'the local code intelligence issue (#3)',
  description: `Assign changed files to the code-graph components they affect, with the files that change together with them in git history. Requires init_workspace.`,
  inputSchema: z.object({
    changed_files: z.array(z.string()).min(1).describe('Changed file paths'),
    diff: z.string().optional().describe('Accepted for compatibility; not read'),
    include_cochange_predictions: z.boolean().default(true).describe('Include git-history co-changes'),
    prediction_limit: z.number().int().min(1).max(20).default(5).describe('Prediction budget per changed file (max 20)'),
  }),
  handle: pendingHandler,
});
