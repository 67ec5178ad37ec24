// The user's cache directory: what the server may keep between runs to start faster (the
// compiled bundle, warm extraction results). Nothing here is needed: a missing, read-only or
// foreign directory means working without a cache, never failing. The installed package is
// never written (it may be read-only, shared between users, or signed).
// Dirs are 0700 and files 0600 and both are checked before use: a cache another user can
// write is code or results they choose for us.
import { chmodSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

const APP = 'metabob-mcp';

/**
 * `$XDG_CACHE_HOME/metabob-mcp` when set (an absolute path, as the XDG spec requires; tests
 * point it at a temp folder), else the platform's per-user cache folder.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir(), platform: NodeJS.Platform = process.platform): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, APP);
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), APP, 'Cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', APP);
  return join(home, '.cache', APP);
}

/**
 * Creates `path` (and missing parents) 0700 and checks it is a directory this process's user
 * owns that group and others cannot reach. Answers undefined when usable, else one line
 * starting with the cause token, for doctor to show and callers to skip the cache on.
 */
export function ensurePrivateDir(path: string): string | undefined {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (err) {
    return `cache_unavailable: ${path} cannot be created (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  let st;
  try {
    st = statSync(path);
  } catch (err) {
    return `cache_unavailable: ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  if (!st.isDirectory()) return `cache_unavailable: ${path} is not a directory`;
  // Windows has no POSIX owner or mode bits; the per-user LOCALAPPDATA is private by its ACL.
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  if (st.uid !== process.getuid()) return `cache_unavailable: ${path} is owned by uid ${st.uid}, not this user (uid ${process.getuid()})`;
  if (st.mode & 0o077) return `cache_unavailable: ${path} is mode ${(st.mode & 0o777).toString(8)}, group or others can reach it; run chmod 700 ${path}`;
  return undefined;
}

/**
 * Writes `bytes` to `path` 0600 so a reader sees the old file or the whole new one: a temp file
 * in the same directory (created exclusively, so a planted file or link is never followed),
 * then a rename over the target. Answers undefined on success, else why not (the error's code,
 * or its message); never throws.
 */
export function writePrivateFileAtomic(path: string, bytes: string | Uint8Array): string | undefined {
  const tmp = tempPathFor(path);
  try {
    writeFileSync(tmp, bytes, { flag: 'wx', mode: 0o600 });
    // The creation mode passes through the umask, which can only narrow it; set it anyway
    // so a umask of 0 or an odd file system still ends at 0600.
    if (process.platform !== 'win32') chmodSync(tmp, 0o600);
    renameSync(tmp, path);
    return undefined;
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // The temp file was never created, or is already gone.
    }
    return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  }
}

/** A temp file's name beside `path`: this process's, and one no other writer picks. */
function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
}

/**
 * writePrivateFileAtomic for a file written in parts: `write` fills a temp file created as that
 * one is (exclusively, 0600), the awaits between its writes letting other work run, and the
 * rename publishes it whole. Any failure leaves the old file and no temp file; a file-system
 * failure is answered as a cause line, anything `write` throws of its own is thrown on.
 */
export async function writePrivateFileInParts(path: string, write: (handle: FileHandle) => Promise<void>): Promise<string | undefined> {
  const tmp = tempPathFor(path);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'wx', 0o600);
    if (process.platform !== 'win32') await handle.chmod(0o600);
    await write(handle);
    await handle.close();
    handle = undefined;
    await rename(tmp, path);
    return undefined;
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    if (err instanceof Error && !('code' in err)) throw err;
    return `cache_unavailable: ${path} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
}

/** writePrivateFileAtomic for a cache file: a failure is the `cache_unavailable: ...` line. */
export function writeFileAtomic0600(path: string, bytes: string | Uint8Array): string | undefined {
  const failure = writePrivateFileAtomic(path, bytes);
  return failure === undefined ? undefined : `cache_unavailable: ${path} cannot be written (${failure})`;
}
