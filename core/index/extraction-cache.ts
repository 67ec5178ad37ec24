// The warm-start cache (READING-NOTES "A warm start is not a persisted index"): each file's
// extraction, the per-file phase before resolution, kept in the user's cache directory so a
// restart re-extracts only files whose bytes changed. Resolution is never cached: the index
// always resolves the whole graph from the extractions, so the graph is exactly a cold index's
// (SPEC §init_workspace `index-not-persisted` forbids patching a persisted resolved graph).
//
// One file per workspace, named by a hash of its real path: a header (format, extractor version,
// root, the body's sha256 and length) and a body of one extraction per line, read and written a
// part at a time (extraction-cache-file.ts), so a large workspace neither holds the server's
// thread nor is refused for its size: the bound on one workspace's file follows the file cap.
// Extractions hold names, kinds and line numbers, never file content. The file is written
// 0600 in a 0700 directory by a temp file and a rename, so a reader sees one whole file; two
// processes indexing one workspace at once leave the last writer's. Any load problem (absent,
// foreign, corrupt, another version or workspace) means a cold index, never a failed start.
// The file itself is checked as its folders are, on the descriptor that is read: a checksum
// proves nothing against someone who can write the file, so a link, another user's file or one
// group or others can write holds extractions they chose, and is not read.
import { createHash } from 'node:crypto';
import { constants, readdirSync, statSync, unlinkSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileExtraction } from './extract-types.ts';
import { CACHE_FORMAT, extractorVersion } from './extractor-version.ts';
import { CacheTooLarge, readCacheFile, writeCacheBody, type CacheHeader } from './extraction-cache-file.ts';
import { MAX_FILES } from './index-caps.ts';
import { realPathOrSelf } from '../process/real-path.ts';

/** The cache directory's file operations (core/config/cache-dir.ts), passed in by the entry point. */
export interface PrivateFiles {
  ensurePrivateDir(path: string): string | undefined;
  writePrivateFileInParts(path: string, write: (handle: FileHandle) => Promise<void>): Promise<string | undefined>;
}

/**
 * The most one file's extraction may take in the cache, on average: Django's 880 files take
 * 4.6 KB each, a 10,000-file tree of TypeScript, JavaScript and Python 5-6 KB (docs/index-caps.md).
 */
export const MAX_CACHE_BYTES_PER_FILE = 16 * 1024;
/** One workspace's file at most this big: the file cap's worth of extractions, so a workspace the index takes whole is never refused for its size. */
export const MAX_CACHE_FILE_BYTES = MAX_FILES * MAX_CACHE_BYTES_PER_FILE;
/** Workspaces kept, and their files' total size: the least recently written go first (the one just written always stays). */
export const MAX_CACHED_WORKSPACES = 16;
export const MAX_CACHE_TOTAL_BYTES = MAX_CACHE_FILE_BYTES;
/** A temp file older than this is a crashed writer's, not one being written. */
const STALE_TMP_MS = 10 * 60 * 1000;

export interface CacheLoad {
  /** Extractions by workspace-relative file; empty on a cold start. */
  entries: Map<string, FileExtraction>;
  /** Why the cache was not used (`cache_cold(...)`), when it was not. */
  cause?: string;
}

/** Whether METABOB_CACHE turns the run-time caches off (`off`, `0`, `false`, `no`): then every launch indexes cold. */
export function cacheDisabled(env: NodeJS.ProcessEnv): boolean {
  return /^(off|0|false|no)$/i.test(env.METABOB_CACHE?.trim() ?? '');
}

/** Whether a cached extraction may stand in for a fresh one: read, hashed, and not failed for a reason that could pass. */
export function cacheable(extraction: FileExtraction): boolean {
  return typeof extraction.contentHash === 'string' && !extraction.error?.startsWith('extract_failed');
}

/**
 * The cache file opened for reading when it is a regular file of this user's that group and
 * others cannot write, else why not. Opened without following a link (O_NOFOLLOW) and without
 * blocking on a FIFO (O_NONBLOCK), then judged by fstat on that descriptor, so what is checked
 * is what is read. The caller closes the handle.
 */
