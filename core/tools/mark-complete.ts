// SPEC §mark_complete
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { defineTool, type ToolAnswer, type ToolContext } from './define-tool.ts';
import { ledgerScope, ledgerStore, storeUnavailableAnswer, unknownRepositoryAnswer, type LedgerScope } from './ledger-scope.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import { locateFix, type FixLocation } from '../ledger/fix-location.ts';
import { fixCommitNotApplied, fixPendingVerdict, type Fix } from '../ledger/fix-verdict-lines.ts';
import { cause, causeNotice, type Notice } from '../process/cause.ts';
import { sharedLedgerOf } from './substrate-access.ts';
import { othersClaimWarning } from './claim-finding.ts';
import type { SeedRow } from '../ledger/seed-table.ts';
import { verdictFromRecalled } from './mark-complete-remote.ts';
import { headerList } from '../ledger/finding-concept.ts';

type MarkResult = 'ok' | 'pending' | 'not_applied' | 'not_shared';

// @anchor markCompleteResult
/** The call-log result: closed and shared (ok), closed here only (not_shared), left open with a fix pending, or nothing done. */
export function markCompleteResult(outcome: 'closed' | 'pending' | 'none', shared: boolean): MarkResult {
  if (outcome === 'none') return 'not_applied';
  if (outcome === 'pending') return 'pending';
  return shared ? 'ok' : 'not_shared';
}

/** A refusal: nothing recorded; its notice's data names the finding (or the id given) and what the check read. */
export function refusal(line: string, code: string, data: Record<string, unknown>): ToolAnswer {
  return { text: line, isError: true, result: 'not_applied', diagnosis: [causeNotice(cause(code, line, data))] };
}

/** The tag get_problems shows on a finding left open with a pending fix. */
export function pendingTag({ fix }: Extract<FixLocation, { kind: 'pending' }>): string {
  if (fix.kind === 'uncommitted') return `fix pending: uncommitted in this checkout on ${fix.branch}`;
  if (fix.kind !== 'commit') return 'fix pending';
  if (fix.push.state === 'awaiting merge') return `fix pending: pushed, awaiting merge into ${fix.push.target}`;
  return `fix pending: committed on ${fix.branch} but not pushed`;
}

/** A named fix_commit the located fix did not apply, as a warning with what an agent acts on. */
export function skippedCommitWarnings(fix: Fix, findingId: string): Notice[] {
  if (fix.kind === 'outside_git' && fix.fixCommitSkipped) {
    const data = { fix_commit: fix.fixCommitSkipped, finding_id: findingId, reason: fix.why };
    return [{ code: 'fix_commit_not_applied', severity: 'warning', message: fixCommitNotApplied(fix.fixCommitSkipped, fix.why), data }];
  }
  if (fix.kind === 'uncommitted' && fix.fixCommitSkipped) {
    const data = { fix_commit: fix.fixCommitSkipped, finding_id: findingId, reason: 'uncommitted changes in the finding files come first', files: fix.files };
    return [
      {
        code: 'fix_commit_not_applied',
        severity: 'warning',
        message: `fix_commit ${fix.fixCommitSkipped} was not applied: the finding's files have uncommitted changes, which come first`,
        data,
      },
    ];
  }
  return [];
}

function verdictHeader(ctx: ToolContext, scope: LedgerScope, seeds: SeedRow[]): string[] {
  const author = ctx.services.author.of(scope.root);
  return [
    `repo: ${seeds[0].repo}`,
    `repo_name: ${scope.repo.name}`,
    `files: ${headerList(seeds.map((s) => s.file))}`,
    ...(author.vesselId ? [`reviewed_by: ${author.vesselId}`] : []),
    `session: ${ctx.sessionId}`,
    'origin: local',
  ];
}

