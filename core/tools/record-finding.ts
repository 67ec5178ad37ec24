// SPEC §record_finding
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { INPUT_CAPS, LINE_FIX, cappedArray, cappedPath, cappedString, clipEcho, oneLine } from './input-caps.ts';
import { escapeControlChars } from '../process/control-chars.ts';
import { defineTool } from './define-tool.ts';
import { ledgerScope, ledgerStore, storeUnavailableAnswer, unknownRepositoryAnswer } from './ledger-scope.ts';
import { workspacePath } from './workspace-path.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import { findOpenDuplicate } from '../ledger/duplicate-finding.ts';
import { attributionLines } from '../ledger/findings-text.ts';
import { sharedLedgerOf } from './substrate-access.ts';
import type { NewSeed } from '../ledger/seed-table.ts';
import { recalledDuplicate, homeAsTilde } from '../ledger/recalled-duplicate.ts';

export function newFindingId(): string {
  return 'agf_' + randomBytes(8).toString('hex');
}

export default defineTool({
  name: 'record_finding',
  title: 'Record a problem you noticed and did not fix',
  tier: 'mixed',
  complexity: 'lite',
  baseline: null,
  description: `Record a finding (a problem noticed and not fixed) against files, so other agents see it before they edit. Returns agf_* ids for mark_complete.`,
  inputSchema: z.object({
    files: cappedArray(cappedPath(), INPUT_CAPS.findingFiles).min(1).describe('Files the finding is attributed to (workspace-relative or absolute)'),
    summary: cappedString(INPUT_CAPS.summary).min(1).describe('One-line description'),
    details: cappedString(INPUT_CAPS.details).optional().describe('Longer explanation / suggested fix'),
    severity: z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO']).describe('Severity'),
    category: oneLine(cappedString(INPUT_CAPS.category).min(1), LINE_FIX).describe('Free-form slug (security, correctness, design-constraint, ...)'),
    line_start: z.number().int().min(1).optional().describe('Start line, in the first file'),
    line_end: z.number().int().min(1).optional().describe('End line'),
    status: oneLine(cappedString(INPUT_CAPS.status), LINE_FIX).default('open').describe('Finding status; anything but open stores it already stale'),
    force: z.boolean().default(false).describe('Record even when the same finding is already open'),
  }),
  // @anchor handle
  async handle(args, ctx) {
    const scope = await ledgerScope(ctx);
    const unknownRepository = unknownRepositoryAnswer('record_finding', scope);
    if (unknownRepository) return unknownRepository;
    const files: string[] = [];
    for (const file of args.files) {
      const rel = workspacePath(scope.root, file)?.replace(/\/$/, '');
      if (rel === undefined || rel === '') {
        const line = `file_outside_workspace: ${clipEcho(file)} is not a file inside the workspace ${escapeControlChars(scope.root)}; nothing was recorded`;
        const data = { file: clipEcho(file), workspace: scope.root };
        return { text: line, isError: true, result: 'refused', diagnosis: [{ code: 'file_outside_workspace', severity: 'error', message: line, data }] };
      }
      if (!files.includes(rel)) files.push(rel);
    }
    if (args.line_end !== undefined && args.line_start !== undefined && args.line_end < args.line_start) {
      const line = `invalid_arguments: record_finding: line_end (${args.line_end}) is before line_start (${args.line_start}); nothing was recorded`;
      const data = { line_start: args.line_start, line_end: args.line_end };
      return { text: line, isError: true, diagnosis: [{ code: 'invalid_arguments', severity: 'error', message: line, data }] };
    }
    const opened = await ledgerStore(ctx);
    if (!opened.ok) return storeUnavailableAnswer(ctx, opened.cause, `${opened.cause}; nothing was recorded`);
    const store = opened.store;
    const status = args.status.trim().toLowerCase() || 'open';
    // SPEC §record_finding, §outgoing-text-guard: a summary is prose, so it passes where a path
    // or a slug with a control character is refused; stored and shared escaped, one line everywhere.
    const summary = escapeControlChars(args.summary.trim());
    const category = args.category.trim();
    const shared = await sharedLedgerOf(ctx);
    const checkDuplicate = status === 'open' && !args.force;
    if (checkDuplicate && !('cause' in shared)) {
      // The local store's duplicate is checked first, in the write's own transaction; a recalled one only without it.
      const recalled = await recalledDuplicate(shared.ledger, scope.root, files, summary, ctx.services.author.of(scope.root).vesselId);
      if (recalled && !findOpenDuplicate(store, scope.scope, files, summary)) {
        const local = store.openSeedsLinkedTo(scope.scope, [recalled.conceptId], recalled.findingIds)[0];
        return {
          text: [
            `Already recorded (open): ${local?.id ?? recalled.conceptId} — use mark_complete or add details there.`,
            `summary: [${recalled.severity}][${recalled.category}] ${recalled.summary}`,
            `files: ${recalled.files.join(', ')}`,
            `found in: concept-db (${recalled.conceptId}${recalled.recordedBy ? `, recorded by ${recalled.recordedBy}` : ''})`,
            'Nothing was written; pass force: true to record it anyway.',
          ]
            .map(escapeControlChars)
            .join('\n'),
          result: 'duplicate',
        };
      }
    }

    try {
      const author = ctx.services.author.of(scope.root);
      const now = Date.now();
      const group = newFindingId();
      const seeds: NewSeed[] = files.map((file, i) => ({
        id: i === 0 ? group : newFindingId(),
        workspace: scope.scope,
        repo: scope.repo.identity,
        file,
        // Line ranges belong to the first file only (SPEC §record_finding line_start).
        line_start: i === 0 ? (args.line_start ?? null) : null,
        line_end: i === 0 ? (args.line_end ?? args.line_start ?? null) : null,
        severity: args.severity,
        category,
        summary,
        details: args.details ?? null,
        status,
        finding_group: group,
        recorded_by: author.vesselId ?? null,
        session: ctx.sessionId,
        created_at: now,
      }));
      // The duplicate check and the write are one IMMEDIATE transaction, so two servers
      // recording the same finding at the same moment write it once.
      const dup = store.insertUnlessDuplicate(seeds, () => (checkDuplicate ? findOpenDuplicate(store, scope.scope, files, summary) : undefined));
      if (dup) {
        const siblings = store.siblings(dup).filter((s) => s.stale === 0);
        // The finding's first id names it, whichever of its files matched.
        return {
          text: [
            `Already recorded (open): ${siblings[0]?.id ?? dup.id} — use mark_complete or add details there.`,
            `summary: [${dup.severity}][${dup.category}] ${dup.summary}`,
            `files: ${siblings.map((s) => s.file).join(', ')}`,
            'found in: the local store (this machine)',
            'Nothing was written; pass force: true to record it anyway.',
          ]
            .map(escapeControlChars)
            .join('\n'),
          result: 'duplicate',
        };
      }

      const lines = [
        status === 'open'
          ? `Recorded ${seeds.length === 1 ? 'finding' : `finding on ${seeds.length} files`}: ${seeds.map((s) => s.id).join(', ')}`
          : `Recorded already stale (status: ${status}): ${seeds.map((s) => s.id).join(', ')}`,
        `[${args.severity}][${category}] ${summary}`,
        ...seeds.map(
          (s) =>
            `  ${s.id}  ${s.file}${s.line_start != null ? `:${s.line_start}${s.line_end != null && s.line_end !== s.line_start ? `-${s.line_end}` : ''}` : ''}`,
        ),
        `repo: ${scope.repo.identity}`,
        ...attributionLines(author.vesselId, ctx.sessionId),
      ];
      // The concept mint is the shared half; without it the reply says other agents will not see it.
      if ('cause' in shared) {
        lines.push(`Shared with other agents: no (${shared.cause.line}); the finding is in the local store only.`);
      } else if (status === 'open') {
        const minted = await shared.ledger.mintFinding({
          repo: scope.repo.identity,
          repoName: scope.repo.name,
          workspace: homeAsTilde(scope.root),
          files,
          lines: args.line_start !== undefined ? `${files[0]}:${args.line_start}-${args.line_end ?? args.line_start}` : undefined,
          severity: args.severity,
          category,
          status,
          summary,
          details: args.details,
          findingIds: seeds.map((s) => s.id),
          attribution: attributionLines(author.vesselId, ctx.sessionId),
        });
        if (minted.ok) {
          store.setConceptRef(
            seeds.map((s) => s.id),
            minted.value.conceptId,
          );
          lines.push(`Shared with other agents: ${minted.value.conceptId}`);
        } else {
          lines.push(`Shared with other agents: no (${minted.cause.line}); the finding is in the local store only.`);
        }
      }
      lines.push(`Close it with mark_complete {"problem_id": "${seeds[0].id}"} once fixed (endorse), or as a false positive (discard).`);
      return { text: lines.map(escapeControlChars).join('\n'), result: 'recorded' };
    } catch (err) {
      const line = storeErrorLine(err);
      return storeUnavailableAnswer(ctx, line, `${line}; nothing was recorded`);
    }
  },
});
