// SPEC §concept_neighbors
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_neighbors',
  title: 'Edges and neighbours of a concept',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `A concept's edges and neighbouring concepts.`,
  inputSchema: z.object({
    concept_id: z.string().min(1).describe('Concept id'),
    content: z.enum(['preview', 'full', 'none']).default('preview').describe('Body rendering per neighbour'),
    direction: z.enum(['outgoing', 'incoming', 'both']).default('both').describe('Edge direction'),
    edge_types: z.array(z.string()).optional().describe('Edge-type filter'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max neighbours (max 50)'),
  }),
  handle: pendingHandler,
});
