// The user's metabob directory: the local store and the attached markers live here.
// `~/.metabob` (os.homedir() honours HOME); METABOB_HOME names another directory, which
// tests use to point the store at a temp folder (or at a file, to see it fail).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function metabobHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.METABOB_HOME ? resolve(env.METABOB_HOME) : join(homedir(), '.metabob');
}

export function storePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(metabobHome(env), 'metabob.db');
}
