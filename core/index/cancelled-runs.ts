// What a cancelled init_workspace leaves behind (SPEC §init_workspace): the graph stays the last
// complete run's, and the files the cancelled run parsed wait for the next run, which parses only
// the rest while their size and mtime hold.
import { INDEX_CANCELLED, INDEX_CANCELLED_LINE, type CachedFile, type IndexRunResult } from './index-run.ts';

export class CancelledRuns {
  /** Files a cancelled run parsed, kept for the next run while their size and mtime hold. */
  private readonly parsedAhead = new Map<string, CachedFile>();
  /** The last run was cancelled: how many files it had parsed (with any cancelled run's before it) of how many. */
  last: { parsed: number; total: number } | undefined;

  /** A cancelled run: keeps what it parsed, out of `total` files it meant to parse, and says so. */
  cancel(parsed: Map<string, CachedFile>, total: number): IndexRunResult {
    for (const [file, entry] of parsed) this.parsedAhead.set(file, entry);
    this.last = { parsed: this.parsedAhead.size, total: Math.max(total, this.parsedAhead.size) };
    return { ok: false, cause: INDEX_CANCELLED_LINE, code: INDEX_CANCELLED };
  }

  /** The file as a cancelled run parsed it, when its size and mtime are still those. */
  unchanged(file: string, size: number, mtimeMs: number): CachedFile | undefined {
    const ahead = this.parsedAhead.get(file);
    return ahead && ahead.size === size && ahead.mtimeMs === mtimeMs ? ahead : undefined;
  }

  /** A run completed: nothing is left from a cancelled one. */
  clear(): void {
    this.parsedAhead.clear();
    this.last = undefined;
  }
}
