// The user's metabob directory: the local store, the attached markers and the record of
// trusted project config files live here, each file owner-only.
// `~/.metabob` (os.homedir() honours HOME); METABOB_HOME names another directory, which
// tests use to point the store at a temp folder (or at a file, to see it fail).
import { chmodSync, closeSync, openSync, statSync } from 'node:fs';
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
 * A file that cannot be set (another user's) is named in the answer, not thrown: it still works.
 */
export function makeOwnerOnly(path: string, create = false): string | undefined {
  if (create) closeSync(openSync(path, 'a', 0o600));
  try {
    chmodSync(path, 0o600);
    return undefined;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' && !create) return undefined;
    return `${path} could not be made owner-only (${e.code ?? e.message}); run chmod 600 ${path}`;
  }
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
