// SPEC §mark_complete "Where the fix is", "An unpushed fix doesn't close the finding", "A fix
// only on task branches awaits its merge": where an endorsed fix lives, from the checkout's
// git state. Every git call goes through runGit, whose failures are classified, so a git
// call that timed out or failed is never read as "not a git checkout".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runGit, type GitResult } from '../git/run-git.ts';

/** Commit time may lead the finding's time by this much (clock skew between machines). */
export const CLOCK_SKEW_MS = 2 * 60_000;

export type FixLocation =
  /** The finding closes here: the verdict lines say where the fix is. */
  | { kind: 'closed'; lines: string[]; notes: string[] }
  /** A fix exists but does not close the finding yet (uncommitted, unpushed, awaiting merge). */
  | { kind: 'pending'; pending: 'uncommitted' | 'unpushed' | 'awaiting merge'; lines: string[]; notes: string[] }
  /** No verdict is written; `line` says why (a refused fix_commit, nothing here is the fix, git failed). */
  | { kind: 'none'; reason: 'refused' | 'not_here' | 'git_failed'; line: string };

export interface FixQuery {
  /** The workspace: where git runs. */
  root: string;
  /** The finding's files, workspace-relative. */
  files: string[];
  /** The finding's recorded time (earliest seed), ms; undefined when unknown. */
  findingTime: number | undefined;
  fixCommit?: string;
  /** Per git call; the runner's 20 s unless a test needs less. */
  gitTimeoutMs?: number;
}

class GitFailed extends Error {}

function gitFailedLine(r: Extract<GitResult, { ok: false }>): string {
  return `git_failed: ${r.line}; git did not answer, so where the fix is is unknown and nothing was recorded; try again`;
}

// Set per locateFix call; only tests pass one (production calls all use the runner's 20 s).
let timeoutMs: number | undefined;

/** Runs git; a timeout or failure aborts the whole check (never "not a git checkout"). */
async function git(cwd: string, args: string[], okCodes: number[] = []): Promise<string> {
  const r = await runGit(cwd, args, { timeoutMs });
  if (r.ok) return r.stdout;
  if (r.kind === 'failed' && r.code != null && okCodes.includes(r.code)) return '';
  throw new GitFailed(gitFailedLine(r));
}

function nulList(out: string): string[] {
  return out.split('\0').filter(Boolean);
}

/** `git status -z` entries as root-relative paths (renames give both sides). */
function statusPaths(out: string): string[] {
  const parts = nulList(out);
  const paths: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i];
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') paths.push(parts[++i]);
  }
  return paths;
}

async function commitFiles(top: string, sha: string): Promise<string[]> {
  return nulList(await git(top, ['diff-tree', '--no-commit-id', '--name-only', '-r', '-z', '-m', '--root', sha]));
}

async function currentBranch(top: string): Promise<string> {
  const r = await runGit(top, ['symbolic-ref', '--short', '-q', 'HEAD'], { timeoutMs });
  if (r.ok) return r.stdout.trim();
  if (r.kind === 'failed' && r.code === 1) return '(detached HEAD)';
  throw new GitFailed(gitFailedLine(r));
}

