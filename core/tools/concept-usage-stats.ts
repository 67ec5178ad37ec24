// SPEC §concept_usage_stats
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_usage_stats',
  title: 'Usage statistics of a concept',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Total uses, success and failure rates and recent usage rows of a concept.`,
  inputSchema: z.object({
    concept_id: z.string().min(1).describe('Concept id'),
    include_history: z.boolean().default(true).describe('Include recent usage rows'),
    history_limit: z.number().int().min(1).max(50).default(10).describe('Max usage rows (max 50)'),
  }),
  handle: pendingHandler,
});
