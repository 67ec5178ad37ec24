// SPEC §concept_sequence
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_sequence',
  title: 'Concepts observed to follow or precede one',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `The concepts observed to follow (or precede) a concept, with weight and traversal count.`,
  inputSchema: z.object({
    concept_id: z.string().min(1).describe('Concept id'),
    direction: z.enum(['next', 'prev', 'both']).default('next').describe('Direction along the sequence chain'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max neighbours (max 50)'),
  }),
  handle: pendingHandler,
});
