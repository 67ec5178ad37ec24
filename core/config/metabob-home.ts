// The user's metabob directory: the local store, the attached markers and the record of
// trusted project config files live here, each file owner-only.
// `~/.metabob` (os.homedir() honours HOME); METABOB_HOME names another directory, which
// tests use to point the store at a temp folder (or at a file, to see it fail).
import { chmodSync, closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `home` is the user's home directory; configuration passes its own so tests can use a temp one. */
export function metabobHome(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return env.METABOB_HOME ? resolve(env.METABOB_HOME) : join(home, '.metabob');
}

export function storePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(metabobHome(env), 'metabob.db');
}

/**
 * Makes a file the server writes in its home owner-only (0600), creating it when `create`.
 * The home's own mode is not enough: a pre-existing 0755 home, or a METABOB_HOME the server
 * did not create, would leave findings (which can hold pasted secrets) world-readable. Creation
 * modes pass through the umask and an existing file keeps its mode, so the mode is set after.
 * It is set through a descriptor opened without following a link, and only on a regular file
 * this user owns: a chmod by name would follow a planted link and change (or, creating, make)
 * its target. A file that cannot be set is named in the answer, not thrown: it still works.
 */
export function makeOwnerOnly(path: string, create = false): string | undefined {
  const access = create ? constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND : constants.O_RDONLY;
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO planted under the name fails the checks below instead of hanging the open.
    fd = openSync(path, access | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0), 0o600);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' && !create) return undefined;
    // Linux and macOS answer ELOOP for a link under O_NOFOLLOW; some BSDs EMLINK.
    if (e.code === 'ELOOP' || e.code === 'EMLINK') return `${path} is a symbolic link, so its mode was not set (nothing was changed through it); remove it`;
    return `${path} could not be made owner-only (${e.code ?? e.message}); run chmod 600 ${path}`;
  }
  try {
    const refused = modeRefusal(path, fstatSync(fd));
    if (refused) return refused;
    fchmodSync(fd, 0o600);
    return undefined;
  } catch (err) {
    return chmodFailure(path, err);
  } finally {
    closeSync(fd);
  }
}

/**
 * makeOwnerOnly for an existing file, by its path, never through a descriptor: for a SQLite file
 * another connection may hold. SQLite's locks are POSIX advisory locks, which a process drops on a
 * file whenever it closes any descriptor of it, so a descriptor opened and closed beside a
 * connection lets another process take itself for the only one and truncate the -shm under this
 * one's mapping (SIGBUS). Checked with lstat first, so a link is refused, not followed (a link
 * swapped in between would need write access to this user's own 0700 home). Absent: nothing to do.
 */
export function makeOwnerOnlyByPath(path: string): string | undefined {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch {
    return undefined;
  }
  if (st.isSymbolicLink()) return `${path} is a symbolic link, so its mode was not set (nothing was changed through it); remove it`;
  const refused = modeRefusal(path, st);
  if (refused || (st.mode & 0o077) === 0) return refused;
  try {
    chmodSync(path, 0o600);
    return undefined;
  } catch (err) {
    return chmodFailure(path, err);
  }
}

/** Why a file's mode is not set: not a regular file, or another user's; undefined when it may be. */
function modeRefusal(path: string, st: Stats): string | undefined {
  if (!st.isFile()) return `${path} is not a regular file, so its mode was not set; move it aside`;
  const uid = process.platform === 'win32' ? undefined : process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return `${path} is owned by uid ${st.uid}, not this user (uid ${uid}), so its mode was not set`;
  return undefined;
}

function chmodFailure(path: string, err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return `${path} could not be made owner-only (${e.code ?? e.message}); run chmod 600 ${path}`;
}

/** The home's permission bits when group or others can read or enter it (doctor warns), else undefined. */
export function homeExposedMode(env: NodeJS.ProcessEnv = process.env): number | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const mode = statSync(metabobHome(env)).mode & 0o777;
    return mode & 0o077 ? mode : undefined;
  } catch {
    return undefined;
  }
}
