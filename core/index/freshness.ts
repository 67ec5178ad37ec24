// Whether the index still describes the disk (READING-NOTES "Staleness is reported, not
// repaired"): by stat only, never by reading content. A file an answer covers is stale when its
// size or mtime changed or it is gone; files added beside indexed ones are seen by their
// directory's mtime, so a check costs one stat per covered file and one per indexed directory.
import { readdirSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

export interface IndexedStat {
  size: number;
  mtimeMs: number;
}

export interface Staleness {
  /** Covered files whose size or mtime changed since indexing. */
  changed: string[];
  /** Covered files that are gone. */
  deleted: string[];
  /** Files (or `dir/` for a new directory) beside indexed ones, not in the index, with an indexed extension. */
  added: string[];
}

/** At most this many names are listed per kind; the counts stay exact. */
export const STALE_LIST_CAP = 20;

export class IndexSnapshot {
  /** Directory (workspace-relative, '' for the root) -> its mtime when indexing finished. */
  private readonly directories = new Map<string, number>();

  constructor(
    private readonly root: string,
    private readonly files: ReadonlyMap<string, IndexedStat>,
    private readonly include: readonly string[],
    private readonly exclude: readonly string[],
  ) {
    for (const file of files.keys()) {
      const dir = parentOf(file);
      if (this.directories.has(dir)) continue;
      try {
        this.directories.set(dir, statSync(join(root, dir)).mtimeMs);
      } catch {
        // gone already: the next check reports its files deleted
      }
    }
  }

  /** The covered files (index-relative) that changed or are gone, and files added beside indexed ones. */
  check(covered: Iterable<string>): Staleness {
    const out: Staleness = { changed: [], deleted: [], added: [] };
    for (const file of new Set(covered)) {
      const known = this.files.get(file);
      if (!known) continue;
      try {
        const st = statSync(join(this.root, file));
        if (st.size !== known.size || st.mtimeMs !== known.mtimeMs) out.changed.push(file);
      } catch {
        out.deleted.push(file);
      }
    }
    for (const [dir, mtimeMs] of this.directories) {
      let now: number;
      try {
        now = statSync(join(this.root, dir)).mtimeMs;
      } catch {
        continue;
      }
      if (now === mtimeMs) continue;
      let entries;
      try {
        entries = readdirSync(join(this.root, dir), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        // A link is never indexed (symlinks.ts): its target is, where it really is.
        if (this.exclude.includes(entry.name) || entry.isSymbolicLink()) continue;
        if (entry.isDirectory()) {
          if (!this.directories.has(rel) && !entry.name.startsWith('.')) out.added.push(`${rel}/`);
        } else if (this.include.includes(extname(entry.name).toLowerCase()) && !this.files.has(rel)) out.added.push(rel);
      }
    }
    out.added.sort();
    return out;
  }
}

function parentOf(file: string): string {
  const dir = dirname(file);
  return dir === '.' ? '' : dir;
}

/** `a.ts, b.ts` or `a.ts, ... (25 more)`. */
function listed(files: string[]): string {
  const shown = files.slice(0, STALE_LIST_CAP).join(', ');
  return files.length > STALE_LIST_CAP ? `${shown} and ${files.length - STALE_LIST_CAP} more` : shown;
}

/** The line an answer starts with when the index is behind the disk, or undefined when it is not. */
export function stalenessLine(stale: Staleness): string | undefined {
  const parts: string[] = [];
  if (stale.changed.length) parts.push(`changed: ${listed(stale.changed)}`);
  if (stale.deleted.length) parts.push(`deleted: ${listed(stale.deleted)}`);
  if (stale.added.length) parts.push(`added and not indexed: ${listed(stale.added)}`);
  if (parts.length === 0) return undefined;
  return `index_stale: files changed on disk since init_workspace indexed them (${parts.join('; ')}); this answer reflects the index, not the disk. Call init_workspace to re-index.`;
}
