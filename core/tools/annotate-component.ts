// SPEC §annotate_component
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { ledgerStore, storeUnavailableAnswer } from './ledger-scope.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import { ageTag } from '../ledger/findings-text.ts';
import { annotationNotes } from '../ledger/annotation-templates.ts';
import type { SeedRow } from '../ledger/seed-table.ts';

const NO_SERVER = 'there is no server-side analysis, so only findings in the local store can be annotated';

function notFound(line: string, problemId: string): ToolAnswer {
  return {
    text: line,
    isError: true,
    emptyReason: 'finding_not_found',
    diagnosis: [{ code: 'finding_not_found', severity: 'error', message: line, data: { problem_id: problemId } }],
  };
}

export default defineTool({
  name: 'annotate_component',
  title: 'Why / how-to-fix notes for a finding',
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  description: `Structured notes for a finding in the local store: explain adds why-focused notes, recommend adds how-to-fix notes. Built locally from templates.`,
  inputSchema: z.object({
    problem_id: cappedString(INPUT_CAPS.id).min(1).describe('Problem id from get_problems (agf_* or concept_*)'),
    mode: z.enum(['explain', 'recommend']).default('explain').describe('explain = why, recommend = how to fix'),
    context: cappedString(INPUT_CAPS.context).optional().describe('Additional context to include'),
  }),
  // @anchor handle
  async handle(args, ctx) {
    const id = args.problem_id.trim();
    if (!/^(agf|concept)_/.test(id)) return notFound(`finding_not_found: ${id} is not a finding id (agf_* or concept_*); ${NO_SERVER}`, id);
    const opened = await ledgerStore(ctx);
    if (!opened.ok) return opened.answer;
    let seed: SeedRow | undefined;
    let siblings: SeedRow[] = [];
    try {
      seed = id.startsWith('agf_') ? opened.store.seedById(id) : opened.store.getSeedByConceptRef(id);
      if (seed) siblings = opened.store.siblings(seed);
    } catch (err) {
      return storeUnavailableAnswer(ctx, storeErrorLine(err));
    }
    if (!seed) {
      return notFound(
        id.startsWith('agf_')
          ? `finding_not_found: ${id} is not in the local store (not recorded on this machine, or discarded); ${NO_SERVER}`
          : `finding_not_found: ${id} has no local seed on this machine; ${NO_SERVER}`,
        id,
      );
    }
    const lines = [
      `${seed.id}: ${seed.summary}`,
      `severity: ${seed.severity}`,
      `category: ${seed.category}`,
      `file: ${seed.file}${seed.line_start != null ? `:${seed.line_start}${seed.line_end != null && seed.line_end !== seed.line_start ? `-${seed.line_end}` : ''}` : ''}`,
      ...(siblings.length > 1 ? [`files: ${siblings.map((s) => `${s.file} (${s.id})`).join(', ')}`] : []),
      `refs: ${seed.concept_ref ?? 'none (not shared)'}`,
      `status: ${seed.stale ? `${seed.status} (closed)` : seed.pending_fix ? `open, ${seed.pending_fix}` : 'open'} — recorded ${ageTag(seed.created_at)}${seed.recorded_by ? ` by ${seed.recorded_by}` : ''}`,
      ...(seed.details ? ['', 'details:', seed.details] : []),
      '',
      args.mode === 'explain' ? 'Why it matters:' : 'How to fix:',
      ...annotationNotes(seed.category, seed.severity, args.mode).map((n) => `- ${n}`),
      ...(args.context ? ['', `context: ${args.context}`] : []),
      '',
      `Close it with mark_complete {"problem_id": "${seed.id}"}: endorse once fixed, discard if it is a false positive.`,
    ];
    return lines.join('\n');
  },
});
