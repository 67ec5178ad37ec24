// The user's record of trusted project-local config files (READING-NOTES "stricter than the
// spec"), as direnv keeps its allow list: each entry is a file's real path and the sha256 of
// its content, so a moved or edited file is untrusted again. It lives in the user's metabob
// home (metabob-home.ts: METABOB_HOME, else ~/.metabob), mode 0600, and only
// `metabob-mcp configure --trust-project` writes it. A record someone else could write is
// never read: trusting a file lets it choose where the user's key is sent.
import { closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { metabobHome } from './metabob-home.ts';
import { writePrivateFileAtomic } from './cache-dir.ts';

export const TRUST_FILE_NAME = 'trusted-projects.json';
const MAX_STORE_BYTES = 1024 * 1024;
const MAX_ENTRIES = 1000;
const MAX_PATH_CHARS = 4096;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface TrustEntry {
  path: string;
  sha256: string;
  trustedAt: string;
}

export type TrustState =
  | { state: 'trusted' }
  /** The path is trusted for other content: the file was edited since. */
  | { state: 'changed' }
  | { state: 'unknown' }
  | { state: 'store_unusable'; reason: string };

/** Where the record lives: the metabob home of `env`, with `home` for ~ (tests pass a temp one). */
export function trustStorePath(env: NodeJS.ProcessEnv, home: string): string {
  return join(metabobHome(env, home), TRUST_FILE_NAME);
}

type StoreRead = { ok: true; entries: TrustEntry[] } | { ok: false; reason: string };

function isEntry(value: unknown): value is TrustEntry {
  const e = value as TrustEntry;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.path === 'string' &&
    e.path.length <= MAX_PATH_CHARS &&
    typeof e.sha256 === 'string' &&
    SHA256_HEX.test(e.sha256) &&
    typeof e.trustedAt === 'string' &&
    e.trustedAt.length <= 64
  );
}

function readStore(store: string): StoreRead {
  let fd: number;
  try {
    fd = openSync(store, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: true, entries: [] };
    return { ok: false, reason: `unreadable (${code ?? (err as Error).message})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not a file' };
    if ((stat.mode & 0o022) !== 0) return { ok: false, reason: 'writable by others than you, so it is not read' };
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) return { ok: false, reason: 'owned by another user, so it is not read' };
    if (stat.size > MAX_STORE_BYTES) return { ok: false, reason: `larger than ${MAX_STORE_BYTES} bytes` };
    const bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, bytes, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    const json = JSON.parse(bytes.subarray(0, read).toString('utf8')) as { trusted?: unknown };
    if (!Array.isArray(json?.trusted)) return { ok: false, reason: 'no "trusted" list' };
    return { ok: true, entries: json.trusted.filter(isEntry).slice(-MAX_ENTRIES) };
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  } finally {
    closeSync(fd);
  }
}

// @anchor projectTrust
/** Whether the user trusted this file with exactly this content. */
export function projectTrust(realPath: string, sha256: string, env: NodeJS.ProcessEnv, home: string): TrustState {
  const read = readStore(trustStorePath(env, home));
  if (!read.ok) return { state: 'store_unusable', reason: read.reason };
  const entry = read.entries.find((e) => e.path === realPath);
  if (!entry) return { state: 'unknown' };
  return entry.sha256 === sha256 ? { state: 'trusted' } : { state: 'changed' };
}

/**
 * Records the file as trusted with this content, replacing any entry for its path. The record
 * is written whole to a temp file (0600) and renamed over, so a reader never sees half of it.
 */
export function recordProjectTrust(
  realPath: string,
  sha256: string,
  env: NodeJS.ProcessEnv,
  home: string,
): { ok: true; store: string } | { ok: false; line: string } {
  const store = trustStorePath(env, home);
  const read = readStore(store);
  if (!read.ok) return { ok: false, line: `trust_store_unusable(${store}): ${read.reason}; fix or remove it, then trust the file again` };
  const entries = read.entries.filter((e) => e.path !== realPath);
  entries.push({ path: realPath, sha256, trustedAt: new Date().toISOString() });
  let failure: string | undefined;
  try {
    mkdirSync(dirname(store), { recursive: true, mode: 0o700 });
  } catch (err) {
    failure = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  }
  failure ??= writePrivateFileAtomic(store, JSON.stringify({ trusted: entries.slice(-MAX_ENTRIES) }, null, 2) + '\n');
  if (failure !== undefined) return { ok: false, line: `trust_store_unwritable(${store}): ${failure}; nothing was trusted` };
  return { ok: true, store };
}
