// SPEC §mark_complete, the fleet case: one agent records, another fixes. A concept_* id with no
// local seed is read as the conceptGraph root (@fetchConceptById) and the verdict is written from
// the recalled concept itself, keyed on the agf_* ids it carries (never the concept id), with
// origin: remote; the fix is located in this checkout through the finding's files as it names
// them (@repo-aliases), and the reply says nothing local was retired.
import type { ToolAnswer, ToolContext } from './define-tool.ts';
import type { LedgerScope } from './ledger-scope.ts';
import type { SharedLedger } from '../ledger/shared-ledger.ts';
import { locateFix } from '../ledger/fix-location.ts';
import { fixPendingVerdict } from '../ledger/fix-verdict-lines.ts';
import { checkoutShape, mapFindingFiles } from '../identity/repo-aliases.ts';
import { pendingTag, refusal, shareVerdict, skippedCommitWarnings, markCompleteResult } from './mark-complete.ts';
import { headerList } from '../ledger/finding-concept.ts';

const NOTHING_LOCAL = 'Nothing local was retired: this machine holds no seed of the finding.';

/** The verdict written from a recalled concept, or undefined when concept-db has no such finding. */
export async function verdictFromRecalled(
  ctx: ToolContext,
  ledger: SharedLedger,
  scope: LedgerScope,
  conceptId: string,
  action: 'endorse' | 'discard',
  fixCommit: string | undefined,
  /** Close by commit (SPEC §finding close): the commit checked against origin/<target>, and `fix_via: trailer`. */
  byTrailer?: { againstRef: string },
): Promise<ToolAnswer | undefined> {
  const fetched = await ledger.fetchConceptById(conceptId);
  if (!fetched.ok) {
    return refusal(`${fetched.cause.line}; nothing was recorded and nothing local was retired`, fetched.cause.code, { problem_id: conceptId });
  }
  const finding = fetched.value;
  if (!finding) return undefined;
  if (finding.findingIds.length === 0) {
    const line = `finding_not_found: ${conceptId} carries no agf_* finding id to key a verdict on; nothing was recorded and nothing local was retired`;
    return refusal(line, 'finding_not_found', { problem_id: conceptId });
  }
  const author = ctx.services.author.of(scope.root);
  // A verdict's files: line keeps the finding's recorded form; its repo: line is the finding's repository.
  const header = [
    `repo: ${finding.repo ?? scope.repo.identity}`,
    `repo_name: ${finding.repoName ?? scope.repo.name}`,
    `files: ${headerList(finding.files)}`,
    ...(author.vesselId ? [`reviewed_by: ${author.vesselId}`] : []),
    `session: ${ctx.sessionId}`,
    'origin: remote',
  ];
  const key = { findingIds: finding.findingIds, conceptId: finding.conceptId };
  const named = `${conceptId} (${finding.findingIds[0]}, recorded by ${finding.recordedBy ?? 'an unattributed agent'})`;

  if (action === 'discard') {
    const lines = ['verdict: discarded', ...header];
    const shared = await shareVerdict(ctx, key, lines, '[verdict:discarded]', 'failure');
    return {
      text: [`Discarded ${named} as a false positive.`, ...lines, shared.line, NOTHING_LOCAL].join('\n'),
      result: markCompleteResult('closed', shared.shared),
    };
  }

  const here = await checkoutShape(scope.root);
  const files = (finding.repo ? mapFindingFiles({ repo: finding.repo, files: finding.files }, here) : null) ?? finding.files;
  const loc = await locateFix({ root: scope.root, files, findingTime: finding.createdAt, fixCommit, againstRef: byTrailer?.againstRef });
  const via = byTrailer ? ['fix_via: trailer'] : [];
  if (loc.kind === 'none') return refusal(`${loc.line}; nothing local was retired`, loc.reason, { problem_id: conceptId, ...loc.data });
  if (loc.kind === 'pending') {
    const lines = [...loc.lines, ...via, ...header];
    const shared = await shareVerdict(ctx, key, lines, '[verdict:pending]');
    return {
      text: [
        `Not closed: ${named} stays open — ${fixPendingVerdict(loc.pending)} (${pendingTag(loc)}).`,
        ...lines,
        ...loc.notes,
        shared.line,
        NOTHING_LOCAL,
      ].join('\n'),
      result: markCompleteResult('pending', shared.shared),
      warnings: skippedCommitWarnings(loc.fix, finding.findingIds[0]!),
    };
  }
  const lines = ['verdict: endorsed', ...loc.lines, ...via, ...header];
  const shared = await shareVerdict(ctx, key, lines, '[verdict:endorsed]', 'success');
  return {
    text: [`Endorsed ${named} as fixed.`, ...lines, ...loc.notes, shared.line, NOTHING_LOCAL].join('\n'),
    result: markCompleteResult('closed', shared.shared),
    warnings: skippedCommitWarnings(loc.fix, finding.findingIds[0]!),
  };
}