/** The shared half of a verdict: written when the ledger can, else its cause (the local half stands). */
export async function shareVerdict(
  ctx: ToolContext,
  finding: { findingIds: string[]; conceptId?: string },
  lines: string[],
  summary: string,
  usage?: 'success' | 'failure',
): Promise<{ shared: boolean; line: string }> {
  const shared = await sharedLedgerOf(ctx);
  if ('cause' in shared) return { shared: false, line: `Shared verdict: not written (${shared.cause.line}); other agents will not see it.` };
  // SPEC §mark_complete "Claims": an endorse closes a finding another vessel holds, and says so.
  const claim = usage === 'success' ? await othersClaimWarning(ctx, shared.ledger, finding) : undefined;
  const written = await shared.ledger.writeVerdict({ findingIds: finding.findingIds, conceptId: finding.conceptId, lines, summary });
  if (!written.ok) return { shared: false, line: `Shared verdict: not written (${written.cause.line}); other agents will not see it.` };
  const notes = [
    ...(claim ? [claim] : []),
    `Shared verdict: ${written.value.conceptId}${finding.conceptId && !written.value.linked ? ` (not linked to ${finding.conceptId}; readers find it by the read alone)` : ''}`,
  ];
  // SPEC @recordConceptUsage: a closing verdict folds into the finding concept's relevance.
  if (usage && finding.conceptId) {
    const used = await shared.ledger.recordConceptUsage(finding.conceptId, usage);
    notes.push(used.ok ? `Relevance: ${usage} recorded on ${finding.conceptId}` : `Relevance: not recorded (${used.cause.line})`);
  }
  return { shared: true, line: notes.join('\n') };
}

function findingOf(seed: SeedRow, siblings: SeedRow[]): { findingIds: string[]; conceptId?: string } {
  return { findingIds: siblings.length ? siblings.map((s) => s.id) : [seed.id], ...(seed.concept_ref ? { conceptId: seed.concept_ref } : {}) };
}

