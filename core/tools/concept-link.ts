// SPEC §concept_link
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_link',
  title: 'Link two concepts with a typed edge',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Write a typed edge between two concepts; a repeated edge moves its weight.`,
  inputSchema: z.object({
    from_concept_id: z.string().min(1).describe('Source concept id'),
    to_concept_id: z.string().min(1).describe('Target concept id'),
    edge_type: z
      .enum(['related_to', 'derived_from', 'resolves_to', 'sequence_next', 'sequence_prev', 'description_of', 'example_of', 'contradicts'])
      .describe('The typed relationship'),
    description: z.string().optional().describe('Rationale'),
    weight: z.number().min(0).max(1).optional().describe('Initial edge weight, 0..1'),
  }),
  handle: pendingHandler,
});
