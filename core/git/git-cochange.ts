// Co-change mining (SPEC §architecture "Co-change comes from git history", §predict_cochanges):
// which files changed in the same commits as the given ones, over the last 500 commits,
// skipping commits that touch more than 30 files. Needs a git checkout and no index.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { runGit } from './run-git.ts';
import { readCommitHistory, type HistoryCommit } from './commit-history.ts';
import { isLockfileOrGenerated } from './generated-files.ts';
import { realPathOrSelf } from '../process/real-path.ts';

/** SPEC §architecture: the history window and the large-commit cut-off. */
export const COCHANGE_MAX_COMMITS = 500;
export const COCHANGE_MAX_FILES_PER_COMMIT = 30;
/** SPEC §predict_cochanges: `limit` max. */
export const COCHANGE_MAX_LIMIT = 50;

export type CochangeAnswer =
  | {
      status: 'ok';
      /** Workspace-relative files, best first: confidence, then commits, then path. */
      predictions: { file: string; confidence: number; commits: number }[];
      /** Commits in the window (not skipped) that touched at least one given file. */
      givenCommits: number;
      /** Commits read from the history window. */
      scannedCommits: number;
      /** Commits touching a given file that were skipped for touching more than 30 files. */
      skippedLargeCommits: number;
      /** Co-changing files whose confidence stayed under the threshold. */
      belowThreshold: number;
      /** Files at or above the threshold that `limit` left out. */
      pastLimit: number;
    }
  | { status: 'not_a_git_repository'; line: string }
  | { status: 'git_failed'; line: string };

interface RepoLocation {
  /** The workspace's path inside the repository, '' or ending in '/'. */
  prefix: string;
  toplevel: string;
}

type LocateAnswer = { ok: true; repo: RepoLocation } | { ok: false; answer: CochangeAnswer };

/**
 * The checkout's top level by the `.git` entry git itself looks for (a folder, or a file in
 * worktrees and submodules), walking up from the workspace. No process: a second spawn beside
 * the log costs as much as the log's own parse on a loaded machine (scripts/bench/cochange.ts).
 */
