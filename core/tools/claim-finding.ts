// SPEC §claim_finding
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'claim_finding',
  title: 'Claim a finding before working on it',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Say you are starting work on a finding (claim), renew while working, release on stopping, so another agent does not start the same work.`,
  inputSchema: z.object({
    problem_id: z.string().min(1).describe('agf_* finding id or concept_* id'),
    action: z.enum(['claim', 'renew', 'release']).default('claim').describe('claim, renew or release'),
    minutes: z.number().int().min(1).max(240).default(60).describe('How long the claim lasts from now (max 240)'),
  }),
  handle: pendingHandler,
});
