// The one way this server opens a SQLite file in the user's metabob home (the local store, the
// agent-resolver queue): owner-only, WAL, a busy timeout.
//
// A database file, or its -wal / -shm, that is a symbolic link is refused before anything is
// opened, created or chmod-ed: SQLite would follow the link, so findings (which can hold pasted
// secrets) would go wherever it points, and setting the mode through it would chmod the
// target, or create it when the link dangles. The modes are set through a descriptor opened
// without following a link (makeOwnerOnly), on a regular file this user owns.
import { chmodSync, existsSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { makeOwnerOnly } from '../config/metabob-home.ts';
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

/**
 * Sets an existing file owner-only by its path, never through a descriptor: SQLite's locks are
 * POSIX advisory locks, which a process drops on a file whenever it closes any descriptor of it,
 * so opening and closing the database or its -shm beside a connection (this process's or, for the
 * -shm, one about to be) let another server think it was the only one and truncate the -shm under
 * this one's mapping (SIGBUS). Checked with lstat first (databaseFileRefusal refused a link already).
 */
function ownerOnlyByPath(file: string): string | undefined {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return undefined;
  }
  if (!st.isFile()) return `${file} is not a regular file, so its mode was not set; move it aside`;
  const uid = process.platform === 'win32' ? undefined : process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return `${file} is owned by uid ${st.uid}, not this user (uid ${uid}), so its mode was not set`;
  if ((st.mode & 0o077) === 0) return undefined;
  try {
    chmodSync(file, 0o600);
    return undefined;
  } catch (err) {
    return `${file} could not be made owner-only (${(err as NodeJS.ErrnoException).code ?? String(err)}); run chmod 600 ${file}`;
  }
}

/** Opens (creating) `path` 0600 in a 0700 folder; throws DatabaseFileRefused, or what better-sqlite3 throws. */
export function openOwnerOnlyDatabase(Database: typeof BetterSqlite3, path: string): BetterSqlite3.Database {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const refused = databaseFileRefusal(path);
  if (refused) throw refused;
  // SQLite creates the -wal and -shm files with the database file's mode, so an owner-only
  // database file keeps all three owner-only; sides an older binary left are set too, before the
  // open and by path (ownerOnlyByPath says why). A new database file is created owner-only
  // through a descriptor that does not follow a link, before any connection holds it.
  const loose = [existsSync(path) ? ownerOnlyByPath(path) : makeOwnerOnly(path, true), ...SIDES.map((side) => ownerOnlyByPath(path + side))];
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
