// SPEC §execution_trace
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'execution_trace',
  title: 'Read or list execution traces',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `With execution_id, read that durable trace; without, list the most recent traces.`,
  inputSchema: z.object({
    execution_id: z.string().optional().describe('The execution id; omitted lists recent traces'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many recent traces to list'),
  }),
  handle: pendingHandler,
});
