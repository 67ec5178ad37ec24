// SPEC §pull_assigned_work
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'pull_assigned_work',
  title: 'Decisions queued for this session',
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `List the human_input solicitations queued on this machine and claim them for this session.`,
  inputSchema: z.object({
    limit: z.number().int().min(1).max(100).default(10).describe('Max tasks (max 100)'),
  }),
  handle: pendingHandler,
});
