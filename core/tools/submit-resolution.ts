// SPEC §submit_resolution
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'submit_resolution',
  title: 'Answer a queued solicitation',
  tier: 'mixed',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Record and deliver the answer to a task from pull_assigned_work.`,
  inputSchema: z.object({
    task_id: z.string().min(1).describe('A task from pull_assigned_work'),
    outcome: z.enum(['answered', 'declined', 'insufficient_context']).describe('The resolution'),
    answer: z.string().optional().describe('Required when outcome is answered'),
  }),
  handle: pendingHandler,
});
