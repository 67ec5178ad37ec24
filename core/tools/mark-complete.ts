// SPEC §mark_complete
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'mark_complete',
  title: 'Close a finding: fixed (endorse) or false positive (discard)',
  tier: 'mixed',
  complexity: 'standard',
  baseline: null,
  idempotent: false,
  pending: 'the findings ledger issue (#4)',
  description: `Mark a finding resolved (endorse) or a false positive (discard). An endorse records where the fix is from git state: uncommitted, a commit, unpushed, or awaiting merge.`,
  inputSchema: z.object({
    problem_id: z.string().min(1).describe('agf_* finding id or concept_* id'),
    action: z.enum(['endorse', 'discard']).default('endorse').describe('endorse=fixed, discard=false positive'),
    fix_commit: z.string().regex(/^[0-9a-fA-F]{7,40}$/, 'must be 7-40 hex digits').optional().describe('Endorse only: the commit that fixes the finding'),
  }),
  handle: pendingHandler,
});
