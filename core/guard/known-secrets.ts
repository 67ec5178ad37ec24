// SPEC §outgoing-text-guard known secrets: the attachment's key (METABOB_API_KEY,
// SUBSTRATE_API_KEY, at least 12 characters) and the values of secret-named variables in this
// process's environment, in the workspace's .env, .env.local, .env.development, .env.production,
// .env.test, .npmrc and .pypirc, and in the user's ~/.netrc, ~/.aws/credentials, ~/.npmrc and
// ~/.pypirc. The files are read here, on this machine, with a size cap, cached by modification
// time, and never sent or logged: only "does this text contain one" leaves this module.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_KEY_MIN, isKnowableSecretValue, isSecretVariableName } from './secret-values.ts';
import { homeOf } from './home-paths.ts';

export const WORKSPACE_SECRET_FILES = ['.env', '.env.local', '.env.development', '.env.production', '.env.test', '.npmrc', '.pypirc'];
export const HOME_SECRET_FILES = ['.netrc', join('.aws', 'credentials'), '.npmrc', '.pypirc'];
export const ATTACHMENT_KEY_VARIABLES = ['METABOB_API_KEY', 'SUBSTRATE_API_KEY'];

/** The most of one file read: a credentials file is a few lines; a bigger one is read only this far. */
export const SECRET_FILE_READ_CAP = 256 * 1024;
/** Lines longer than this are not `NAME=value` lines of a credentials file. */
const LINE_CAP = 8192;
/** Files whose values are kept between calls; a process meets a handful. */
const CACHE_ENTRIES = 64;

type Format = 'assignments' | 'netrc';

interface CachedFile {
  mtimeMs: number;
  size: number;
  values: string[];
}

// A memo of file contents by (path, mtime, size): every answer is what a fresh read would give,
// so it holds no state a caller could observe beyond speed.
const fileCache = new Map<string, CachedFile>();

function readCapped(path: string, size: number): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(Math.min(size, SECRET_FILE_READ_CAP));
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function unquote(value: string): string {
  const v = value.trim();
  if (v[0] === '"' || v[0] === "'") {
    const close = v.indexOf(v[0], 1);
    return close === -1 ? v.slice(1) : v.slice(1, close);
  }
  // dotenv's inline comment: `KEY=value # note`.
  const hash = v.search(/\s#/);
  return hash === -1 ? v : v.slice(0, hash).trim();
}

/** `NAME=value` / `name = value` / `name: value` lines (dotenv, npmrc, pypirc, AWS credentials). */
export function assignmentValues(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.length > LINE_CAP) continue;
    const line = raw.trim().replace(/^export\s+/, '');
    if (!line || line.startsWith('#') || line.startsWith(';') || line.startsWith('[')) continue;
    const eq = line.indexOf('=');
    const sep = eq !== -1 ? eq : line.indexOf(':');
    if (sep <= 0) continue;
    const name = line.slice(0, sep).trim();
    const value = unquote(line.slice(sep + 1));
    // npmrc's `_auth` (base64 user:password) and `_password` are secrets whatever their names say.
    if ((isSecretVariableName(name) || /(^|:)_(auth|password)$/.test(name)) && isKnowableSecretValue(value)) out.push(value);
  }
  return out;
}

/** The password and account values of a ~/.netrc (`machine h login u password p`, any layout). */
export function netrcValues(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    if ((words[i] === 'password' || words[i] === 'account') && isKnowableSecretValue(words[i + 1])) out.push(words[i + 1]);
  }
  return out;
}

function fileValues(path: string, format: Format): string[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    fileCache.delete(path);
    return [];
  }
  if (!st.isFile()) return [];
  const hit = fileCache.get(path);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.values;
  let values: string[] = [];
  try {
    const text = readCapped(path, st.size);
    values = format === 'netrc' ? netrcValues(text) : assignmentValues(text);
  } catch {
    // Unreadable (mode 0600 of another user, gone since the stat): nothing is known from it.
  }
  if (fileCache.size >= CACHE_ENTRIES) fileCache.clear();
  fileCache.set(path, { mtimeMs: st.mtimeMs, size: st.size, values });
  return values;
}

/** The attachment's own key, when it is long enough to be matched (SPEC: at least 12 characters). */
export function attachmentKeys(env: NodeJS.ProcessEnv): string[] {
  return ATTACHMENT_KEY_VARIABLES.map((name) => env[name]?.trim() ?? '').filter((key) => key.length >= ATTACHMENT_KEY_MIN);
}

export interface KnownSecretSources {
  env: NodeJS.ProcessEnv;
  /** The decided workspace, whose dotenv / npmrc / pypirc files are read; none when undecided. */
  workspaceRoot?: string;
}

/** Every value the guard knows as a secret, longest first (so a refusal names the containing one); never logged. */
export function knownSecretValues({ env, workspaceRoot }: KnownSecretSources): string[] {
  const values = new Set<string>(attachmentKeys(env));
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && isSecretVariableName(name) && isKnowableSecretValue(value.trim())) values.add(value.trim());
  }
  if (workspaceRoot) for (const file of WORKSPACE_SECRET_FILES) for (const v of fileValues(join(workspaceRoot, file), 'assignments')) values.add(v);
  const home = homeOf(env);
  if (home) {
    for (const file of HOME_SECRET_FILES) for (const v of fileValues(join(home, file), file === '.netrc' ? 'netrc' : 'assignments')) values.add(v);
  }
  return [...values].sort((a, b) => b.length - a.length);
}