export async function openOwnCacheFile(file: string): Promise<{ handle: FileHandle; size: number } | { cause: string }> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { cause: 'no cache for this workspace yet' };
    // Linux and macOS answer ELOOP for a link under O_NOFOLLOW; some BSDs EMLINK.
    if (code === 'ELOOP' || code === 'EMLINK') return { cause: `${file} is a symbolic link; not read` };
    return { cause: `${file} unreadable: ${code ?? (err as Error).message}` };
  }
  const refuse = async (cause: string) => {
    await handle.close();
    return { cause };
  };
  try {
    const st = await handle.stat();
    if (!st.isFile()) return await refuse(`${file} is not a regular file; not read`);
    // Windows has no POSIX owner or mode bits; the per-user LOCALAPPDATA is private by its ACL.
    if (process.platform !== 'win32' && typeof process.getuid === 'function') {
      if (st.uid !== process.getuid()) return await refuse(`${file} is owned by uid ${st.uid}, not this user (uid ${process.getuid()}); not read`);
      if (st.mode & 0o022) return await refuse(`${file} is mode ${(st.mode & 0o777).toString(8)}, group or others can write it; not read`);
    }
    if (st.size > MAX_CACHE_FILE_BYTES) return await refuse(`${file} is over ${MAX_CACHE_FILE_BYTES} bytes`);
    return { handle, size: st.size };
  } catch (err) {
    return await refuse(`${file} unreadable: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The shape the graph reads; a record that parses but is not this shape is corrupt. */
function isExtraction(value: unknown): value is FileExtraction {
  const e = value as FileExtraction;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.file === 'string' &&
    typeof e.language === 'string' &&
    typeof e.contentHash === 'string' &&
    Array.isArray(e.definitions) &&
    Array.isArray(e.imports) &&
    Array.isArray(e.exports) &&
    Array.isArray(e.calls) &&
    Array.isArray(e.heritage)
  );
}

export class ExtractionCache {
  /** `<cache dir>/extractions`: the workspaces' files. */
  readonly dir: string;
  /** The writes in progress, one after another: a later save of a file supersedes one not yet started. */
  private writing: Promise<void> = Promise.resolve();
  private readonly latest = new Map<string, number>();
  private saves = 0;

  /** `version` overrides the extractor version (tests); by default it is computed on first use, not at server start. */
  constructor(
    readonly baseDir: string,
    private readonly files: PrivateFiles,
    private versionValue?: string,
  ) {
    this.dir = join(baseDir, 'extractions');
  }

  get version(): string {
    return (this.versionValue ??= extractorVersion());
  }

  /** The workspace's cache file: its real path hashed, so a symlinked launch shares it. */
  fileFor(root: string): string {
    return join(this.dir, `${sha256(realPathOrSelf(root)).slice(0, 32)}.json`);
  }

  /** The workspace's extractions, read a chunk at a time; a cold start (with its cause) on any problem. */
  async load(root: string): Promise<CacheLoad> {
    const cold = (cause: string): CacheLoad => ({ entries: new Map(), cause: `cache_cold(${cause})` });
    const file = this.fileFor(root);
    const opened = await openOwnCacheFile(file);
    if ('cause' in opened) return cold(opened.cause);
    try {
      // A directory others can write holds results they chose: not trusted.
      const unsafe = this.files.ensurePrivateDir(this.baseDir) ?? this.files.ensurePrivateDir(this.dir);
      if (unsafe) return cold(unsafe);
      const realRoot = realPathOrSelf(root);
      const read = await readCacheFile(
        opened.handle,
        opened.size,
        (header: CacheHeader) => {
          if (header.format !== CACHE_FORMAT) return `format ${header.format}, not ${CACHE_FORMAT}`;
          if (header.version !== this.version) return 'the extractor changed since it was written';
          if (header.root !== realRoot) return 'written for another workspace';
          return undefined;
        },
        isExtraction,
      );
      return 'cause' in read ? cold(read.cause) : { entries: read.entries };
    } catch (err) {
      return cold(`unreadable: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message.split('\n')[0]}`);
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  }

  /**
   * Writes the workspace's cacheable extractions (only these: deleted files' entries go), a part
   * at a time, after any write already under way; a cause line when it could not. A save that a
   * later one for the same workspace overtakes before it starts writes nothing.
   */
  save(root: string, extractions: Iterable<FileExtraction>): Promise<string | undefined> {
    const file = this.fileFor(root);
    const list = [...extractions].filter(cacheable).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const ticket = ++this.saves;
    this.latest.set(file, ticket);
    const run = this.writing.then(() => (this.latest.get(file) === ticket ? this.write(root, file, list) : undefined));
    this.writing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Resolves when every save asked for so far has finished (a server's shutdown waits for it). */
  flush(): Promise<void> {
    return this.writing;
  }

  /**
   * A save runs after the index run has answered, when nobody waits on it: any failure (no file
   * descriptor free while the extractor version is first read, a full disk) is its cause line,
   * never a rejection, which would end the server.
   */
  private async write(root: string, file: string, list: FileExtraction[]): Promise<string | undefined> {
    try {
      return await this.writeOrThrow(root, file, list);
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message?.split('\n')[0] ?? String(err);
      return `cache_unavailable(${why}): the warm-start cache was not written; the next index run writes it`;
    }
  }

  private async writeOrThrow(root: string, file: string, list: FileExtraction[]): Promise<string | undefined> {
    const unsafe = this.files.ensurePrivateDir(this.baseDir) ?? this.files.ensurePrivateDir(this.dir);
    if (unsafe) return unsafe;
    const header = { format: CACHE_FORMAT, version: this.version, root: realPathOrSelf(root) };
    let failed: string | undefined;
    try {
      failed = await this.files.writePrivateFileInParts(file, async (handle) => {
        await writeCacheBody(handle, header, list, MAX_CACHE_FILE_BYTES - 64 * 1024);
      });
    } catch (err) {
      if (err instanceof CacheTooLarge) return `cache_unavailable: ${err.message}; not cached`;
      throw err;
    }
    if (failed) return failed;
    this.prune(file);
    return undefined;
  }
  /** Keeps the directory bounded: crashed writers' temp files, then the least recently written workspaces beyond the caps. */
  private prune(justWritten: string): void {
    const now = Date.now();
    const kept: Array<{ path: string; mtimeMs: number; size: number }> = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(this.dir, name);
      try {
        const st = statSync(path);
        if (name.endsWith('.tmp')) {
          if (now - st.mtimeMs > STALE_TMP_MS) unlinkSync(path);
        } else if (name.endsWith('.json')) kept.push({ path, mtimeMs: st.mtimeMs, size: st.size });
      } catch {
        // Gone meanwhile (another process pruned it).
      }
    }
    kept.sort((a, b) => b.mtimeMs - a.mtimeMs);
    let total = 0;
    kept.forEach((entry, i) => {
      total += entry.size;
      if (entry.path !== justWritten && (i >= MAX_CACHED_WORKSPACES || total > MAX_CACHE_TOTAL_BYTES)) {
        try {
          unlinkSync(entry.path);
        } catch {
          // Gone meanwhile.
        }
      }
    });
  }
}
