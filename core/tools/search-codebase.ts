// SPEC §search_codebase
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'search_codebase',
  title: 'Search components and findings by keyword',
  tier: 'local',
  complexity: 'lite',
  baseline: 'grep_recursive',
  idempotent: true,
  pending: 'the local code intelligence issue (#3)',
  description: `Search code components (local graph) and findings in the local store by keyword. Tokenised: camelCase, snake_case and kebab-case split; partial token containment.`,
  inputSchema: z.object({
    query: z.string().min(1).describe('Keywords'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max results (max 50)'),
    target: z.enum(['components', 'problems', 'both']).default('both').describe('What to search'),
    file_filter: z.array(z.string()).optional().describe('Narrow to these file paths (substring)'),
  }),
  handle: pendingHandler,
});
