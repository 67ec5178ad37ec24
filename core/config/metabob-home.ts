// The user's metabob directory: the local store, the attached markers and the record of
// trusted project config files live here.
// `~/.metabob` (os.homedir() honours HOME); METABOB_HOME names another directory, which
// tests use to point the store at a temp folder (or at a file, to see it fail).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `home` is the user's home directory; configuration passes its own so tests can use a temp one. */
export function metabobHome(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return env.METABOB_HOME ? resolve(env.METABOB_HOME) : join(home, '.metabob');
}

export function storePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(metabobHome(env), 'metabob.db');
}
