// The one way this server opens a SQLite file in the user's metabob home (the local store, the
// agent-resolver queue): owner-only, WAL, a busy timeout.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { makeOwnerOnly } from '../config/metabob-home.ts';
import { log } from '../log.ts';

export const BUSY_TIMEOUT_MS = 10_000;

/** Opens (creating) `path` 0600 in a 0700 folder; throws what better-sqlite3 throws. */
export function openOwnerOnlyDatabase(Database: typeof BetterSqlite3, path: string): BetterSqlite3.Database {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // SQLite creates the -wal and -shm files with the database file's mode, so an owner-only
  // database file keeps all three owner-only; sides an older binary left are set too.
  const loose = [makeOwnerOnly(path, true)];
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    for (const side of ['-wal', '-shm']) loose.push(makeOwnerOnly(path + side));
    for (const line of loose) if (line) log.warn(line);
    // NORMAL in WAL mode: a committed transaction survives the process being killed.
    db.pragma('synchronous = NORMAL');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
