// SPEC §path_activity "Read": the whole gap store is about 13 MB on a busy node, so its read is
// cached per attachment (the caller's key names it): fresh for 5 minutes, then served stale for up
// to 30 minutes while one background read refreshes it, and concurrent callers share one read,
// so agents checking on every edit do not each load the store's holder. Only a successful read
// is kept; a failed one is the caller's to report and the next call reads again.

export const GAP_CACHE_FRESH_MS = 5 * 60_000;
export const GAP_CACHE_STALE_MS = 30 * 60_000;

export interface CachedRead<T> {
  value: T;
  readAt: number;
}

export type ReadOutcome<T> = { ok: true; value: T } | { ok: false; failure: unknown };

interface Entry<T> {
  cached?: CachedRead<T>;
  inFlight?: Promise<ReadOutcome<T>>;
}

export class GapReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly clock: { now(): number },
    private readonly onBackgroundFailure: (key: string, failure: unknown) => void = () => {},
  ) {}

  /**
   * The cached read when fresh, the stale one (with one background refresh started) when under
   * 30 minutes old, else the read itself, shared with every caller waiting on the same key.
   */
  async get(key: string, read: () => Promise<ReadOutcome<T>>): Promise<ReadOutcome<T> & { readAt?: number; stale?: boolean }> {
    const entry = this.entryOf(key);
    const cached = entry.cached;
    const age = cached ? this.clock.now() - cached.readAt : Infinity;
    if (cached && age < GAP_CACHE_FRESH_MS) return { ok: true, value: cached.value, readAt: cached.readAt, stale: false };
    if (cached && age < GAP_CACHE_STALE_MS) {
      if (!entry.inFlight) {
        void this.start(entry, read).then((outcome) => {
          if (!outcome.ok) this.onBackgroundFailure(key, outcome.failure);
        });
      }
      return { ok: true, value: cached.value, readAt: cached.readAt, stale: true };
    }
    const outcome = await (entry.inFlight ?? this.start(entry, read));
    return outcome.ok ? { ...outcome, readAt: entry.cached?.readAt, stale: false } : outcome;
  }

  /** The cached read if any (stale included, never past 30 minutes), without starting a read. */
  peek(key: string): CachedRead<T> | undefined {
    const cached = this.entries.get(key)?.cached;
    if (!cached || this.clock.now() - cached.readAt >= GAP_CACHE_STALE_MS) return undefined;
    return cached;
  }

  private entryOf(key: string): Entry<T> {
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = {}));
    return entry;
  }

  private start(entry: Entry<T>, read: () => Promise<ReadOutcome<T>>): Promise<ReadOutcome<T>> {
    const startedAt = this.clock.now();
    const inFlight = read()
      .catch((failure: unknown): ReadOutcome<T> => ({ ok: false, failure }))
      .then((outcome) => {
        if (outcome.ok) entry.cached = { value: outcome.value, readAt: startedAt };
        entry.inFlight = undefined;
        return outcome;
      });
    entry.inFlight = inFlight;
    return inFlight;
  }
}
