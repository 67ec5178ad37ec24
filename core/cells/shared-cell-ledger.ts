// The cell ledger over the attachment (SPEC §task pull, §finding close): recall as get_problems
// reads it, claims through claim_finding itself (its rule, its retry, its read-back), the
// endorse through mark_complete's checks for a recalled concept, and conventions from
// concept-db. A cell's step speaks only through this.
import type { Services } from '../services/services.ts';
import type { ToolAnswer, ToolContext } from '../tools/define-tool.ts';
import { callTool } from '../server/boundary.ts';
import { ledgerScope } from '../tools/ledger-scope.ts';
import { shareVerdict } from '../tools/mark-complete.ts';
import { verdictFromRecalled } from '../tools/mark-complete-remote.ts';
import { ConceptDbClient } from '../substrate/concept-db.ts';
import { headerBlock, headerValue, plainConceptId } from '../substrate/concept-content.ts';
import type { RecalledFindingRow, SharedLedger } from '../ledger/shared-ledger.ts';
import { ulid } from '../process/ulid.ts';
import { claimHolder } from '../ledger/claims.ts';
import { claimRowsOf } from '../ledger/claims-ledger.ts';
import type { CellFinding, CellLedger, ClaimOutcome, LedgerRead } from './cell-ledger.ts';
import { conventionAuthor } from './task-policy.ts';

/** `until 2026-12-01T12:00:00Z` as claim_finding prints the claim it wrote. */
const UNTIL = /until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z)/;
const CONVENTIONS_READ = 100;
const DETAILS_READ = 50;

function untilOf(text: string): number | undefined {
  const m = UNTIL.exec(text);
  return m ? Date.parse(m[1]!) : undefined;
}

/** The live claim on a recalled finding, by the holder rule over the claims recall read with it. */
function claimOf(row: RecalledFindingRow, now: number): CellFinding['claim'] {
  const holder = claimHolder(claimRowsOf(row.verdicts), now);
  return holder && { holder: holder.claimer, until: holder.end };
}

/** The one context a cell's direct ledger calls run in: the services' decided workspace, the headless plane. */
function cellContext(services: Services): ToolContext {
  return {
    requestId: ulid(),
    plane: 'cli',
    sessionId: services.sessionId,
    log: services.log,
    signal: new AbortController().signal,
    workspace: services.workspace.decideNow(),
    services,
    progress: () => {},
  };
}

/** A tool through the boundary (guard, caps, schema), answered as data. */
async function toolAnswer(services: Services, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  let answer: ToolAnswer | undefined;
  const result = await callTool(services, name, args, { plane: 'cli', onAnswer: (a) => (answer = a) });
  return answer ?? { text: result.content.map((c) => c.text).join('\n'), isError: result.isError };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 500);
}

/**
 * The ledger a cell reads and writes, once the attachment is authenticated; else the cause
 * line (task pull and finding close exit 2 on it). `repository` is the identity findings are
 * filed under for the recall's checkout (the origin's, or the work directory's).
 */
