// SPEC §mark_complete "Where the fix is", "An unpushed fix doesn't close the finding", "A fix
// only on task branches awaits its merge": where an endorsed fix lives, from the checkout's
// git state. Every git call goes through runGit, whose failures are classified, so a git
// call that timed out or failed is never read as "not a git checkout".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runGit, type GitResult } from '../git/run-git.ts';
import { fixPending, fixVerdictLines, type Fix, type FixPending, type FixPush } from './fix-verdict-lines.ts';

/** Commit time may lead the finding's time by this much (clock skew between machines). */
export const CLOCK_SKEW_MS = 2 * 60_000;

/** Why no verdict is written: the cause token `line` starts with. */
export type NoFixCause = 'fix_commit_unknown' | 'fix_commit_not_in_head' | 'fix_commit_predates_finding' | 'not_here' | 'no_fix_commit' | 'git_failed';

export type FixLocation =
  /** The finding closes here: `fix` says where the fix is, `lines` and `notes` are its rendering (fixVerdictLines). */
  | { kind: 'closed'; fix: Fix; lines: string[]; notes: string[] }
  /** A fix exists but does not close the finding yet (uncommitted, unpushed, awaiting merge). */
  | { kind: 'pending'; pending: FixPending; fix: Fix; lines: string[]; notes: string[] }
  /**
   * No verdict is written; `line` says why (a refused fix_commit, nothing here is the fix, git failed), `reason` is its cause
   * token, `data` what an agent acts on (the finding's workspace-relative files, the commit and its files).
   */
  | { kind: 'none'; reason: NoFixCause; line: string; data: Record<string, unknown> };

export interface FixQuery {
  /** The workspace: where git runs. */
  root: string;
  /** The finding's files, workspace-relative. */
  files: string[];
  /** The finding's recorded time (earliest seed), ms; undefined when unknown. */
  findingTime: number | undefined;
  fixCommit?: string;
  /**
   * Close by commit (SPEC §finding close): the named commit is checked against this ref (`refs/remotes/origin/<target>`)
   * instead of HEAD, and the checkout's own uncommitted changes do not hold the close back.
   */
  againstRef?: string;
  /** Per git call; the runner's 20 s unless a test needs less. */
  gitTimeoutMs?: number;
}

class GitFailed extends Error {}

function gitFailedLine(r: Extract<GitResult, { ok: false }>): string {
  return `git_failed: ${r.line}; git did not answer, so where the fix is is unknown and nothing was recorded; try again`;
}

/** One locateFix call's git, with that call's timeout: concurrent calls never share one. */
interface FixGit {
  /** Any answer, classified, for the caller to read. */
  run(cwd: string, args: string[]): Promise<GitResult>;
  /** stdout; a timeout or failure aborts the whole check (never "not a git checkout"); `okCodes` exits read as empty. */
  out(cwd: string, args: string[], okCodes?: number[]): Promise<string>;
}

function fixGit(timeoutMs: number | undefined): FixGit {
  const run = (cwd: string, args: string[]) => runGit(cwd, args, { timeoutMs });
  return {
    run,
    async out(cwd, args, okCodes = []) {
      const r = await run(cwd, args);
      if (r.ok) return r.stdout;
      if (r.kind === 'failed' && r.code != null && okCodes.includes(r.code)) return '';
      throw new GitFailed(gitFailedLine(r));
    },
  };
}

