// What one run of the local index takes and gives back (SPEC §init_workspace): its options,
// its report, its failures, and the per-file entry it keeps between runs.
import type { FileExtraction } from './extract-types.ts';
import type { GeneratedFile } from './generated-files.ts';
import type { UnreadableNames } from './unreadable-names.ts';
import type { ExtractFn } from './extractor-port.ts';
import { fdExhaustedCause, type FdCode } from './fd-exhaustion.ts';

export const INDEX_BUDGET_MS = 20_000;

/** A run ended by its caller's cancel (MCP notifications/cancelled): its code, and its one line. */
export const INDEX_CANCELLED = 'index_cancelled';
export const INDEX_CANCELLED_LINE = 'index_cancelled: init_workspace was cancelled; the index is as the last complete call left it';

export interface CachedFile {
  size: number;
  mtimeMs: number;
  extraction: FileExtraction;
}

export interface IndexRunReport {
  scanned: number;
  parsed: number;
  reused: number;
  removed: number;
  /** Files left for the next call because the budget ran out. */
  pending: number;
  /** This call finished files a previous call's budget left. */
  resumedFrom: number;
  tooLarge: string[];
  overCap: string[];
  /** Files skipped as generated or minified (generated-files.ts), by kind. */
  generated: GeneratedFile[];
  ms: number;
  /** The workspace walk (scan-workspace.ts), on this thread. */
  scanMs: number;
  parseMs: number;
  resolveMs: number;
  /**
   * Files the parser read only in part, even after its recovery (core/index/extract/recover-parse.ts),
   * with the line ranges left unread: definitions there may be missing from the graph.
   */
  partial: PartialFile[];
  /**
   * This thread's share of the run, in time slices (extract/time-slices.ts): the longest a request
   * could wait behind a slice, how often it let requests in, and the longest the event loop was
   * held by anything during the run (collector pauses and other requests included).
   */
  mainThread: { longestSliceMs: number; pauses: number; longestStallMs: number };
  /** The warm-start cache on a first run: how many files it gave, or why none (absent: no cache, METABOB_CACHE=off). */
  extractionCache?: { dir: string; fromCache: number; cause?: string };
}

/** A file parsed in part: the 1-based [first, last] line ranges left in ERROR. */
export interface PartialFile {
  file: string;
  lines: Array<[number, number]>;
}

export interface IndexOptions {
  include?: string[];
  exclude?: string[];
  budgetMs?: number;
  /**
   * When the whole call must be answered (epoch ms). SPEC §init_workspace's 20 s budget is the
   * call's, so it runs from the call's start: waiting behind another call, the scan, reading the
   * warm start and the resolution all count, not only the parse.
   */
  deadline?: number;
  signal?: AbortSignal;
  /** Called as files finish parsing: (done, total). */
  onProgress?: (done: number, total: number) => void;
  extract?: ExtractFn;
  /** Files to keep first when the file cap binds (init_workspace's recently_changed_files), workspace-relative. */
  recent?: string[];
  /** Whether the parse's workers yield the CPU to this thread (default true; extract/extract-files.ts): false where nothing else waits for it, as in the CLI's index. */
  yieldToServer?: boolean;
  /** The files git tracks under the root, asked only when the file cap binds (core/git/tracked-files.ts). */
  trackedFiles?: () => Promise<Set<string> | undefined>;
}

/** What the last scan left out, and why. */
export interface SkippedFiles {
  tooLarge: string[];
  overCap: string[];
  generated: GeneratedFile[];
  unreadable: UnreadableNames;
  /** The file cap in effect when they were left out. */
  cap: number;
}

/** A failure's `cause` is its one line; `code`, when set, its token (fd_exhausted), so no reader parses the line. */
export type IndexRunResult = { ok: true; report: IndexRunReport } | { ok: false; cause: string; code?: string };

/** The failure of a run that met EMFILE or ENFILE while `where` (fd-exhaustion.ts). */
export function fdExhausted(code: FdCode, where: string): IndexRunResult {
  const c = fdExhaustedCause(code, where);
  return { ok: false, cause: c.line, code: c.code };
}
