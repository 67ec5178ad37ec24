// SPEC §init_workspace behaviour 1: which files the index holds. Included extensions outside
// excluded and dot-directories; past the spec's numbers (index-caps.ts), files up to
// MAX_FILE_BYTES that are not generated or minified (generated-files.ts). The walk is sorted,
// so the same tree always yields the same file set; the file cap is applied by the caller
// (file-cap.ts), which may ask git which files it tracks.
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_INCLUDE } from './extract/languages/registry.ts';
import { namesAsBytes, noteUnreadable, noUnreadableNames, tooLongReason, type UnreadableNames } from './unreadable-names.ts';
import { fdExhaustionCode } from './fd-exhaustion.ts';
import { MAX_FILE_BYTES } from './index-caps.ts';
import { generatedByName, sniffGenerated, SNIFF_FROM_BYTES, type GeneratedFile } from './generated-files.ts';
import type { TimeSlicer } from './extract/time-slices.ts';

// The default extensions are the language modules' (SPEC §init_workspace `include`).
export { DEFAULT_INCLUDE };
export const DEFAULT_EXCLUDE = [
  'node_modules',
  '.git',
  'dist',
  'build',
  '.next',
  '.nuxt',
  'coverage',
  '.turbo',
  '.cache',
  '__pycache__',
  '.venv',
  'venv',
  'vendor',
];

export interface ScannedFile {
  file: string;
  size: number;
  mtimeMs: number;
}

export interface ScanResult {
  files: ScannedFile[];
  /** Files over MAX_FILE_BYTES, not parsed. */
  tooLarge: string[];
  /** Files skipped as generated, minified, a source map or a lockfile, not parsed. */
  generated: GeneratedFile[];
  /** Files and directories the walk would take whose names cannot be opened, by reason. */
  unreadable: UnreadableNames;
}

export function normalizeExtensions(include: string[] | undefined): string[] {
  return (include && include.length > 0 ? include : DEFAULT_INCLUDE).map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase());
}

/**
 * A directory's sorted entries as last read, by path, valid while its mtime and ctime are
 * unchanged: adding, removing or renaming an entry changes both, so a re-scan stats a directory
 * (about half the cost of reading it) and reads it again only when it changed. Files are still
 * stat'ed every time: an edit changes a file, not its directory.
 */
export type DirectoryCache = Map<string, { mtimeMs: number; ctimeMs: number; entries: Dirent[] }>;

/** What sniffGenerated said of a file, by path, valid while its size and mtime are unchanged. */
export type SniffCache = Map<string, { size: number; mtimeMs: number; verdict: Omit<GeneratedFile, 'file'> | undefined }>;

const RACY_MS = 2000;

function listDirectory(dir: string, cache: DirectoryCache | undefined): Dirent[] | undefined {
  try {
    if (!cache) return sortedEntries(dir);
    const st = statSync(dir);
    const known = cache.get(dir);
    if (known && known.mtimeMs === st.mtimeMs && known.ctimeMs === st.ctimeMs) return known.entries;
    const entries = sortedEntries(dir);
    // Timestamps tick coarsely (a few ms): a directory changed just before this read could
    // change again under the same mtime, so, like git's racily-clean rule, it is not cached.
    if (Date.now() - st.mtimeMs > RACY_MS) cache.set(dir, { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, entries });
    else cache.delete(dir);
    return entries;
  } catch (err) {
    cache?.delete(dir);
    // No descriptor free says nothing about the directory: the index run stops (fd-exhaustion.ts).
    if (fdExhaustionCode(err)) throw err;
    return undefined;
  }
}

function sortedEntries(dir: string): Dirent[] {
  return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The workspace's indexable files. `directories`, when given, is read and filled (see
 * DirectoryCache); the caller keeps one per root. It holds whole listings, so it serves any
 * include/exclude setting.
 */
