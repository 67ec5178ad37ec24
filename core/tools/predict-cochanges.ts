// SPEC §predict_cochanges
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'predict_cochanges',
  title: 'Files that change together with the given files (git history)',
  tier: 'local',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'the local code intelligence issue (#3)',
  description: `Predict which files change together with the given files, from the last 500 commits of git history. Needs a git checkout, not init_workspace.`,
  inputSchema: z.object({
    changed_files: z.array(z.string()).min(1).describe('Files being changed'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max suggestions (max 50)'),
    confidence_threshold: z.number().min(0).max(1).default(0.3).describe('Min co-change confidence (0.0-1.0)'),
  }),
  handle: pendingHandler,
});
