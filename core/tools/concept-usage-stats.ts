// SPEC §concept_usage_stats: conceptUsageStats { concept_id } for the aggregate and, with
// history, the recent rows from the one direct REST read (core/substrate/concept-usage-history.ts).
// A failed or skipped history read still returns the stats, saying where the rows come from.
import { z } from 'zod';
import { failureAnswer, defineTool, type ToolContext } from './define-tool.ts';
import { plainIdOf, conceptIdInput, isRecord, numberText, resolveConceptShape } from './concept-db-access.ts';
import { resolveShape } from './substrate-access.ts';
import { readUsageHistory, type UsageHistory } from '../substrate/concept-usage-history.ts';

function percent(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value * 1000) / 10}%` : '?';
}

async function history(ctx: ToolContext, conceptId: string, limit: number): Promise<UsageHistory> {
  const state = await ctx.services.attachment?.current();
  return readUsageHistory({
    conceptId,
    limit,
    discovery: state?.anchor.discovery ?? null,
    key: ctx.services.env.METABOB_API_KEY?.trim() ?? '',
    env: ctx.services.env,
    locate: async () => {
      const result = await resolveShape(ctx, { type: 'vesselCapability', shape: 'conceptUsageStats' }, { family: 'discovery' });
      if (!result.ok) return { ok: false, line: result.line };
      if (result.status !== 200) return { ok: false, line: `discovery answered vesselCapability with HTTP ${result.status}` };
      return { ok: true, body: result.body };
    },
  });
}

function historyLines(h: UsageHistory): string[] {
  if (!h.ok) {
    return [
      `Recent usage: unavailable — recent rows come from concept-db directly at ${h.address ?? 'an address discovery did not give'}, ${h.why}; the aggregate above is complete.`,
    ];
  }
  if (h.rows.length === 0) return [`Recent usage: none recorded (read from concept-db at ${h.address}).`];
  return [
    `Recent usage (${h.rows.length}, newest first, from concept-db at ${h.address}):`,
    ...h.rows.map(
      (row) => `- ${row.outcome} at ${row.recordedAt ?? 'time not recorded'} · trace ${row.traceId ?? '(none)'} · activity ${row.activityId ?? '(none)'}`,
    ),
  ];
}

// @anchor handle
export default defineTool({
  name: 'concept_usage_stats',
  title: 'Usage statistics of a concept',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `Total uses, success and failure rates and recent usage rows of a concept.`,
  inputSchema: z.object({
    concept_id: conceptIdInput('Concept id (no concept: prefix)'),
    include_history: z.boolean().default(true).describe('Include recent usage rows'),
    history_limit: z.number().int().min(1).max(50).default(10).describe('Max usage rows (max 50)'),
  }),
  async handle({ concept_id, include_history, history_limit }, ctx) {
    const plain = plainIdOf('concept_usage_stats', 'concept_id', concept_id);
    if ('refusal' in plain) return plain.refusal;
    const id = plain.id;
    const answer = await resolveConceptShape(ctx, { type: 'conceptUsageStats', concept_id: id });
    if (!answer.ok) return failureAnswer(answer.cause);
    const stats = isRecord(answer.body) && isRecord(answer.body.content) ? answer.body.content : {};
    const lines = [
      `Usage of ${id}: ${numberText(stats.total_uses, 0)} use${stats.total_uses === 1 ? '' : 's'} · success ${percent(stats.success_rate)} · failure ${percent(stats.failure_rate)}` +
        ` · neutral ${percent(stats.neutral_rate)}`,
    ];
    if (include_history) lines.push(...historyLines(await history(ctx, id, history_limit)));
    return lines.join('\n');
  },
});