export default defineTool({
  name: 'mark_complete',
  title: 'Close a finding: fixed (endorse) or false positive (discard)',
  tier: 'mixed',
  complexity: 'standard',
  baseline: null,
  description: `Mark a finding resolved (endorse) or a false positive (discard). An endorse records where the fix is from git state: uncommitted, a commit, unpushed, or awaiting merge.`,
  inputSchema: z.object({
    problem_id: cappedString(INPUT_CAPS.id).min(1).describe('agf_* finding id or concept_* id'),
    action: z.enum(['endorse', 'discard']).default('endorse').describe('endorse=fixed, discard=false positive'),
    fix_commit: z
      .string()
      .regex(/^[0-9a-fA-F]{7,40}$/, 'must be 7-40 hex digits')
      .optional()
      .describe('Endorse only: the commit that fixes the finding'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const id = args.problem_id.trim();
    if (!/^(agf|concept)_[A-Za-z0-9_-]+$/.test(id)) {
      return refusal(
        `not_a_finding: ${id} is neither an agf_* finding nor a concept_* id; nothing was recorded (there is no server-side analysis, so no backend detection has that id)`,
        'not_a_finding',
        { problem_id: id },
      );
    }
    if (args.action === 'discard' && args.fix_commit) {
      return refusal(
        'invalid_arguments: mark_complete: fix_commit is for endorse only; a discard records no fix location; nothing was recorded',
        'invalid_arguments',
        { problem_id: id, fix_commit: args.fix_commit },
      );
    }
    const opened = await ledgerStore(ctx);
    if (!opened.ok) return storeUnavailableAnswer(ctx, opened.cause, `${opened.cause}; nothing was recorded`);
    const store = opened.store;
    const scope = await ledgerScope(ctx);
    const unknownRepository = unknownRepositoryAnswer('mark_complete', scope);
    if (unknownRepository) return unknownRepository;

    let seed: SeedRow | undefined;
    let siblings: SeedRow[];
    try {
      // A concept id (the form recall hands out) resolves to its local seed.
      seed = id.startsWith('agf_') ? store.seedById(id) : store.getSeedByConceptRef(id);
      siblings = seed ? store.siblings(seed) : [];
    } catch (err) {
      return storeUnavailableAnswer(ctx, storeErrorLine(err), `${storeErrorLine(err)}; nothing was recorded`);
    }
    if (!seed) {
      const shared = await sharedLedgerOf(ctx);
      if (!('cause' in shared) && id.startsWith('concept_')) {
        const remote = await verdictFromRecalled(ctx, shared.ledger, scope, id, args.action, args.fix_commit);
        if (remote) return remote;
      }
      const why = 'cause' in shared ? `recall is not available (${shared.cause.line})` : 'concept-db has no code_finding with that id';
      return {
        ...refusal(
          `finding_not_found: ${id} is not in the local store (not recorded on this machine, or discarded) and ${why}; nothing was recorded and nothing local was retired`,
          'finding_not_found',
          { problem_id: id },
        ),
        emptyReason: 'finding_not_found',
      };
    }
    const open = siblings.filter((s) => s.stale === 0);
    if (open.length === 0) {
      const fixLine = (seed.resolution ?? '').split('\n').find((l) => l.startsWith('fix: ')) ?? seed.status;
      return refusal(`already_closed: ${seed.id} is already closed (${fixLine}); nothing was recorded`, 'already_closed', {
        finding_id: seed.id,
        finding_ids: siblings.map((s) => s.id),
      });
    }
    const ids = open.map((s) => s.id);
    const header = verdictHeader(ctx, scope, open);

    try {
      if (args.action === 'discard') {
        const removed = store.deleteSeeds(ids);
        const lines = ['verdict: discarded', ...header];
        const shared = await shareVerdict(ctx, findingOf(seed, siblings), lines, '[verdict:discarded]', 'failure');
        return {
          text: [
            `Discarded ${seed.id} as a false positive: ${removed} local seed${removed === 1 ? '' : 's'} deleted (${ids.join(', ')}).`,
            ...lines,
            shared.line,
          ].join('\n'),
          result: markCompleteResult('closed', shared.shared),
        };
      }

      const files = [...new Set(open.map((s) => s.file))];
      const findingTime = Math.min(...siblings.map((s) => s.created_at));
      const loc = await locateFix({ root: scope.root, files, findingTime, fixCommit: args.fix_commit });
      if (loc.kind === 'none') return refusal(loc.line, loc.reason, { finding_id: seed.id, ...loc.data });
      if (loc.kind === 'pending') {
        store.setPendingFix(ids, pendingTag(loc));
        const lines = [...loc.lines, ...header];
        // A pending fix retires nothing and records no relevance.
        const shared = await shareVerdict(ctx, findingOf(seed, siblings), lines, '[verdict:pending]');
        return {
          text: [`Not closed: ${seed.id} stays open — ${fixPendingVerdict(loc.pending)}.`, ...lines, ...loc.notes, shared.line].join('\n'),
          result: markCompleteResult('pending', shared.shared),
          warnings: skippedCommitWarnings(loc.fix, seed.id),
        };
      }
      const lines = ['verdict: endorsed', ...loc.lines, ...header];
      const retired = store.retireStale(ids, lines.join('\n'));
      const shared = await shareVerdict(ctx, findingOf(seed, siblings), lines, '[verdict:endorsed]', 'success');
      return {
        text: [
          `Endorsed ${seed.id} as fixed: ${retired} local seed${retired === 1 ? '' : 's'} retired (${ids.join(', ')}).`,
          ...lines,
          ...loc.notes,
          shared.line,
        ].join('\n'),
        result: markCompleteResult('closed', shared.shared),
        warnings: skippedCommitWarnings(loc.fix, seed.id),
      };
    } catch (err) {
      const line = storeErrorLine(err);
      return { ...storeUnavailableAnswer(ctx, line, `${line}; the verdict may not have been recorded`), result: 'not_applied' };
    }
  },
});
