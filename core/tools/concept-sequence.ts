// SPEC §concept_sequence: conceptSequence { concept_id, direction, limit }, the concepts observed
// to follow (or precede) this one, with weight and traversal count.
import { z } from 'zod';
import { failureAnswer, defineTool } from './define-tool.ts';
import { plainIdOf, conceptIdInput, isRecord, numberText, resolveConceptShape } from './concept-db-access.ts';
import { plainConceptId } from '../substrate/concept-content.ts';

/** conceptSequence's rows (substrate-contract §4.7): `content` as the list, or `content.sequence`. */
function sequenceRows(body: unknown): Array<Record<string, unknown>> {
  const content = isRecord(body) ? body.content : undefined;
  const list = Array.isArray(content) ? content : isRecord(content) && Array.isArray(content.sequence) ? content.sequence : [];
  return list.filter(isRecord);
}

// @anchor handle
export default defineTool({
  name: 'concept_sequence',
  title: 'Concepts observed to follow or precede one',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `The concepts observed to follow (or precede) a concept, with weight and traversal count.`,
  inputSchema: z.object({
    concept_id: conceptIdInput('Concept id (no concept: prefix)'),
    direction: z.enum(['next', 'prev', 'both']).default('next').describe('Direction along the sequence chain'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max neighbours (max 50)'),
  }),
  async handle({ concept_id, direction, limit }, ctx) {
    const plain = plainIdOf('concept_sequence', 'concept_id', concept_id);
    if ('refusal' in plain) return plain.refusal;
    const id = plain.id;
    const answer = await resolveConceptShape(ctx, { type: 'conceptSequence', concept_id: id, direction, limit });
    if (!answer.ok) return failureAnswer(answer.cause);
    const rows = sequenceRows(answer.body).slice(0, limit);
    const way = direction === 'next' ? 'follow' : direction === 'prev' ? 'precede' : 'follow or precede';
    if (rows.length === 0) return { text: `No concept is observed to ${way} ${id}.`, emptyReason: 'no_results_in_corpus' };
    return [
      `${rows.length} concept${rows.length === 1 ? ' is' : 's are'} observed to ${way} ${id}:`,
      ...rows.map(
        (row, i) =>
          `${i + 1}. ${plainConceptId(row.concept_id ?? row.id) || '(no id)'}${typeof row.direction === 'string' ? ` (${row.direction})` : ''} · weight ${numberText(row.weight)} · traversed ${numberText(row.times_traversed, 0)}`,
      ),
    ].join('\n');
  },
});
