// Which files the index keeps when the file cap binds (READING-NOTES "Where this project goes
// past the spec's numbers": caps): the ones an agent works on first, and the rest named by
// folder. Order: files the agent named as recently changed, then files git tracks, then the
// workspace's own sources before vendored and fixture trees, then path order (so the same
// tree and the same git index always give the same cut). Which files git tracks comes from the
// caller (core/git/tracked-files.ts), asked only when the cap binds.
import type { ScannedFile } from './scan-workspace.ts';

/** Folders whose files are someone else's code or test data, kept after the workspace's own. */
export const SECONDARY_FOLDERS: ReadonlySet<string> = new Set([
  'vendor',
  'vendored',
  'third_party',
  'third-party',
  'thirdparty',
  'external',
  'deps',
  'node_modules',
  'fixtures',
  '__fixtures__',
  'testdata',
  'test-data',
  '__snapshots__',
  'dist',
  'build',
  'out',
  'generated',
]);

export function isSecondary(file: string): boolean {
  return file
    .split('/')
    .slice(0, -1)
    .some((d) => SECONDARY_FOLDERS.has(d));
}

export interface CapChoice {
  kept: ScannedFile[];
  overCap: string[];
  /** Whether git said which files it tracks (a checkout where `git ls-files` answered). */
  byGit: boolean;
}

/** Keeps `max` of `files` in the order above; `tracked` absent leaves that key out. */
export function chooseUnderCap(files: ScannedFile[], max: number, tracked: Set<string> | undefined, recent: ReadonlySet<string>): CapChoice {
  if (files.length <= max) return { kept: files, overCap: [], byGit: tracked !== undefined };
  const rank = (f: string) => (recent.has(f) ? 0 : 4) + (tracked && !tracked.has(f) ? 2 : 0) + (isSecondary(f) ? 1 : 0);
  const ranked = files.map((f, i) => ({ f, i, r: rank(f.file) })).sort((a, b) => a.r - b.r || a.i - b.i);
  const kept = ranked.slice(0, max).sort((a, b) => a.i - b.i);
  return {
    kept: kept.map((k) => k.f),
    overCap: ranked
      .slice(max)
      .map((k) => k.f.file)
      .sort(),
    byGit: tracked !== undefined,
  };
}

/** The folder a left-out file is counted under: its first two levels (`third_party/zlib/`), or `./` at the root. */
function folderOf(file: string): string {
  const dirs = file.split('/').slice(0, -1);
  return dirs.length === 0 ? './' : `${dirs.slice(0, 2).join('/')}/`;
}

/** The folders holding the most left-out files, most first: [folder, count]. */
export function topFolders(files: readonly string[], top = 5): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const f of files) counts.set(folderOf(f), (counts.get(folderOf(f)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top);
}
