// SPEC §concept_search
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_search',
  title: 'Search concept-db',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Search concept-db by query, shape or source type, or read one concept by id.`,
  inputSchema: z.object({
    concept_id: z.string().optional().describe('Read exactly this concept'),
    content: z.enum(['preview', 'full', 'none']).default('preview').describe('Body rendering per result'),
    query: z.string().optional().describe('Natural-language or shape-name query; omitted = list mode'),
    source_type: z.string().optional().describe('Filter by source type'),
    shape: z.string().optional().describe('Filter by shape'),
    min_relevance: z.number().min(0).max(1).optional().describe('Relevance threshold, 0..1'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max results (max 50)'),
  }),
  handle: pendingHandler,
});
