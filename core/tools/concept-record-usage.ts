// SPEC §concept_record_usage: conceptUsage_write { usageData } once, the concept id in its plain
// form. The client computes no relevance: concept-db folds the outcome into its posterior mean.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { failureAnswer, defineTool } from './define-tool.ts';
import { plainIdOf, conceptIdInput, resolveConceptShape } from './concept-db-access.ts';
import { writeResultOf } from '../substrate/concept-content.ts';

const EFFECT = {
  success: 'credits the concept',
  failure: 'grows its load count without credit',
  neutral: 'grows its load count without credit',
} as const;

// @anchor handle
export default defineTool({
  name: 'concept_record_usage',
  title: 'Record whether a concept helped',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `The direct write into concept-db's relevance model: success = it helped; failure = it misled; neutral = loaded only.`,
  inputSchema: z.object({
    concept_id: conceptIdInput('The concept the outcome applies to (with or without concept:)'),
    outcome: z.enum(['success', 'failure', 'neutral']).describe('success = it helped; failure = it misled; neutral = loaded only'),
    trace_id: cappedString(INPUT_CAPS.id).min(1).optional().describe('Execution or trace id (default mcp:<uuid>)'),
    activity_id: cappedString(INPUT_CAPS.id).optional().describe('Activity id'),
    task_id: cappedString(INPUT_CAPS.id).optional().describe('Task id within the activity'),
  }),
  async handle({ concept_id, outcome, trace_id, activity_id, task_id }, ctx) {
    const plain = plainIdOf('concept_record_usage', 'concept_id', concept_id);
    if ('refusal' in plain) return plain.refusal;
    const id = plain.id;
    const trace = trace_id ?? `mcp:${randomUUID()}`;
    const usageData: Record<string, unknown> = { concept_id: id, trace_id: trace, outcome };
    if (activity_id) usageData.activity_id = activity_id;
    if (task_id) usageData.task_id = task_id;
    const answer = await resolveConceptShape(ctx, { type: 'conceptUsage_write', usageData }, { write: true });
    if (!answer.ok) return failureAnswer(answer.cause);
    const row = writeResultOf(answer.body) ?? {};
    const usageId = typeof row.id === 'string' ? row.id : '(id not reported)';
    return [
      `Recorded ${outcome} for ${id} (usage ${usageId}, trace ${trace}).`,
      `concept-db folds it into the concept's relevance, (times_succeeded+1)/(times_loaded+2): ${outcome} ${EFFECT[outcome]}.`,
    ].join('\n');
  },
});