function findCheckoutTop(realRoot: string): string | undefined {
  for (let dir = realRoot; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Where the workspace sits in its checkout; rev-parse only when the `.git` walk finds nothing. */
async function locateRepository(root: string): Promise<LocateAnswer> {
  const realRoot = realPathOrSelf(resolve(root));
  const top = findCheckoutTop(realRoot);
  if (top !== undefined) {
    const rel = relative(top, realRoot).split(sep).join('/');
    return { ok: true, repo: { toplevel: top, prefix: rel ? rel + '/' : '' } };
  }
  // GIT_DIR / GIT_WORK_TREE, core.worktree or a bare repository: ask git.
  const result = await runGit(root, ['rev-parse', '--show-toplevel', '--show-prefix']);
  if (result.ok) {
    const [toplevel = '', prefix = ''] = result.stdout.split('\n');
    return { ok: true, repo: { toplevel, prefix } };
  }
  if (result.kind === 'not_a_repository' || result.kind === 'git_missing') {
    return { ok: false, answer: { status: 'not_a_git_repository', line: `not_a_git_repository: ${result.line}` } };
  }
  if (/must be run in a work tree/.test(result.stderr)) {
    return { ok: false, answer: { status: 'not_a_git_repository', line: `not_a_git_repository: ${root} is a bare repository or .git folder, not a checkout` } };
  }
  return { ok: false, answer: { status: 'git_failed', line: `git_failed: ${result.line}` } };
}

/** Given files (workspace-relative or absolute) as repository-relative paths; outside ones dropped. */
function repositoryPaths(root: string, files: string[], toplevel: string): Set<string> {
  const realRoot = realPathOrSelf(resolve(root));
  const out = new Set<string>();
  for (const given of files) {
    // A path argument reads `\` as a separator, as every tool's does (core/tools/workspace-path.ts).
    const file = given.trim().replace(/\\/g, '/');
    const absolute = isAbsolute(file) ? realPathOrSelf(resolve(file)) : resolve(realRoot, file);
    const rel = relative(toplevel, absolute);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
    out.add(sep === '/' ? rel : rel.split(sep).join('/'));
  }
  return out;
}

/** Counts, per candidate file, the commits it shares with the given files. */
export function scoreCochanges(
  commits: HistoryCommit[],
  given: Set<string>,
  isCandidate: (repoPath: string) => boolean,
): { counts: Map<string, number>; givenCommits: number; skippedLargeCommits: number } {
  const counts = new Map<string, number>();
  let givenCommits = 0;
  let skippedLargeCommits = 0;
  for (const commit of commits) {
    if (!commit.files.some((f) => given.has(f))) continue;
    if (commit.size > COCHANGE_MAX_FILES_PER_COMMIT) {
      skippedLargeCommits++;
      continue;
    }
    givenCommits++;
    for (const file of commit.files) {
      if (given.has(file) || !isCandidate(file)) continue;
      counts.set(file, (counts.get(file) ?? 0) + 1);
    }
  }
  return { counts, givenCommits, skippedLargeCommits };
}

/**
 * The predictions at or above `threshold`, best first (confidence, then path), at most
 * `limit` (capped at 50), and how many co-changing files stayed below the threshold.
 */
export function rankCochanges(
  counts: Map<string, number>,
  givenCommits: number,
  threshold: number,
  limit: number,
): { predictions: { file: string; confidence: number; commits: number }[]; belowThreshold: number; pastLimit: number } {
  // Compared as counts so that 3 of 10 meets a threshold of 0.3 despite float rounding.
  const minCommits = threshold * givenCommits - 1e-9;
  const above: { file: string; confidence: number; commits: number }[] = [];
  let belowThreshold = 0;
  for (const [file, commits] of counts) {
    if (commits >= minCommits) above.push({ file, confidence: commits / givenCommits, commits });
    else belowThreshold++;
  }
  // One denominator: more shared commits is higher confidence.
  above.sort((a, b) => b.commits - a.commits || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const cap = Math.max(0, Math.min(COCHANGE_MAX_LIMIT, Math.floor(limit)));
  return { predictions: above.slice(0, cap), belowThreshold, pastLimit: Math.max(0, above.length - cap) };
}

// @anchor mineGitCochanges
/**
 * Files that changed together with `files`, each with its confidence P(file | a given file
 * changed): the share of the given files' commits that also touched it (directional, as
 * SPEC §predict_cochanges defines it), and that commit count. Lockfiles and generated files
 * are never predicted; with a workspace below the repository root only files inside it are.
 */
export async function mineGitCochanges(
  root: string,
  files: string[],
  opts: { limit: number; threshold: number; maxCommits?: number; timeoutMs?: number },
): Promise<CochangeAnswer> {
  const maxCommits = opts.maxCommits ?? COCHANGE_MAX_COMMITS;
  // The log first: it names "not a git repository" itself, and its paths are repository-relative.
  const history = await readCommitHistory(root, { maxCommits, timeoutMs: opts.timeoutMs });
  if (!history.ok) {
    const failure = history.failure;
    if (failure.kind === 'not_a_repository' || failure.kind === 'git_missing') {
      return { status: 'not_a_git_repository', line: `not_a_git_repository: ${failure.line}` };
    }
    return { status: 'git_failed', line: `git_failed: ${failure.line}` };
  }
  const located = await locateRepository(root);
  if (!located.ok) return located.answer;
  const { prefix, toplevel } = located.repo;
  const given = repositoryPaths(root, files, toplevel);
  const isCandidate = (path: string) => path.startsWith(prefix) && !isLockfileOrGenerated(path.slice(prefix.length));
  const { counts, givenCommits, skippedLargeCommits } = scoreCochanges(history.commits, given, isCandidate);

  const { predictions, belowThreshold, pastLimit } = rankCochanges(counts, givenCommits, opts.threshold, opts.limit);
  return {
    status: 'ok',
    predictions: predictions.map((p) => ({ ...p, file: p.file.slice(prefix.length) })),
    givenCommits,
    scannedCommits: history.commits.length,
    skippedLargeCommits,
    belowThreshold,
    pastLimit,
  };
}
