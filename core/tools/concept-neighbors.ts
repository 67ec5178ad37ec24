// SPEC §concept_neighbors: conceptGraph { concept_id, direction, edge_types?, limit }, whose
// edges carry the full edge and neighbour rows; concept-db's 404 for an unknown concept reads
// as no neighbours. One entry per edge.
import { z } from 'zod';
import { cappedArray } from './input-caps.ts';
import { failureAnswer, defineTool } from './define-tool.ts';
import { plainIdOf, EDGE_TYPES, bodyLines, conceptIdInput, contentModeInput, numberText, oneLine, resolveConceptShape } from './concept-db-access.ts';
import { conceptGraphOf, plainConceptId } from '../substrate/concept-content.ts';

// @anchor handle
export default defineTool({
  name: 'concept_neighbors',
  title: 'Edges and neighbours of a concept',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description: `A concept's typed edges and the concepts at their other end.`,
  inputSchema: z.object({
    concept_id: conceptIdInput('Concept id (no concept: prefix)'),
    content: contentModeInput('Body rendering per neighbour'),
    direction: z.enum(['outgoing', 'incoming', 'both']).default('both').describe('Edge direction to follow'),
    edge_types: cappedArray(z.enum(EDGE_TYPES), EDGE_TYPES.length).optional().describe('Edge-type filter'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max neighbours (max 50)'),
  }),
  async handle({ concept_id, content, direction, edge_types, limit }, ctx) {
    const plain = plainIdOf('concept_neighbors', 'concept_id', concept_id);
    if ('refusal' in plain) return plain.refusal;
    const id = plain.id;
    const pointer: Record<string, unknown> = { type: 'conceptGraph', concept_id: id, direction, limit };
    if (edge_types?.length) pointer.edge_types = edge_types;
    const answer = await resolveConceptShape(ctx, pointer, { accept: [404] });
    if (!answer.ok) return failureAnswer(answer.cause);
    const graph = answer.status === 404 ? undefined : conceptGraphOf(answer.body);
    const edges = (graph?.edges ?? []).slice(0, limit);
    const scope = `${direction === 'both' ? 'either direction' : direction}${edge_types?.length ? `, ${edge_types.join('|')}` : ''}`;
    if (edges.length === 0) {
      const why = graph ? '' : ' (concept-db has no such concept)';
      return { text: `No neighbours of ${id} (${scope})${why}.`, emptyReason: 'no_results_in_corpus' };
    }
    const blocks = edges.map(({ edge, neighbor }, i) => {
      const outgoing = plainConceptId(edge.from_concept) === id;
      return [
        `${i + 1}. ${outgoing ? '→' : '←'} ${oneLine(edge.edge_type)} [${oneLine(neighbor.shape)}] ${plainConceptId(neighbor.id) || '(no id)'}`,
        `   summary: ${oneLine(neighbor.summary)}`,
        `   edge weight ${numberText(edge.weight)} · traversed ${numberText(edge.times_traversed, 0)} · relevance ${numberText(neighbor.relevance)}`,
        ...bodyLines(neighbor.content, content),
      ].join('\n');
    });
    return [`${edges.length} neighbour${edges.length === 1 ? '' : 's'} of ${id} (${scope}):`, ...blocks].join('\n\n');
  },
});