export function scanWorkspace(root: string, include: string[], exclude: string[], directories?: DirectoryCache, sniffs?: SniffCache): ScanResult {
  const steps = scanSteps(root, include, exclude, directories, sniffs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same scan, letting the event loop turn when a slice has run its time (extract/time-slices.ts):
 * the server's form, since a walk of thousands of files (a stat each, and a read of a large one's
 * head) holds its thread for a second or more (SPEC §init_workspace: the server answers while it indexes).
 * `found` hears of each file to index as the walk finds it.
 */
export async function scanWorkspaceInSlices(
  root: string,
  include: string[],
  exclude: string[],
  slicer: TimeSlicer,
  directories?: DirectoryCache,
  sniffs?: SniffCache,
  found?: (file: string) => void,
): Promise<ScanResult> {
  const steps = scanSteps(root, include, exclude, directories, sniffs, found);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slicer.due()) await slicer.pause();
  }
}

/** The walk as steps of bounded work: one directory entry each. */
function* scanSteps(
  root: string,
  include: string[],
  exclude: string[],
  directories?: DirectoryCache,
  sniffs?: SniffCache,
  found?: (file: string) => void,
): Generator<void, ScanResult> {
  const extensions = new Set(include);
  const skipDirs = new Set(exclude);
  const candidates: ScannedFile[] = [];
  const tooLarge: string[] = [];
  const generated: GeneratedFile[] = [];
  const unreadable = noUnreadableNames();
  const indexable = (name: string) => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && extensions.has(name.slice(dot).toLowerCase());
  };
  const sniffed = (abs: string, relPath: string, size: number, mtimeMs: number) => {
    if (size < SNIFF_FROM_BYTES) return undefined;
    const known = sniffs?.get(relPath);
    if (known && known.size === size && known.mtimeMs === mtimeMs) return known.verdict;
    const verdict = sniffGenerated(abs, size);
    sniffs?.set(relPath, { size, mtimeMs, verdict });
    return verdict;
  };
  const walkable = (name: string) => !name.startsWith('.') && !skipDirs.has(name);
  const walk = function* (dir: string, rel: string): Generator<void> {
    const entries = listDirectory(dir, directories);
    if (!entries) return;
    // Only a listing that shows U+FFFD is read again as bytes (unreadable-names.ts).
    let asBytes: ReturnType<typeof namesAsBytes> | undefined;
    for (const entry of entries) {
      yield;
      if (entry.name.includes('\uFFFD') && !(asBytes ??= namesAsBytes(dir)).valid.has(entry.name)) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!walkable(entry.name)) continue;
        const abs = join(dir, entry.name);
        const tooLong = tooLongReason(abs, entry.name);
        if (tooLong) noteUnreadable(unreadable, tooLong, `${relPath}/`, abs);
        else yield* walk(abs, relPath);
      } else if (entry.isFile()) {
        if (!indexable(entry.name)) continue;
        const abs = join(dir, entry.name);
        const tooLong = tooLongReason(abs, entry.name);
        if (tooLong) {
          noteUnreadable(unreadable, tooLong, relPath, abs);
          continue;
        }
        let st;
        try {
          st = statSync(abs);
        } catch (err) {
          if (fdExhaustionCode(err)) throw err;
          continue;
        }
        const verdict = generatedByName(entry.name) ?? (st.size > MAX_FILE_BYTES ? undefined : sniffed(abs, relPath, st.size, st.mtimeMs));
        if (verdict) generated.push({ file: relPath, ...verdict });
        else if (st.size > MAX_FILE_BYTES) tooLarge.push(relPath);
        else {
          candidates.push({ file: relPath, size: st.size, mtimeMs: st.mtimeMs });
          found?.(relPath);
        }
      }
    }
    for (const bad of asBytes?.invalid ?? []) {
      const relPath = rel ? `${rel}/${bad.shown}` : bad.shown;
      if (bad.isDirectory && walkable(bad.shown)) noteUnreadable(unreadable, 'invalid_utf8', `${relPath}/`);
      else if (bad.isFile && indexable(bad.shown)) noteUnreadable(unreadable, 'invalid_utf8', relPath);
    }
  };
  yield* walk(root, '');
  return { files: candidates, tooLarge, generated, unreadable };
}
