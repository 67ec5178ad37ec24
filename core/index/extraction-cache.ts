// The warm-start cache (READING-NOTES "A warm start is not a persisted index"): each file's
// extraction, the per-file phase before resolution, kept in the user's cache directory so a
// restart re-extracts only files whose bytes changed. Resolution is never cached: the index
// always resolves the whole graph from the extractions, so the graph is exactly a cold index's
// (SPEC §init_workspace `index-not-persisted` forbids patching a persisted resolved graph).
//
// One file per workspace, named by a hash of its real path: a header line (format, extractor
// version, root, the body's sha256 and length) and a body, the extractions as one JSON array.
// Extractions hold names, kinds and line numbers, never file content. The file is written
// 0600 in a 0700 directory by a temp file and a rename, so a reader sees one whole file; two
// processes indexing one workspace at once leave the last writer's. Any load problem (absent,
// foreign, corrupt, another version or workspace) means a cold index, never a failed start.
// The file itself is checked as its folders are, on the descriptor that is read: a checksum
// proves nothing against someone who can write the file, so a link, another user's file or one
// group or others can write holds extractions they chose, and is not read.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { FileExtraction } from './extract-types.ts';
import { CACHE_FORMAT, extractorVersion } from './extractor-version.ts';
import { realPathOrSelf } from '../process/real-path.ts';

/** The cache directory's file operations (core/config/cache-dir.ts), passed in by the entry point. */
export interface PrivateFiles {
  ensurePrivateDir(path: string): string | undefined;
  writeFileAtomic0600(path: string, bytes: string | Uint8Array): string | undefined;
}

/** One workspace's file at most this big (2000 files of extractions is ~10 MB; Django's 880 are 4 MB). */
export const MAX_CACHE_FILE_BYTES = 32 * 1024 * 1024;
/** Workspaces kept, and their files' total size: the least recently written go first. */
export const MAX_CACHED_WORKSPACES = 16;
export const MAX_CACHE_TOTAL_BYTES = 128 * 1024 * 1024;
/** A temp file older than this is a crashed writer's, not one being written. */
const STALE_TMP_MS = 10 * 60 * 1000;

interface Header {
  format: number;
  version: string;
  root: string;
  entries: number;
  bodyBytes: number;
  bodySha256: string;
}

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
 * The cache file's bytes when it is a regular file of this user's that group and others cannot
 * write, else why not. Opened without following a link (O_NOFOLLOW) and without blocking on a
 * FIFO (O_NONBLOCK), then judged by fstat on that descriptor, so what is checked is what is read.
 */
export function readOwnCacheFile(file: string): { bytes: Buffer } | { cause: string } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { cause: 'no cache for this workspace yet' };
    // Linux and macOS answer ELOOP for a link under O_NOFOLLOW; some BSDs EMLINK.
    if (code === 'ELOOP' || code === 'EMLINK') return { cause: `${file} is a symbolic link; not read` };
    return { cause: `${file} unreadable: ${code ?? (err as Error).message}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { cause: `${file} is not a regular file; not read` };
    // Windows has no POSIX owner or mode bits; the per-user LOCALAPPDATA is private by its ACL.
    if (process.platform !== 'win32' && typeof process.getuid === 'function') {
      if (st.uid !== process.getuid()) return { cause: `${file} is owned by uid ${st.uid}, not this user (uid ${process.getuid()}); not read` };
      if (st.mode & 0o022) return { cause: `${file} is mode ${(st.mode & 0o777).toString(8)}, group or others can write it; not read` };
    }
    if (st.size > MAX_CACHE_FILE_BYTES) return { cause: `${file} is over ${MAX_CACHE_FILE_BYTES} bytes` };
    return { bytes: readFileSync(fd) };
  } catch (err) {
    return { cause: `${file} unreadable: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The shape the graph reads; a body that parses but is not this shape is corrupt. */
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

  load(root: string): CacheLoad {
    const cold = (cause: string): CacheLoad => ({ entries: new Map(), cause: `cache_cold(${cause})` });
    const file = this.fileFor(root);
    const read = readOwnCacheFile(file);
    if ('cause' in read) return cold(read.cause);
    const bytes = read.bytes;
    // A directory others can write holds results they chose: not trusted.
    const unsafe = this.files.ensurePrivateDir(this.baseDir) ?? this.files.ensurePrivateDir(this.dir);
    if (unsafe) return cold(unsafe);
    try {
      const newline = bytes.indexOf(0x0a);
      if (newline < 0) return cold('corrupt: no header');
      const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
      if (header.format !== CACHE_FORMAT) return cold(`format ${header.format}, not ${CACHE_FORMAT}`);
      if (header.version !== this.version) return cold('the extractor changed since it was written');
      if (header.root !== realPathOrSelf(root)) return cold('written for another workspace');
      const body = bytes.subarray(newline + 1);
      if (body.length !== header.bodyBytes || sha256(body) !== header.bodySha256) return cold('corrupt: checksum mismatch');
      const list: unknown = JSON.parse(body.toString('utf8'));
      if (!Array.isArray(list) || list.length !== header.entries) return cold('corrupt: entry count');
      const entries = new Map<string, FileExtraction>();
      for (const item of list) {
        if (!isExtraction(item)) return cold('corrupt: an entry is not an extraction');
        entries.set(item.file, item);
      }
      return { entries };
    } catch (err) {
      return cold(`corrupt: ${(err as Error).message.split('\n')[0]}`);
    }
  }

  /** Writes the workspace's cacheable extractions (only these: deleted files' entries go); a cause line when it could not. */
  save(root: string, extractions: Iterable<FileExtraction>): string | undefined {
    const unsafe = this.files.ensurePrivateDir(this.baseDir) ?? this.files.ensurePrivateDir(this.dir);
    if (unsafe) return unsafe;
    const list = [...extractions].filter(cacheable).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const body = Buffer.from(JSON.stringify(list), 'utf8');
    if (body.length > MAX_CACHE_FILE_BYTES) return `cache_unavailable: ${list.length} extractions are over ${MAX_CACHE_FILE_BYTES} bytes; not cached`;
    const header: Header = {
      format: CACHE_FORMAT,
      version: this.version,
      root: realPathOrSelf(root),
      entries: list.length,
      bodyBytes: body.length,
      bodySha256: sha256(body),
    };
    const file = this.fileFor(root);
    const failed = this.files.writeFileAtomic0600(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), body]));
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
