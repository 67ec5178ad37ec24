// SPEC §concept_search: one concept by id (the root of conceptGraph { concept_id, limit: 1 },
// the row GET /concepts/:id returns), or conceptSearch with the filters set, relevance first;
// a query left out is concept-db's list mode.
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { failureAnswer, defineTool } from './define-tool.ts';
import { plainIdOf, conceptBlock, conceptIdInput, contentModeInput, resolveConceptShape } from './concept-db-access.ts';
import { conceptGraphOf, conceptRowsOf } from '../substrate/concept-content.ts';
import { cause } from '../process/cause.ts';

// @anchor handle
export default defineTool({
  name: 'concept_search',
  title: 'Search concept-db',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description: `Search concept-db by query, shape or source type (relevance first; no query lists), or read one concept by id with its full body.`,
  inputSchema: z.object({
    concept_id: conceptIdInput('Read exactly this concept (with or without the concept: prefix) with its full body; other filters are ignored').optional(),
    content: contentModeInput('Body rendering per result'),
    query: cappedString(INPUT_CAPS.query).optional().describe('Natural-language or shape-name query; omitted = list mode'),
    source_type: cappedString(INPUT_CAPS.shape).optional().describe('Filter by source type'),
    shape: cappedString(INPUT_CAPS.shape).optional().describe('Filter by shape'),
    min_relevance: z.number().min(0).max(1).optional().describe('Relevance threshold, 0..1'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max results (max 50)'),
  }),
  async handle({ concept_id, content, query, source_type, shape, min_relevance, limit }, ctx) {
    if (concept_id !== undefined) {
      const plain = plainIdOf('concept_search', 'concept_id', concept_id);
      if ('refusal' in plain) return plain.refusal;
      const id = plain.id;
      const answer = await resolveConceptShape(ctx, { type: 'conceptGraph', concept_id: id, limit: 1 }, { accept: [404] });
      if (!answer.ok) return failureAnswer(answer.cause);
      const graph = answer.status === 404 ? undefined : conceptGraphOf(answer.body);
      if (!graph) return { text: `No concept ${id} in concept-db.`, emptyReason: 'no_results_in_corpus' };
      return conceptBlock(graph.root, 'full');
    }
    const pointer: Record<string, unknown> = { type: 'conceptSearch', limit };
    if (query?.trim()) pointer.query = query.trim();
    if (source_type) pointer.source_type = source_type;
    if (shape) pointer.shape = shape;
    if (min_relevance !== undefined) pointer.min_relevance = min_relevance;
    const answer = await resolveConceptShape(ctx, pointer);
    if (!answer.ok) return failureAnswer(answer.cause);
    if (answer.body === undefined) return failureAnswer(cause('concept_db_refused', 'concept_db_refused(conceptSearch): concept-db answered no body'));
    // A producer that ignores a filter or the limit does not widen the answer.
    const rows = conceptRowsOf(answer.body)
      .filter((row) => (shape ? row.shape === shape : true))
      .filter((row) => (source_type ? row.source_type === source_type : true))
      .filter((row) => (min_relevance !== undefined ? typeof row.relevance === 'number' && row.relevance >= min_relevance : true))
      .slice(0, limit);
    const filters = [
      query?.trim() ? `query "${query.trim().slice(0, 80)}"` : 'list mode (no query)',
      ...(shape ? [`shape ${shape}`] : []),
      ...(source_type ? [`source_type ${source_type}`] : []),
      ...(min_relevance !== undefined ? [`relevance >= ${min_relevance}`] : []),
    ].join(', ');
    if (rows.length === 0) return { text: `No concept matches (${filters}).`, emptyReason: 'no_results_in_corpus' };
    const head = `${rows.length} concept${rows.length === 1 ? '' : 's'} (${filters}), relevance first:`;
    return [head, ...rows.map((row, i) => conceptBlock(row, content, i + 1))].join('\n\n');
  },
});
