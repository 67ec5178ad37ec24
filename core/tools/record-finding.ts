// SPEC §record_finding
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'record_finding',
  title: 'Record a problem you noticed and did not fix',
  tier: 'mixed',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'the findings ledger issue (#4)',
  description: `Record a finding (a problem noticed and not fixed) against files, so other agents see it before they edit. Returns agf_* ids for mark_complete.`,
  inputSchema: z.object({
    files: z.array(z.string()).min(1).describe('Files the finding is attributed to (workspace-relative or absolute)'),
    summary: z.string().min(1).describe('One-line description'),
    details: z.string().optional().describe('Longer explanation / suggested fix'),
    severity: z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO']).describe('Severity'),
    category: z.string().min(1).describe('Free-form slug (security, correctness, design-constraint, ...)'),
    line_start: z.number().int().min(1).optional().describe('Start line, in the first file'),
    line_end: z.number().int().min(1).optional().describe('End line'),
    status: z.string().default('open').describe('Finding status; anything but open stores it already stale'),
    force: z.boolean().default(false).describe('Record even when the same finding is already open'),
  }),
  handle: pendingHandler,
});
