// The local store (SPEC §get_problems "LocalStore"): one SQLite file under the user's metabob
// directory, WAL, a busy timeout, versioned migrations. better-sqlite3 is native, so it is
// imported on first use, never at server start (SPEC §init_workspace `lazy-native`).
import type BetterSqlite3 from 'better-sqlite3';
import { SCHEMA_VERSION } from './schema-version.ts';
import { MIGRATIONS } from './migrations.ts';
import { storePath } from '../config/metabob-home.ts';
import { DatabaseFileRefused, openOwnerOnlyDatabase } from './owner-only-database.ts';
import { SeedTable } from './seed-table.ts';
import { log } from '../log.ts';
import type { BinaryDrift, StoreMeta } from './store-meta.ts';
import { realPathOrSelf } from '../process/real-path.ts';

/** Two server processes on one store wait this long for each other's write lock. */
export { BUSY_TIMEOUT_MS } from './owner-only-database.ts';

export type StoreOpen = { ok: true; store: LocalStore } | { ok: false; cause: string };

export class LocalStore extends SeedTable {
  constructor(
    db: BetterSqlite3.Database,
    readonly path: string,
  ) {
    super(db);
  }

  /** The highest migration applied to this file, by whichever binary applied it. */
  storedVersion(): number {
    const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
    return row.v ?? 0;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function migrate(db: BetterSqlite3.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  // IMMEDIATE: two processes opening a new store at once must not both run migration 1.
  db.transaction(() => {
    const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
    const current = row.v ?? 0;
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(migration.version, Date.now());
    }
  }).immediate();
}

function storeUnavailable(path: string, reason: string): string {
  return `store_unavailable: the local findings store ${path} could not be opened (${reason}); ledger answers that need it are empty until it can`;
}

/** A store file refused before it was opened (a symbolic link, not a regular file): the file, and the fix. */
export function storeRefusedLine(refused: DatabaseFileRefused): string {
  return `store_unavailable: the local findings store was not opened: ${refused.message}; ledger answers that need it are empty until then`;
}

/** A store error during a call (a lock held past the busy timeout, a full disk), as one line. */
export function storeErrorLine(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return `store_unavailable: the local findings store failed (${e.code ? e.code + ': ' : ''}${e.message?.split('\n')[0] ?? String(err)})`;
}

/**
 * The session's local store: opened on first use (once per path), migrated, closed at
 * shutdown. Never throws: a store that cannot open is a named cause the caller puts in its
 * answer, and the next call tries again.
 */
export class LocalStoreService {
  private opened: LocalStore | undefined;
  private openFailure: { path: string; cause: string } | undefined;
  private opening: { path: string; promise: Promise<StoreOpen> } | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly onFirstOpen: (close: () => void) => void = () => {},
  ) {}

  open(): Promise<StoreOpen> {
    const path = storePath(this.env);
    const opened = this.opened;
    if (opened?.path === path && opened.db.open) return Promise.resolve({ ok: true, store: opened });
    // Concurrent calls share one attempt: a second open would close the first under its user.
    if (this.opening?.path !== path) {
      const attempt = { path, promise: this.openOnce(path) };
      this.opening = attempt;
      void attempt.promise.finally(() => {
        if (this.opening === attempt) this.opening = undefined;
      });
    }
    return this.opening!.promise;
  }

  /** The file the store is (or would be) at, for answers that name it. */
  path(): string {
    return storePath(this.env);
  }

  /** The store if this session has opened it; the `_meta` envelope must not open it. */
  openedStore(): LocalStore | undefined {
    return this.opened?.db.open ? this.opened : undefined;
  }

  close(): void {
    this.opened?.close();
    this.opened = undefined;
  }

  // What the store tells `_meta` (META-ENVELOPE §schema_version_at_index, §binary_drift_warning):
  // read on every call, so a newer binary migrating the file meanwhile shows at once. Before
  // this session has opened the store the fields do not apply and are left out.
  meta(workspace: string | undefined): StoreMeta | undefined {
    try {
      const store = this.openedStore();
      if (!store) return undefined;
      const stored = store.storedVersion();
      const binaryDrift: BinaryDrift | null =
        stored > SCHEMA_VERSION
          ? {
              stored_version: stored,
              running_version: SCHEMA_VERSION,
              remediation: `the local store ${store.path} was migrated by a newer metabob-mcp; upgrade this one (npm i -g @metabob/mcp) and restart it`,
            }
          : null;
      return { binaryDrift, schemaVersionAtIndex: workspace !== undefined ? store.workspaceSchemaVersion(storeScope(workspace)) : undefined };
    } catch {
      return undefined;
    }
  }

  private async openOnce(path: string): Promise<StoreOpen> {
    let Database: typeof BetterSqlite3;
    try {
      Database = (await import('better-sqlite3')).default;
    } catch (err) {
      return { ok: false, cause: storeUnavailable(path, `better-sqlite3 did not load: ${(err as Error).message.split('\n')[0]}`) };
    }
    let db: BetterSqlite3.Database | undefined;
    try {
      db = openOwnerOnlyDatabase(Database, path);
      migrate(db);
      if (!this.opened) this.onFirstOpen(() => this.close());
      this.opened?.close();
      const store = new LocalStore(db, path);
      this.opened = store;
      this.openFailure = undefined;
      const stored = store.storedVersion();
      if (stored > SCHEMA_VERSION) log.warn(`local store ${path} is at schema ${stored}, newer than this binary's ${SCHEMA_VERSION}`);
      return { ok: true, store };
    } catch (err) {
      try {
        db?.close();
      } catch {
        // already failing
      }
      const e = err as NodeJS.ErrnoException;
      const cause =
        e instanceof DatabaseFileRefused ? storeRefusedLine(e) : storeUnavailable(path, `${e.code ? e.code + ': ' : ''}${e.message.split('\n')[0]}`);
      if (this.openFailure?.cause !== cause) log.warn(cause);
      this.openFailure = { path, cause };
      return { ok: false, cause };
    }
  }
}

/** The workspace key seeds are scoped by: its real path, so a symlinked launch is one workspace. */
export function storeScope(workspace: string): string {
  return realPathOrSelf(workspace);
}
