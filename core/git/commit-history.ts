// The commit history co-change mining reads: one streaming `git log --name-status -M -z`,
// parsed as it arrives into each commit's files under their current names (SPEC §architecture
// "Co-change comes from git history"). Newest commit first, so a rename seen in a newer commit
// maps the older commits' old name onto the new one, and a deletion retires the older
// commits' name (the file they touched no longer exists).
import { runGit, type GitResult } from './run-git.ts';

export interface HistoryCommit {
  /** How many files git reports for the commit (a rename counts once). */
  size: number;
  /** Files touched, under their current repository-relative names; deleted files left out. */
  files: string[];
}

/** Marks a name whose file a newer commit deleted. */
const RETIRED = '';

const COMMIT_MARK = '\x01';

/**
 * Parses `git log --format=%x01 --name-status -z` output chunk by chunk. Tokens are NUL
 * separated; a commit starts with a token beginning with \x01; a status token (`M`, `A`, `D`,
 * `T`, `R093`, `C100`) is followed by one path, or two for renames and copies.
 */
export class NameStatusParser {
  readonly commits: HistoryCommit[] = [];
  /** Old name → current name (RETIRED when the file was deleted later). */
  private readonly currentName = new Map<string, string>();
  private rest = '';
  private current: { size: number; files: Set<string> } | undefined;
  private status = '';
  private pathsWanted = 0;
  private firstPath = '';

  push(chunk: string): void {
    const tokens = (this.rest + chunk).split('\0');
    this.rest = tokens.pop() ?? '';
    for (const token of tokens) this.token(token);
  }

  end(): HistoryCommit[] {
    if (this.rest) this.token(this.rest);
    this.rest = '';
    this.closeCommit();
    return this.commits;
  }

  private token(raw: string): void {
    const token = raw.charCodeAt(0) === 10 ? raw.slice(1) : raw;
    if (this.pathsWanted > 0) {
      this.path(token);
      return;
    }
    if (token.startsWith(COMMIT_MARK)) {
      this.closeCommit();
      this.current = { size: 0, files: new Set() };
      return;
    }
    if (token === '') return;
    this.status = token;
    const kind = token[0];
    this.pathsWanted = kind === 'R' || kind === 'C' ? 2 : 1;
  }

  private path(path: string): void {
    this.pathsWanted--;
    const kind = this.status[0];
    if ((kind === 'R' || kind === 'C') && this.pathsWanted === 1) {
      this.firstPath = path;
      return;
    }
    const commit = this.current;
    if (!commit) return;
    commit.size++;
    if (kind === 'D') {
      // The deleted file is gone from here on; its older commits touched nothing that exists.
      this.currentName.set(path, RETIRED);
      return;
    }
    const name = this.currentName.get(path) ?? path;
    if (kind === 'R') this.currentName.set(this.firstPath, name);
    if (name !== RETIRED) commit.files.add(name);
  }

  private closeCommit(): void {
    if (this.current) this.commits.push({ size: this.current.size, files: [...this.current.files] });
    this.current = undefined;
  }
}

export type HistoryAnswer = { ok: true; commits: HistoryCommit[] } | { ok: false; failure: Extract<GitResult, { ok: false }> };

/**
 * The exact `git log` arguments co-change mining runs (the benchmark runs them bare). Merge
 * commits are left out: `--name-status` lists no files for them, so counting them would only
 * shrink the window. `-z` prints paths verbatim (no quoting of spaces or non-ASCII names).
 */
export function historyLogArgs(maxCommits: number, rev?: string): string[] {
  return [
    'log',
    '--no-merges',
    '--no-color',
    '--no-show-signature',
    '--no-relative',
    '--no-ext-diff',
    '--no-textconv',
    '-M',
    '--name-status',
    '-z',
    '--format=%x01',
    `--max-count=${maxCommits}`,
    ...(rev ? [rev, '--'] : []),
  ];
}

/**
 * The last `maxCommits` non-merge commits reachable from `rev` (default HEAD), newest first.
 * A repository with no commits yet answers an empty history, not a failure.
 */
export async function readCommitHistory(cwd: string, opts: { maxCommits: number; rev?: string; timeoutMs?: number }): Promise<HistoryAnswer> {
  const parser = new NameStatusParser();
  const result = await runGit(cwd, historyLogArgs(opts.maxCommits, opts.rev), {
    onData: (chunk) => parser.push(chunk),
    timeoutMs: opts.timeoutMs,
  });
  if (!result.ok) {
    if (result.kind === 'failed' && /does not have any commits yet/.test(result.stderr)) return { ok: true, commits: [] };
    return { ok: false, failure: result };
  }
  return { ok: true, commits: parser.end() };
}
