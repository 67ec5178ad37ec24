// The one way this server opens a SQLite file in the user's metabob home (the local store, the
// agent-resolver queue): owner-only, WAL, a busy timeout.
//
// A database file, or its -wal / -shm, that is a symbolic link is refused before anything is
// opened, created or chmod-ed: SQLite would follow the link, so findings (which can hold pasted
// secrets) would go wherever it points, and setting the mode through it would chmod the
// target, or create it when the link dangles. The modes are set only on a regular file this
// user owns: a new database file through a descriptor opened without following a link
// (makeOwnerOnly), existing files by path (makeOwnerOnlyByPath, which says why).
import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { makeOwnerOnly, makeOwnerOnlyByPath } from '../config/metabob-home.ts';
import { log } from '../log.ts';

export const BUSY_TIMEOUT_MS = 10_000;
const SIDES = ['-wal', '-shm'];

/** A database path refused before it was opened; its message is the reason the store's cause line gives. */
export class DatabaseFileRefused extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file} ${reason}`);
    this.name = 'DatabaseFileRefused';
  }
}

/**
 * Why `path` (or its -wal / -shm) may not be opened, or undefined when it may: a symbolic link,
 * or something other than a regular file. Read with lstat, so a link is seen as a link and
 * nothing is followed. Doctor asks the same before it reads the store.
 */
export function databaseFileRefusal(path: string): DatabaseFileRefused | undefined {
  for (const file of [path, ...SIDES.map((side) => path + side)]) {
    let st;
    try {
      st = lstatSync(file);
    } catch {
      // Absent (SQLite creates it), or unreadable (the open says why).
      continue;
    }
    if (st.isSymbolicLink()) {
      return new DatabaseFileRefused(file, 'is a symbolic link, which is not followed; remove it, or set METABOB_HOME to a folder of your own');
    }
    if (!st.isFile()) return new DatabaseFileRefused(file, 'is not a regular file; move it aside, or set METABOB_HOME to a folder of your own');
  }
  return undefined;
}

/** Opens (creating) `path` 0600 in a 0700 folder; throws DatabaseFileRefused, or what better-sqlite3 throws. */
export function openOwnerOnlyDatabase(Database: typeof BetterSqlite3, path: string): BetterSqlite3.Database {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const refused = databaseFileRefusal(path);
  if (refused) throw refused;
  // SQLite creates the -wal and -shm files with the database file's mode, so an owner-only
  // database file keeps all three owner-only; sides an older binary left are set too, before the
  // open. A new database file is created owner-only before any connection holds it.
  const loose = [existsSync(path) ? makeOwnerOnlyByPath(path) : makeOwnerOnly(path, true), ...SIDES.map((side) => makeOwnerOnlyByPath(path + side))];
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    for (const line of loose) if (line) log.warn(line);
    // NORMAL in WAL mode: a committed transaction survives the process being killed.
    db.pragma('synchronous = NORMAL');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
