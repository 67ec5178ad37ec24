// SPEC §get_problems
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'get_problems',
  title: 'Open findings on this codebase',
  tier: 'mixed',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'the findings ledger issue (#4)',
  description: `Problems recorded by agents on this codebase, ranked by severity: the local store plus findings other agents recorded. Call it for the files you are about to edit. There is no server-side analysis.`,
  inputSchema: z.object({
    limit: z.number().int().min(1).max(100).default(10).describe('Max results (max 100)'),
    severity: z.array(z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'])).optional().describe('Filter by severity'),
    category: z.array(z.string()).optional().describe('Filter by category slug'),
    file_path: z.string().optional().describe('Substring match on the finding file path'),
    include_discarded: z.boolean().default(false).describe('Accepted; discarded findings are deleted locally'),
  }),
  handle: pendingHandler,
});
