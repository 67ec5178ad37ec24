// SPEC §get_analysis_context
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'get_analysis_context',
  title: 'Snapshot: attachment, index, problems, co-change',
  tier: 'mixed',
  complexity: 'heavy',
  baseline: null,
  idempotent: true,
  pending: 'the findings ledger issue (#4)',
  description: `The current analysis state in one snapshot: attachment line, code-graph stats, open problems, co-change hints for recently changed files, and findings other agents recorded. Call first in a session.`,
  inputSchema: z.object({
    recently_changed_files: z.array(z.string()).default([]).describe('Files whose git co-changes are listed'),
    problem_limit: z.number().int().min(1).max(50).default(10).describe('Max open problems (max 50)'),
    scope: z.enum(['session', 'project', 'org']).default('session').describe('Accepted for compatibility; not read'),
  }),
  handle: pendingHandler,
});