/** The located fix with its one rendering; closed or pending by the fix itself. */
function located(fix: Fix): FixLocation {
  const { lines, notes } = fixVerdictLines(fix);
  const pending = fixPending(fix);
  return pending ? { kind: 'pending', pending, fix, lines, notes } : { kind: 'closed', fix, lines, notes };
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

async function commitFiles(g: FixGit, top: string, sha: string): Promise<string[]> {
  // Names only, but a diff all the same: no external diff or textconv program (README "Git in untrusted repositories").
  return nulList(await g.out(top, ['diff-tree', '--no-ext-diff', '--no-textconv', '--no-commit-id', '--name-only', '-r', '-z', '-m', '--root', sha]));
}

async function currentBranch(g: FixGit, top: string): Promise<string> {
  const r = await g.run(top, ['symbolic-ref', '--short', '-q', 'HEAD']);
  if (r.ok) return r.stdout.trim();
  if (r.kind === 'failed' && r.code === 1) return '(detached HEAD)';
  throw new GitFailed(gitFailedLine(r));
}

/** The push state of a chosen fix commit: closes, or stays pending unpushed / awaiting merge. */
async function pushState(c: Checkout, sha: string): Promise<FixPush> {
  const remotes = (await c.git.out(c.top, ['remote']))
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  // A checkout with no remote at all closes: no other checkout could have its commits.
  if (remotes.length === 0) return { state: 'closes' };
  const holders = (await c.git.out(c.top, ['branch', '-r', '--contains', sha, '--format=%(refname:short)']))
    .split('\n')
    .map((s) => s.trim())
    .filter((b) => b && !remotes.includes(b) && !b.endsWith('/HEAD'));
  if (holders.length === 0) return { state: 'unpushed' };
  // @anchor awaitingMerge
  const isTaskBranch = (b: string) => remotes.some((r) => b.startsWith(`${r}/task/`));
  if (holders.every(isTaskBranch)) {
    const head = await c.git.run(c.top, ['symbolic-ref', '--short', '-q', 'refs/remotes/origin/HEAD']);
    const target = head.ok && head.stdout.trim() ? head.stdout.trim().replace(/^origin\//, '') : 'main';
    return { state: 'awaiting merge', remoteBranches: holders, target };
  }
  return { state: 'closes' };
}

interface Checkout {
  git: FixGit;
  top: string;
  /** The finding's files, relative to the workspace (as recorded) and to the repository root. */
  files: string[];
  rootFiles: string[];
  branch: string;
  threshold: number | undefined;
}

async function checkNamedCommit(c: Checkout, given: string, againstRef?: string): Promise<FixLocation> {
  const resolved = await c.git.run(c.top, ['rev-parse', '--verify', '-q', `${given}^{commit}`]);
  if (!resolved.ok) {
    if (resolved.kind === 'failed' && resolved.code === 1) {
      return {
        kind: 'none',
        reason: 'fix_commit_unknown',
        line: `fix_commit_unknown: ${given} does not resolve to a commit in this checkout; nothing was recorded (fetch it, or name the fix commit)`,
        data: { fix_commit: given },
      };
    }
    throw new GitFailed(gitFailedLine(resolved));
  }
  const sha = resolved.stdout.trim();
  const ancestor = await c.git.run(c.top, ['merge-base', '--is-ancestor', sha, againstRef ?? 'HEAD']);
  if (!ancestor.ok && !(ancestor.kind === 'failed' && ancestor.code === 1)) throw new GitFailed(gitFailedLine(ancestor));
  if (!ancestor.ok && againstRef) {
    return {
      kind: 'none',
      reason: 'fix_commit_not_in_head',
      line: `fix_commit_not_in_head: ${sha.slice(0, 12)} is not in ${againstRef.replace(/^refs\/remotes\//, '')}'s history; nothing was recorded`,
      data: { fix_commit: sha, ref: againstRef },
    };
  }
  if (!ancestor.ok) {
    return {
      kind: 'none',
      reason: 'fix_commit_not_in_head',
      line: `fix_commit_not_in_head: ${sha.slice(0, 12)} is not in HEAD's history on ${c.branch}; nothing was recorded (merge or check out the fix first)`,
      data: { fix_commit: sha, branch: c.branch },
    };
  }
  const ct = Number((await c.git.out(c.top, ['show', '-s', '--format=%ct', sha])).trim()) * 1000;
  const touched = await commitFiles(c.git, c.top, sha);
  const touches = touched.some((f) => c.rootFiles.includes(f));
  const postdates = c.threshold !== undefined && ct >= c.threshold;
  if (!postdates && !touches) {
    return {
      kind: 'none',
      reason: 'fix_commit_predates_finding',
      line: `fix_commit_predates_finding: ${sha.slice(0, 12)} was committed before the finding was recorded and touches none of its files (${c.rootFiles.join(', ')}); nothing was recorded`,
      data: { fix_commit: sha, files: c.files, commit_files: touched },
    };
  }
  // A claimed commit from before the finding is taken only because it touches the finding's files.
  return located({
    kind: 'commit',
    sha,
    branch: c.branch,
    claimed: true,
    touchesFindingFiles: touches,
    predatesFinding: !postdates,
    push: await pushState(c, sha),
  });
}

async function uncommittedOutside(c: Checkout): Promise<string[]> {
  const out = await c.git.out(c.top, ['status', '--porcelain=v1', '-z', '--untracked-files=no']);
  return statusPaths(out).filter((p) => !c.rootFiles.includes(p));
}

// @anchor fix-location
export async function locateFix(q: FixQuery): Promise<FixLocation> {
  const git = fixGit(q.gitTimeoutMs);
  try {
    const probe = await git.run(q.root, ['rev-parse', '--show-toplevel', '--show-prefix']);
    if (!probe.ok) {
      // "Outside git" is only git saying so, or git missing; anything else is a failure.
      if (probe.kind === 'not_a_repository' || probe.kind === 'git_missing') {
        return located({
          kind: 'outside_git',
          why: probe.kind === 'git_missing' ? 'git is not installed' : 'not a git checkout',
          gitLine: probe.line,
          fixCommitSkipped: q.fixCommit,
        });
      }
      throw new GitFailed(gitFailedLine(probe));
    }
    const [top, prefix = ''] = probe.stdout.split('\n');
    const rootFiles = q.files.map((f) => prefix + f.replace(/^\.\//, ''));
    const c: Checkout = {
      git,
      top,
      files: q.files,
      rootFiles,
      branch: await currentBranch(git, top),
      threshold: q.findingTime === undefined ? undefined : q.findingTime - CLOCK_SKEW_MS,
    };

    // 1. Uncommitted changes in the finding's files come first, even with fix_commit.
    const dirty = statusPaths(await git.out(top, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...rootFiles]));
    if (dirty.length > 0 && !q.againstRef)
      return located({ kind: 'uncommitted', branch: c.branch, files: dirty, where: 'finding_files', fixCommitSkipped: q.fixCommit });

    // 2. A named commit.
    if (q.fixCommit) return await checkNamedCommit(c, q.fixCommit, q.againstRef);

    // 3. Files this checkout does not know, or only ignores.
    const hasHead = (await git.run(top, ['rev-parse', '--verify', '-q', 'HEAD'])).ok;
    const tracked = new Set(nulList(await git.out(top, ['ls-files', '-z', '--', ...rootFiles])));
    const inHistory = new Set<string>();
    if (hasHead) {
      for (const f of rootFiles) if ((await git.out(top, ['log', '-1', '--format=%H', 'HEAD', '--', f])).trim()) inHistory.add(f);
    }
    const known = rootFiles.filter((f) => tracked.has(f) || inHistory.has(f));
    if (known.length === 0) {
      // Known means on disk, tracked or in the history; an ignored file that is nowhere is not
      // here either, so `fix: local` is only for ignored files that are there.
      if (!rootFiles.some((f) => existsSync(join(top, f)))) {
        return {
          kind: 'none',
          reason: 'not_here',
          line: `not_here: none of the finding's files (${rootFiles.join(', ')}) is known in this checkout (not on disk, not tracked, not in its history), so this is not where the fix is; nothing was recorded (endorse where the fix is, or discard it)`,
          data: { files: q.files },
        };
      }
      // A leading `./` keeps a name that starts with `:` from reading as pathspec magic (run-git.ts literalPathspecs).
      const asked = rootFiles.map((f) => `./${f}`);
      const answered = (await git.out(top, ['check-ignore', '--no-index', '--', ...asked], [1])).split('\n').filter(Boolean);
      const ignored = new Set(answered.map((f) => f.replace(/^\.\//, '')));
      if (rootFiles.every((f) => ignored.has(f))) return located({ kind: 'ignored' });
    }

    // 4. The newest commit since the finding touching its files.
    if (c.threshold === undefined) {
      return {
        kind: 'none',
        reason: 'not_here',
        line: 'not_here: the finding has no recorded time, so no commit can be shown to postdate it; nothing was recorded (endorse with fix_commit, or discard it)',
        data: { files: q.files },
      };
    }
    if (hasHead) {
      const newest = (await git.out(top, ['log', '-1', '--format=%H %ct', 'HEAD', '--', ...rootFiles])).trim();
      const [sha, ct] = newest.split(' ');
      if (sha && Number(ct) * 1000 >= c.threshold) {
        return located({
          kind: 'commit',
          sha,
          branch: c.branch,
          claimed: false,
          touchesFindingFiles: true,
          predatesFinding: false,
          push: await pushState(c, sha),
        });
      }
    }

    // 5. Uncommitted changes elsewhere: the fix may be among them.
    const elsewhere = await uncommittedOutside(c);
    if (elsewhere.length > 0) return located({ kind: 'uncommitted', branch: c.branch, files: elsewhere, where: 'elsewhere' });

    // 6. A newer commit that touches none of the files is named, never taken.
    if (hasHead) {
      const [sha, ct] = (await git.out(top, ['log', '-1', '--format=%H %ct', 'HEAD'])).trim().split(' ');
      if (sha && Number(ct) * 1000 >= c.threshold) {
        const touched = await commitFiles(git, top, sha);
        return {
          kind: 'none',
          reason: 'no_fix_commit',
          line:
            `no_fix_commit: no commit since the finding touches its files (${rootFiles.join(', ')}); the newest commit since it, ${sha.slice(0, 12)}, touches ${touched.join(', ') || 'no files'} and is not taken as the fix. ` +
            `Nothing was recorded; if it is the fix, call mark_complete with fix_commit: "${sha}"`,
          data: { files: q.files, commit: sha, commit_files: touched },
        };
      }
    }
    return {
      kind: 'none',
      reason: 'not_here',
      line: 'not_here: nothing in this checkout postdates the finding, so nothing here can be its fix; nothing was recorded (endorse where the fix is, or discard it)',
      data: { files: q.files },
    };
  } catch (err) {
    if (err instanceof GitFailed) return { kind: 'none', reason: 'git_failed', line: err.message, data: { files: q.files } };
    throw err;
  }
}