export async function openCellLedger(services: Services): Promise<{ ok: true; ledger: CellLedger } | { ok: false; line: string }> {
  const attachment = services.attachment;
  if (!attachment) return { ok: false, line: 'not_configured: no substrate attachment in this process' };
  const status = await attachment.status();
  if (!status.attached) return { ok: false, line: status.cause?.line ?? 'not_attached: the substrate attachment is not authenticated' };
  const shared: SharedLedger | undefined = services.sharedLedger;
  if (!shared) return { ok: false, line: 'not_attached: the shared ledger is not available in this process' };
  const ctx = cellContext(services);
  if (!ctx.workspace.decided) return { ok: false, line: `workspace_undetermined: ${ctx.workspace.refusal}` };
  const root = ctx.workspace.path;
  const vesselId = services.author.of(root).vesselId;
  const client = new ConceptDbClient((pointer, opts) => attachment.resolve(pointer, opts));

  const detailsOf = async (conceptId: string): Promise<string> => {
    const row = await client.byId(conceptId);
    return row.ok && row.value && typeof row.value.content === 'string' ? headerBlock(row.value.content).body.trim() : '';
  };
  const toCell = (row: RecalledFindingRow, closed: boolean, details = ''): CellFinding => ({
    findingId: row.findingIds[0] ?? row.conceptId,
    conceptId: row.conceptId,
    findingIds: row.findingIds,
    summary: row.summary,
    severity: row.severity,
    category: row.task ? 'task' : row.category,
    files: row.files,
    details,
    recordedBy: row.recordedBy,
    createdAt: row.createdAt,
    claim: closed ? undefined : claimOf(row, services.clock.now()),
    pending: row.tags.some((t) => t.startsWith('fix pending')),
    closed,
  });
  const recall = async () => {
    const read = await shared.recall({ root, vesselId });
    return read.ok ? { ok: true as const, value: read.value } : { ok: false as const, line: read.cause.line };
  };

  let recalledOnce: ReturnType<typeof recall> | undefined;
  const ledger: CellLedger = {
    vesselId,
    async openFindings(): Promise<LedgerRead<CellFinding[]>> {
      const read = await recall();
      if (!read.ok) return read;
      const tasks: CellFinding[] = [];
      for (const row of read.value.openTasks.slice(0, DETAILS_READ)) tasks.push(toCell(row, false, await detailsOf(row.conceptId)));
      return { ok: true, value: [...tasks, ...read.value.open.map((row) => toCell(row, false))] };
    },
    async claim(finding, minutes): Promise<ClaimOutcome> {
      const answer = await toolAnswer(services, 'claim_finding', { problem_id: finding.conceptId ?? finding.findingId, action: 'claim', minutes });
      const until = untilOf(answer.text);
      if ((answer.result === 'claimed' || answer.result === 'renewed') && until !== undefined && vesselId) return { state: 'held', holder: vesselId, until };
      if (answer.result === 'held' || answer.result === 'lost') {
        const holder = /claimed by (\S{1,200}) until/.exec(answer.text)?.[1];
        return { state: 'lost', line: firstLine(answer.text), holder, until };
      }
      if (answer.result === 'unsettled') return { state: 'unsettled', line: firstLine(answer.text) };
      return { state: 'refused', line: firstLine(answer.text) };
    },
    async withdraw(finding): Promise<LedgerRead<void>> {
      const answer = await toolAnswer(services, 'claim_finding', { problem_id: finding.conceptId ?? finding.findingId, action: 'release' });
      return answer.result === 'released' ? { ok: true, value: undefined } : { ok: false, line: firstLine(answer.text) };
    },
    async conventions(repos): Promise<LedgerRead<Array<{ conceptId: string; author?: string; createdAt: number; content: string }>>> {
      const read = await client.search({ shape: 'project_convention', limit: CONVENTIONS_READ });
      if (!read.ok) return { ok: false, line: read.cause.line };
      const wanted = new Set(repos.map((r) => r.toLowerCase()));
      const out = [];
      for (const row of read.value) {
        const content = typeof row.content === 'string' ? row.content : '';
        // SPEC §task pull: a convention "for the repository". One that names no repository is for
        // none: it would otherwise steer the pushes of every repository the key reaches.
        const repo = headerValue(headerBlock(content), 'repo')?.toLowerCase();
        if (!repo || !wanted.has(repo)) continue;
        const created = typeof row.created_at === 'string' ? Date.parse(row.created_at) : NaN;
        out.push({ conceptId: plainConceptId(row.id), author: conventionAuthor(content), createdAt: Number.isFinite(created) ? created : 0, content });
      }
      return { ok: true, value: out };
    },
    async finding(findingId): Promise<LedgerRead<CellFinding | undefined>> {
      // One recall serves every finding a close names: a verdict written on one changes no other's standing.
      recalledOnce ??= recall();
      const read = await recalledOnce;
      if (!read.ok) return read;
      const { open, openTasks, closed, closedTasks } = read.value;
      const has = (row: RecalledFindingRow) => row.findingIds.includes(findingId);
      const openRow = [...openTasks, ...open].find(has);
      if (openRow) return { ok: true, value: toCell(openRow, false) };
      const closedRow = [...closedTasks, ...closed].find(has);
      return { ok: true, value: closedRow ? toCell(closedRow, true) : undefined };
    },
    async endorse(finding, commit, target): Promise<LedgerRead<string>> {
      if (!finding.conceptId) return { ok: false, line: `${finding.findingId} has no concept to write a verdict on` };
      const scope = await ledgerScope(ctx);
      const answer = await verdictFromRecalled(ctx, shared, scope, finding.conceptId, 'endorse', commit, { againstRef: `refs/remotes/origin/${target}` });
      if (!answer) return { ok: false, line: `${finding.conceptId} is not in concept-db` };
      if (answer.isError || (answer.result !== 'ok' && answer.result !== 'not_shared' && answer.result !== 'pending'))
        return { ok: false, line: firstLine(answer.text) };
      return { ok: true, value: firstLine(answer.text) };
    },
    async awaitingMerge(finding, commit, target, remoteBranches): Promise<LedgerRead<string>> {
      const scope = await ledgerScope(ctx);
      const lines = [
        'verdict: fix pending (awaiting merge)',
        `fix: commit ${commit}`,
        'fix_claimed: yes',
        'fix_via: trailer',
        `fix_remote_branches: ${remoteBranches.join(', ')}`,
        `fix_target: ${target}`,
        `repo: ${scope.repo.identity}`,
        `repo_name: ${scope.repo.name}`,
        `files: ${finding.files.join(', ')}`,
        ...(vesselId ? [`reviewed_by: ${vesselId}`] : []),
        `session: ${services.sessionId}`,
        'origin: remote',
      ];
      const written = await shareVerdict(ctx, { findingIds: finding.findingIds, conceptId: finding.conceptId }, lines, '[verdict:pending]');
      return written.shared ? { ok: true, value: 'verdict: fix pending (awaiting merge) written' } : { ok: false, line: written.line };
    },
  };
  return { ok: true, ledger };
}
