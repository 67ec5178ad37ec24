// SPEC §finding close: close by commit. A cell closes only the findings its own commits name
// in a Fixes-Finding: trailer, judged against the freshly fetched target: merged closes through
// mark_complete's checks, pushed-but-not-merged stays pending, reverted and unpushed write
// nothing. Only finding ids and shas are sent, never commit text.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { commitsFromText, commitsInRange, fetchTarget, fixStanding, trailerIds, type FixStanding } from '../git/fix-trailers.ts';
import type { CellLedger } from './cell-ledger.ts';
import { targetBranch, type IntegrationPolicy } from './task-policy.ts';

export const CLOSE_EXIT = { done: 0, failed: 1, notAttached: 2 } as const;
export type CloseExit = (typeof CLOSE_EXIT)[keyof typeof CLOSE_EXIT];

export interface FindingCloseInput {
  commitsFrom?: string;
  commits?: string;
  target?: string;
  workDir: string;
  task?: string;
}

export type CloseOutcome = 'closed' | 'pending' | 'reverted' | 'unpushed' | 'unknown' | 'already_closed' | 'failed';

export interface FindingCloseResult {
  exit: CloseExit;
  lines: string[];
  json: Record<string, unknown>;
}

const TASK_FILE_MAX = 1024 * 1024;

/** The task.json a pull wrote: its id and policy, read with a cap. */
function readTask(path: string): { ok: true; id?: string; policy?: IntegrationPolicy } | { ok: false; line: string } {
  try {
    const text = readFileSync(path, 'utf8');
    if (text.length > TASK_FILE_MAX) return { ok: false, line: `task_unreadable: ${path} is over 1 MiB` };
    const parsed = JSON.parse(text) as { task_id?: unknown; policy?: IntegrationPolicy };
    return { ok: true, id: typeof parsed.task_id === 'string' ? parsed.task_id : undefined, policy: parsed.policy };
  } catch (err) {
    return { ok: false, line: `task_unreadable: ${path}: ${(err as Error).message}` };
  }
}

/** The best standing among the commits claiming one finding: merged over pending over unpushed; a revert counts when nothing else merged. */
function best(standings: FixStanding[]): FixStanding | undefined {
  const order: FixStanding['state'][] = ['merged', 'reverted', 'pending', 'unpushed'];
  return [...standings].sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state))[0];
}

// @anchor runFindingClose
export async function runFindingClose(input: FindingCloseInput, ledger: CellLedger): Promise<FindingCloseResult> {
  const workDir = resolve(input.workDir);
  const fail = (line: string): FindingCloseResult => ({ exit: CLOSE_EXIT.failed, lines: [line], json: { exit: 1, error: line } });
  let commits: string[];
  if (input.commitsFrom !== undefined) {
    let text: string;
    try {
      text = readFileSync(input.commitsFrom, 'utf8').slice(0, TASK_FILE_MAX);
    } catch (err) {
      return fail(`commits_unreadable: ${input.commitsFrom}: ${(err as Error).message}`);
    }
    const read = commitsFromText(text);
    if (!read.ok) return fail(`commits_unreadable: ${input.commitsFrom}: ${read.line}`);
    commits = read.commits;
  } else {
    const read = await commitsInRange(workDir, input.commits ?? '');
    if (!read.ok) return fail(`commits_unreadable: ${read.line}`);
    commits = read.commits;
  }
  const task = input.task ? readTask(input.task) : undefined;
  if (task && !task.ok) return fail(task.line);
  const target = targetBranch(input.target, task?.ok ? task.policy : undefined, task?.ok ? task.id : undefined);
  const claimed = await trailerIds(workDir, commits);
  if (!claimed.ok) return fail(`commits_unreadable: ${claimed.line}`);
  if (claimed.ids.size === 0) {
    return {
      exit: CLOSE_EXIT.done,
      lines: [`No Fixes-Finding: trailer in the ${commits.length} commit(s); nothing to close.`],
      json: { exit: 0, target, findings: [] },
    };
  }
  const fetched = await fetchTarget(workDir, target);
  if (!fetched.ok) return fail(fetched.line);

  const findings: Array<{ finding_id: string; outcome: CloseOutcome; commit?: string; line: string }> = [];
  for (const [findingId, shas] of claimed.ids) {
    const report = (outcome: CloseOutcome, line: string, commit?: string) => findings.push({ finding_id: findingId, outcome, commit, line });
    const read = await ledger.finding(findingId);
    if (!read.ok) {
      report('failed', read.line);
      continue;
    }
    const finding = read.value;
    if (!finding) {
      // The recall reads this repository's findings only (its super-repo / vessel aliases included), so another repository's is unknown here too.
      report('unknown', `${findingId}: not a finding of this repository the ledger knows; nothing was written`);
      continue;
    }
    if (finding.closed) {
      report('already_closed', `${findingId}: already closed; nothing was written`);
      continue;
    }
    const standings: FixStanding[] = [];
    let gitFailure: string | undefined;
    for (const sha of shas) {
      const standing = await fixStanding(workDir, target, findingId, sha);
      if ('state' in standing) standings.push(standing);
      else gitFailure = standing.line;
    }
    const standing = best(standings);
    if (!standing) {
      report('failed', `${findingId}: git could not say where the fix stands (${gitFailure ?? 'no commit'}); nothing was written`);
      continue;
    }
    if (standing.state === 'merged') {
      const endorsed = await ledger.endorse(finding, standing.commit, target, workDir);
      if (endorsed.ok) report('closed', `${findingId}: merged into ${target} as ${standing.commit.slice(0, 12)}; ${endorsed.value}`, standing.commit);
      else report('failed', `${findingId}: merged into ${target}, but the endorse was not written (${endorsed.line})`, standing.commit);
    } else if (standing.state === 'reverted') {
      report(
        'reverted',
        `${findingId}: the fix ${standing.commit.slice(0, 12)} was reverted on ${target} by ${standing.revertedBy.slice(0, 12)}; nothing was written`,
        standing.commit,
      );
    } else if (standing.state === 'pending') {
      const written = await ledger.awaitingMerge(finding, standing.commit, target, standing.remoteBranches);
      if (written.ok)
        report('pending', `${findingId}: pushed on ${standing.remoteBranches.join(', ')}, awaiting merge into ${target}; ${written.value}`, standing.commit);
      else report('failed', `${findingId}: pushed but not merged; the pending verdict was not written (${written.line})`, standing.commit);
    } else {
      report(
        'unpushed',
        `${findingId}: the fix ${standing.commit.slice(0, 12)} is on no remote branch; push it, then run finding close again; nothing was written`,
        standing.commit,
      );
    }
  }
  const failed = findings.some((f) => f.outcome === 'failed');
  return {
    exit: failed ? CLOSE_EXIT.failed : CLOSE_EXIT.done,
    lines: [`finding close against origin/${target} (${commits.length} commit(s)):`, ...findings.map((f) => `  ${f.line}`)],
    json: { exit: failed ? 1 : 0, target, findings },
  };
}
