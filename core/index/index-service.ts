// The session's one index (SPEC §init_workspace): which root it covers, calls queued one after
// the other, and the parser's load failure remembered for the process.
import { LocalIndex } from './local-index.ts';
import { INDEX_CANCELLED, type IndexOptions, type IndexRunResult } from './index-run.ts';
import type { ExtractionCache } from './extraction-cache.ts';

/**
 * The session's index: one LocalIndex at a time, built by init_workspace. A different root
 * starts a new index; the same root re-parses only what changed.
 */
export class IndexService {
  private current: LocalIndex | undefined;
  /** `extractionCache`: the warm-start cache every index of this process uses; absent, none. */
  constructor(private readonly extractionCache?: ExtractionCache) {}

  private unavailableCause: string | undefined;
  private running: Promise<void> = Promise.resolve();

  /** The index, once init_workspace has built one. */
  currentIndex(): LocalIndex | undefined {
    return this.current;
  }

  /** `local_index_unavailable(<module>: <reason>)` once the parser failed to load in this process. */
  unavailable(): string | undefined {
    return this.unavailableCause;
  }

  /** Index (or re-index) a workspace root. */
  async indexWorkspace(root: string, options: IndexOptions = {}): Promise<{ index: LocalIndex; result: IndexRunResult }> {
    // Two init_workspace calls at once run one after the other: a run mutates the index's cache.
    const previous = this.running;
    let release!: () => void;
    this.running = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await this.indexNow(root, options);
    } finally {
      release();
    }
  }

  private async indexNow(root: string, options: IndexOptions): Promise<{ index: LocalIndex; result: IndexRunResult }> {
    const index = this.current && this.current.root === root ? this.current : new LocalIndex(root, this.extractionCache);
    if (this.unavailableCause) return { index, result: { ok: false, cause: this.unavailableCause } };
    const result = await index.run(options);
    if (!result.ok) {
      if (result.cause.startsWith('local_index_unavailable')) this.unavailableCause = result.cause;
      // A cancelled first index of a root is still the workspace's index: its answers say it was
      // cancelled and how to resume, never another root's graph.
      if (result.code === INDEX_CANCELLED) this.current = index;
      return { index, result };
    }
    this.current = index;
    return { index, result };
  }
}
