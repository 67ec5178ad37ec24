// SPEC §concept_record_usage
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_record_usage',
  title: 'Record whether a concept helped',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Record a usage outcome for a concept: success, failure or neutral.`,
  inputSchema: z.object({
    concept_id: z.string().min(1).describe('The concept the outcome applies to'),
    outcome: z.enum(['success', 'failure', 'neutral']).describe('success = helped; failure = misled; neutral = loaded only'),
    trace_id: z.string().optional().describe('Execution or trace id (default mcp:<uuid>)'),
    activity_id: z.string().optional().describe('Activity id'),
    task_id: z.string().optional().describe('Task id within the activity'),
  }),
  handle: pendingHandler,
});
