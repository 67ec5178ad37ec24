// SPEC §concept_link: conceptLink_write { linkData } once. concept-db upserts: a new edge is
// created, and a repeated (from, to, edge_type) moves the existing edge's weight by EMA, which
// the reply says, with the previous weight.
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { failureAnswer, defineTool } from './define-tool.ts';
import { plainIdOf, EDGE_TYPES, conceptIdInput, isRecord, numberText, oneLine, resolveConceptShape } from './concept-db-access.ts';
import { writeResultOf } from '../substrate/concept-content.ts';

/** The weight before an EMA update, under any of the names an upsert result may carry it. */
function previousWeight(result: Record<string, unknown>): unknown {
  return result.previous_weight ?? result.old_weight ?? result.prior_weight;
}

// @anchor handle
export default defineTool({
  name: 'concept_link',
  title: 'Link two concepts with a typed edge',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `Write a typed edge between two concepts; a repeated (from, to, edge_type) moves the existing edge's weight by EMA.`,
  inputSchema: z.object({
    from_concept_id: conceptIdInput('Source concept id'),
    to_concept_id: conceptIdInput('Target concept id'),
    edge_type: z.enum(EDGE_TYPES).describe('The typed relationship'),
    description: cappedString(INPUT_CAPS.summary).optional().describe('Rationale'),
    weight: z.number().min(0).max(1).optional().describe("Initial edge weight, 0..1 (concept-db's default when omitted)"),
  }),
  async handle({ from_concept_id, to_concept_id, edge_type, description, weight }, ctx) {
    const fromId = plainIdOf('concept_link', 'from_concept_id', from_concept_id);
    if ('refusal' in fromId) return fromId.refusal;
    const toId = plainIdOf('concept_link', 'to_concept_id', to_concept_id);
    if ('refusal' in toId) return toId.refusal;
    const [from, to] = [fromId.id, toId.id];
    const linkData: Record<string, unknown> = { from_concept_id: from, to_concept_id: to, edge_type };
    if (description !== undefined) linkData.description = description;
    if (weight !== undefined) linkData.weight = weight;
    const answer = await resolveConceptShape(ctx, { type: 'conceptLink_write', linkData }, { write: true });
    if (!answer.ok) return failureAnswer(answer.cause);
    const result = writeResultOf(answer.body) ?? {};
    const edgeId = typeof result.id === 'string' ? result.id : '(id not reported)';
    const newWeight = result.new_weight ?? result.weight;
    // `created` is what upsertEdge returns; its summary line says the same ("EMA-updated").
    const summary = isRecord(answer.body) && isRecord(answer.body.metadata) ? String(answer.body.metadata.summary ?? '') : '';
    const existed = result.created === false || (result.created === undefined && summary.includes('EMA-updated'));
    const previous = previousWeight(result);
    const head = existed
      ? `Edge ${edgeId} exists: its weight moved by EMA from ${typeof previous === 'number' ? numberText(previous) : 'a previous weight concept-db did not report'} to ${numberText(newWeight)}.`
      : `Edge ${edgeId} created.`;
    return [
      head,
      `${from} —${edge_type}→ ${to}`,
      `weight: ${numberText(newWeight)}`,
      `description: ${description !== undefined ? oneLine(description) : typeof result.description === 'string' ? oneLine(result.description) : '(none)'}`,
    ].join('\n');
  },
});
