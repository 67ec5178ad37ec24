// The git half of close by commit (SPEC §finding close): which findings a cell's commits claim
// to fix, by git's own trailer parse, and where each claimed fix stands against the target
// branch. Only finding ids and shas leave this module; commit text never does.
import { runGit, type GitResult } from './run-git.ts';

/** A finding id as record_finding mints it (`agf_` and a ULID-like tail). */
export const FINDING_ID = /^agf_[A-Za-z0-9_-]{1,64}$/;
/** A full or abbreviated commit sha. */
const SHA = /^[0-9a-f]{7,64}$/i;
/** At most this many commits are read from a --commits-from file or a range. */
export const MAX_COMMITS = 500;
/** At most this many findings one run closes. */
export const MAX_FINDINGS = 100;

export type GitFailure = Extract<GitResult, { ok: false }>;

/**
 * The commits of a --commits-from file: one sha per line (git rev-list's output), blank lines
 * skipped. Anything else on a line is refused with the line number, so a wrong file is seen.
 */
export function commitsFromText(text: string): { ok: true; commits: string[] } | { ok: false; line: string } {
  const commits: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (!SHA.test(line)) return { ok: false, line: `line ${i + 1} is not a commit sha (git rev-list origin/<target>..HEAD writes one per line)` };
    if (commits.length >= MAX_COMMITS) return { ok: false, line: `more than ${MAX_COMMITS} commits; close them in smaller ranges` };
    commits.push(line.toLowerCase());
  }
  return { ok: true, commits };
}

/** The commits of a range (`A..B`, `A...B` or one rev), newest first, through git rev-list. */
export async function commitsInRange(workDir: string, range: string): Promise<{ ok: true; commits: string[] } | { ok: false; line: string }> {
  if (range.startsWith('-') || range.length > 200 || /\s/.test(range)) return { ok: false, line: `"${range.slice(0, 80)}" is not a commit range (A..B)` };
  const listed = await runGit(workDir, ['rev-list', `--max-count=${MAX_COMMITS + 1}`, range, '--']);
  if (!listed.ok) return { ok: false, line: listed.line };
  const commits = listed.stdout.split('\n').filter(Boolean);
  if (commits.length > MAX_COMMITS) return { ok: false, line: `more than ${MAX_COMMITS} commits in ${range}; close them in smaller ranges` };
  return { ok: true, commits };
}

// @anchor trailerIds
/**
 * finding id -> the commits (of those given) whose Fixes-Finding: trailer names it, read by
 * git's own trailer parse (`%(trailers:key=...)`), so a line in the body that is not a
 * trailer claims nothing. Values that are not finding ids are skipped.
 */
export async function trailerIds(workDir: string, commits: string[]): Promise<{ ok: true; ids: Map<string, string[]> } | { ok: false; line: string }> {
  const ids = new Map<string, string[]>();
  if (commits.length === 0) return { ok: true, ids };
  const shown = await runGit(workDir, [
    'show',
    '-s',
    '--no-walk=unsorted',
    '--format=%H%x00%(trailers:key=Fixes-Finding,valueonly,separator=%x01)%x1e',
    ...commits,
    '--',
  ]);
  if (!shown.ok) return { ok: false, line: shown.line };
  for (const record of shown.stdout.split('\x1e')) {
    const [sha, values] = record.replace(/^\n/, '').split('\x00');
    if (!sha || values === undefined) continue;
    for (const raw of values.split('\x01')) {
      const id = raw.trim();
      if (!FINDING_ID.test(id)) continue;
      const list = ids.get(id) ?? [];
      if (!list.includes(sha)) list.push(sha);
      ids.set(id, list);
      if (ids.size > MAX_FINDINGS) return { ok: false, line: `the commits name more than ${MAX_FINDINGS} findings; close them in smaller ranges` };
    }
  }
  return { ok: true, ids };
}

/** `git fetch origin <target>` first: a stale view of the origin could misjudge what is merged. */
export async function fetchTarget(workDir: string, target: string): Promise<{ ok: true } | { ok: false; line: string }> {
  const fetched = await runGit(workDir, ['fetch', '--quiet', 'origin', `+refs/heads/${target}:refs/remotes/origin/${target}`], { timeoutMs: 60_000 });
  return fetched.ok ? { ok: true } : { ok: false, line: `fetch_failed: git fetch origin ${target} failed (${fetched.line}); nothing was written` };
}

export type FixStanding =
  /** The fix is in origin/<target>: `commit` is the one there (the claimed commit, or the one carrying the same trailer line). */
  | { state: 'merged'; commit: string }
  /** Merged, then reverted on the target by `revertedBy`. */
  | { state: 'reverted'; commit: string; revertedBy: string }
  /** On a remote branch but not in the target (under review). */
  | { state: 'pending'; commit: string; remoteBranches: string[] }
  /** On no remote branch. */
  | { state: 'unpushed'; commit: string };

/** Commits on origin/<target> whose message holds `needle`, newest first; `exactLine` keeps only those with it as a whole line. */
async function targetCommitsWith(workDir: string, target: string, needle: string, exactLine: boolean): Promise<string[] | GitFailure> {
  const found = await runGit(workDir, ['log', `refs/remotes/origin/${target}`, '-F', `--grep=${needle}`, '--format=%H%x00%B%x1e', '--max-count=50', '--']);
  if (!found.ok) return found;
  const out: string[] = [];
  for (const record of found.stdout.split('\x1e')) {
    const [sha, body] = record.replace(/^\n/, '').split('\x00');
    if (!sha || body === undefined) continue;
    if (!exactLine || body.split('\n').some((l) => l.trim() === needle)) out.push(sha);
  }
  return out;
}

/**
 * Where one claimed fix stands (SPEC §finding close): merged when the commit is in
 * origin/<target>'s history or a commit there carries the same `Fixes-Finding: <id>` line
 * anywhere in its message (a squash merge); reverted when a later commit there says
 * "This reverts commit <sha>"; pending when only some other remote branch holds it; else unpushed.
 */
export async function fixStanding(workDir: string, target: string, findingId: string, commit: string): Promise<FixStanding | GitFailure> {
  const ref = `refs/remotes/origin/${target}`;
  const ancestor = await runGit(workDir, ['merge-base', '--is-ancestor', commit, ref]);
  let merged: string | undefined;
  if (ancestor.ok) merged = commit;
  else if (ancestor.code !== 1) return ancestor;
  else {
    const carriers = await targetCommitsWith(workDir, target, `Fixes-Finding: ${findingId}`, true);
    if (!Array.isArray(carriers)) return carriers;
    merged = carriers[0];
  }
  if (merged) {
    for (const sha of new Set([merged, commit])) {
      const reverts = await targetCommitsWith(workDir, target, `This reverts commit ${sha}`, false);
      if (!Array.isArray(reverts)) return reverts;
      if (reverts[0]) return { state: 'reverted', commit: merged, revertedBy: reverts[0] };
    }
    return { state: 'merged', commit: merged };
  }
  const branches = await runGit(workDir, ['branch', '-r', '--contains', commit, '--format=%(refname:short)']);
  if (!branches.ok) return branches;
  const remoteBranches = branches.stdout
    .split('\n')
    .map((b) => b.trim())
    .filter((b) => b && !b.endsWith('/HEAD'));
  return remoteBranches.length > 0 ? { state: 'pending', commit, remoteBranches } : { state: 'unpushed', commit };
}