/** The push state of a chosen fix commit: closes, or stays pending unpushed / awaiting merge. */
async function pushState(top: string, sha: string, lines: string[], notes: string[]): Promise<FixLocation> {
  const remotes = (await git(top, ['remote']))
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  // A checkout with no remote at all closes: no other checkout could have its commits.
  if (remotes.length === 0) return { kind: 'closed', lines, notes };
  const holders = (await git(top, ['branch', '-r', '--contains', sha, '--format=%(refname:short)']))
    .split('\n')
    .map((s) => s.trim())
    .filter((b) => b && !remotes.includes(b) && !b.endsWith('/HEAD'));
  if (holders.length === 0) {
    return {
      kind: 'pending',
      pending: 'unpushed',
      lines: ['verdict: fix pending (unpushed)', ...lines, 'fix_pushed: no'],
      notes: [...notes, `No remote branch holds ${sha.slice(0, 12)}: push it, then mark_complete endorse again.`],
    };
  }
  // @anchor awaitingMerge
  const isTaskBranch = (b: string) => remotes.some((r) => b.startsWith(`${r}/task/`));
  if (holders.every(isTaskBranch)) {
    const head = await runGit(top, ['symbolic-ref', '--short', '-q', 'refs/remotes/origin/HEAD'], { timeoutMs });
    const target = head.ok && head.stdout.trim() ? head.stdout.trim().replace(/^origin\//, '') : 'main';
    return {
      kind: 'pending',
      pending: 'awaiting merge',
      lines: ['verdict: fix pending (awaiting merge)', ...lines, `fix_remote_branches: ${holders.join(', ')}`, `fix_target: ${target}`],
      notes: [
        ...notes,
        `The fix is only on task branches (${holders.join(', ')}): fetch and mark_complete endorse again once it is merged into ${target}, or run metabob-mcp finding close.`,
      ],
    };
  }
  return { kind: 'closed', lines, notes };
}

interface Checkout {
  top: string;
  /** The finding's files, relative to the repository root. */
  rootFiles: string[];
  branch: string;
  threshold: number | undefined;
}

async function checkNamedCommit(c: Checkout, given: string): Promise<FixLocation> {
  const resolved = await runGit(c.top, ['rev-parse', '--verify', '-q', `${given}^{commit}`], { timeoutMs });
  if (!resolved.ok) {
    if (resolved.kind === 'failed' && resolved.code === 1) {
      return {
        kind: 'none',
        reason: 'refused',
        line: `fix_commit_unknown: ${given} does not resolve to a commit in this checkout; nothing was recorded (fetch it, or name the fix commit)`,
      };
    }
    throw new GitFailed(gitFailedLine(resolved));
  }
  const sha = resolved.stdout.trim();
  const ancestor = await runGit(c.top, ['merge-base', '--is-ancestor', sha, 'HEAD'], { timeoutMs });
  if (!ancestor.ok && !(ancestor.kind === 'failed' && ancestor.code === 1)) throw new GitFailed(gitFailedLine(ancestor));
  if (!ancestor.ok) {
    return {
      kind: 'none',
      reason: 'refused',
      line: `fix_commit_not_in_head: ${sha.slice(0, 12)} is not in HEAD's history on ${c.branch}; nothing was recorded (merge or check out the fix first)`,
    };
  }
  const ct = Number((await git(c.top, ['show', '-s', '--format=%ct', sha])).trim()) * 1000;
  const touched = await commitFiles(c.top, sha);
  const touches = touched.some((f) => c.rootFiles.includes(f));
  const lines = [`fix: commit ${sha}`, `fix_branch: ${c.branch}`, 'fix_claimed: yes'];
  const notes: string[] = [];
  if (c.threshold !== undefined && ct >= c.threshold) {
    if (!touches) lines.push('fix_touches_finding_files: no');
  } else if (touches) {
    lines.push('fix_predates_finding: yes');
    notes.push(`${sha.slice(0, 12)} was committed before the finding was recorded; it is taken as the fix because it touches the finding's files.`);
  } else {
    return {
      kind: 'none',
      reason: 'refused',
      line: `fix_commit_predates_finding: ${sha.slice(0, 12)} was committed before the finding was recorded and touches none of its files (${c.rootFiles.join(', ')}); nothing was recorded`,
    };
  }
  return pushState(c.top, sha, lines, notes);
}

async function uncommittedOutside(c: Checkout): Promise<string[]> {
  const out = await git(c.top, ['status', '--porcelain=v1', '-z', '--untracked-files=no']);
  return statusPaths(out).filter((p) => !c.rootFiles.includes(p));
}

// @anchor fix-location
export async function locateFix(q: FixQuery): Promise<FixLocation> {
  timeoutMs = q.gitTimeoutMs;
  try {
    const probe = await runGit(q.root, ['rev-parse', '--show-toplevel', '--show-prefix'], { timeoutMs });
    if (!probe.ok) {
      // "Outside git" is only git saying so, or git missing; anything else is a failure.
      if (probe.kind === 'not_a_repository' || probe.kind === 'git_missing') {
        const why = probe.kind === 'git_missing' ? 'git is not installed' : 'not a git checkout';
        return {
          kind: 'closed',
          lines: [`fix: unknown (${why})`],
          notes: [`The workspace is not a git checkout (${probe.line}), so the fix closes without a commit.`],
        };
      }
      throw new GitFailed(gitFailedLine(probe));
    }
    const [top, prefix = ''] = probe.stdout.split('\n');
    const rootFiles = q.files.map((f) => prefix + f.replace(/^\.\//, ''));
    const c: Checkout = {
      top,
      rootFiles,
      branch: await currentBranch(top),
      threshold: q.findingTime === undefined ? undefined : q.findingTime - CLOCK_SKEW_MS,
    };

    // 1. Uncommitted changes in the finding's files come first, even with fix_commit.
    const dirty = statusPaths(await git(top, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...rootFiles]));
    if (dirty.length > 0) {
      return {
        kind: 'pending',
        pending: 'uncommitted',
        lines: ['verdict: fix pending (uncommitted)', 'fix: uncommitted', `fix_branch: ${c.branch}`, 'fix_base: HEAD', `fix_files: ${dirty.join(', ')}`],
        notes: [
          ...(q.fixCommit ? [`fix_commit ${q.fixCommit} was not applied: the finding's files have uncommitted changes, which come first.`] : []),
          'The fix is not committed yet: commit it, then mark_complete endorse again.',
        ],
      };
    }

    // 2. A named commit.
    if (q.fixCommit) return await checkNamedCommit(c, q.fixCommit);

    // 3. Files this checkout does not know, or only ignores.
    const hasHead = (await runGit(top, ['rev-parse', '--verify', '-q', 'HEAD'], { timeoutMs })).ok;
    const tracked = new Set(nulList(await git(top, ['ls-files', '-z', '--', ...rootFiles])));
    const inHistory = new Set<string>();
    if (hasHead) {
      for (const f of rootFiles) if ((await git(top, ['log', '-1', '--format=%H', 'HEAD', '--', f])).trim()) inHistory.add(f);
    }
    const known = rootFiles.filter((f) => tracked.has(f) || inHistory.has(f));
    if (known.length === 0) {
      const ignored = new Set((await git(top, ['check-ignore', '--no-index', '--', ...rootFiles], [1])).split('\n').filter(Boolean));
      if (rootFiles.every((f) => ignored.has(f))) {
        return {
          kind: 'closed',
          lines: ['fix: local (ignored files; no commit holds it)'],
          notes: ["The finding's files are ignored by git: the fix is local to this checkout, and no other checkout can check it."],
        };
      }
      if (!rootFiles.some((f) => existsSync(join(top, f)))) {
        return {
          kind: 'none',
          reason: 'not_here',
          line: `not_here: none of the finding's files (${rootFiles.join(', ')}) is known in this checkout (not on disk, not tracked, not in its history), so this is not where the fix is; nothing was recorded (endorse where the fix is, or discard it)`,
        };
      }
    }

    // 4. The newest commit since the finding touching its files.
    if (c.threshold === undefined) {
      return {
        kind: 'none',
        reason: 'not_here',
        line: 'not_here: the finding has no recorded time, so no commit can be shown to postdate it; nothing was recorded (endorse with fix_commit, or discard it)',
      };
    }
    if (hasHead) {
      const newest = (await git(top, ['log', '-1', '--format=%H %ct', 'HEAD', '--', ...rootFiles])).trim();
      const [sha, ct] = newest.split(' ');
      if (sha && Number(ct) * 1000 >= c.threshold) {
        return await pushState(top, sha, [`fix: commit ${sha}`, `fix_branch: ${c.branch}`], []);
      }
    }

    // 5. Uncommitted changes elsewhere: the fix may be among them.
    const elsewhere = await uncommittedOutside(c);
    if (elsewhere.length > 0) {
      return {
        kind: 'pending',
        pending: 'uncommitted',
        lines: ['verdict: fix pending (uncommitted)', 'fix: uncommitted', `fix_branch: ${c.branch}`, 'fix_base: HEAD', `fix_files: ${elsewhere.join(', ')}`],
        notes: [
          `No commit since the finding touches its files; uncommitted changes outside them (${elsewhere.join(', ')}) may be the fix: commit it, then mark_complete endorse again.`,
        ],
      };
    }

    // 6. A newer commit that touches none of the files is named, never taken.
    if (hasHead) {
      const [sha, ct] = (await git(top, ['log', '-1', '--format=%H %ct', 'HEAD'])).trim().split(' ');
      if (sha && Number(ct) * 1000 >= c.threshold) {
        const touched = await commitFiles(top, sha);
        return {
          kind: 'none',
          reason: 'not_here',
          line:
            `no_fix_commit: no commit since the finding touches its files (${rootFiles.join(', ')}); the newest commit since it, ${sha.slice(0, 12)}, touches ${touched.join(', ') || 'no files'} and is not taken as the fix. ` +
            `Nothing was recorded; if it is the fix, call mark_complete with fix_commit: "${sha}"`,
        };
      }
    }
    return {
      kind: 'none',
      reason: 'not_here',
      line: 'not_here: nothing in this checkout postdates the finding, so nothing here can be its fix; nothing was recorded (endorse where the fix is, or discard it)',
    };
  } catch (err) {
    if (err instanceof GitFailed) return { kind: 'none', reason: 'git_failed', line: err.message };
    throw err;
  }
}
