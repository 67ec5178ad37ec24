// SPEC §annotate_component
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'annotate_component',
  title: 'Why / how-to-fix notes for a finding',
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  pending: 'the findings ledger issue (#4)',
  description: `Structured notes for a finding in the local store: explain adds why-focused notes, recommend adds how-to-fix notes. Built locally from templates.`,
  inputSchema: z.object({
    problem_id: z.string().min(1).describe('Problem id from get_problems (agf_* or concept_*)'),
    mode: z.enum(['explain', 'recommend']).default('explain').describe('explain = why, recommend = how to fix'),
    context: z.string().optional().describe('Additional context to include'),
  }),
  handle: pendingHandler,
});
