// SPEC §analyze_impact
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'analyze_impact',
  title: 'Components affected by changing files',
  tier: 'local',
  complexity: 'standard',
  baseline: 'full_file_read',
  idempotent: true,
  pending: 'the local code intelligence issue (#3)',
  description: `Components affected by changing the given files: a BFS over call and import edges of the local code graph, grouped by depth with confidence. Requires init_workspace.`,
  inputSchema: z.object({
    changed_files: z.array(z.string()).min(1).describe('Files being changed'),
    diff: z.string().optional().describe('Accepted for compatibility; not read'),
    direction: z.enum(['forward', 'backward', 'both']).default('backward').describe('forward=dependencies, backward=dependents'),
    max_depth: z.number().int().min(1).max(10).default(5).describe('Max traversal depth (max 10)'),
    include_tests: z.boolean().default(true).describe('Include test files'),
  }),
  handle: pendingHandler,
});
