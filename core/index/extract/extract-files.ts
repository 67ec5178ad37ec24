// extractFiles: the per-file phase of the index (SPEC §init_workspace), spread over a pool of
// worker threads, one lane per core, so this thread stays free to answer requests. Small
// batches (a re-index after an edit) stay in this thread, in time slices, where a worker's
// start-up and grammar load would cost more than they save.
//
// Work is handed out as lanes go idle, largest files first so no lane is left with a long file
// at the end, and by grammar: a lane keeps to the grammars it has loaded, so a grammar few files
// need (Django's 21 .js files beside 859 .py) is loaded, compiled and warmed in one lane only.
// A deadline or an abort stops the hand-out and the call returns what was done plus the files
// not done (the 20 s budget resumes on the next call).
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { FileExtraction, LanguageId } from '../extract-types.ts';
import { extractFile, HASHED } from './extract-file.ts';
import { grammarForPath, isParserUnavailable, ParserLoadError } from './grammar-loader.ts';
import type { FromWorker, ToWorker } from './worker-protocol.ts';
import { dropStandby, IN_THREAD_BELOW, laneCount, takeWorker, workerScript } from './worker-lanes.ts';
import { WorkQueue } from './work-queue.ts';
import { fdExhaustionCode } from '../fd-exhaustion.ts';
import { FALLBACK_LANGUAGE } from './languages/registry.ts';
import { log } from '../../log.ts';
import { SlicesAborted, type TimeSlicer } from './time-slices.ts';

export interface ExtractOptions {
  /** Called once per file as its result arrives (for progress: files parsed of total). */
  onFileDone?: (file: string, result: FileExtraction) => void;
  /** Aborting stops the hand-out like a deadline does. */
  signal?: AbortSignal;
  /** Epoch ms: no new file is started after it; what was done is returned. */
  deadline?: number;
  /** Overrides the number of worker threads (0 = all in this thread). Tests and benches use it. */
  workers?: number;
  /**
   * Whether this thread is a lane too (default false). The server's thread must keep answering
   * while it indexes (SPEC §init_workspace), and some of a file's work cannot be cut into slices
   * that let requests in: a grammar's compile on first use (0.5-1 s under load), a parse's
   * recovery pass over a file tree-sitter could not read, the walk that collects a tree's nodes.
   * So every lane is a worker, one per core, and this thread only receives their results; on
   * two cores the two workers parse as fast as this thread and one worker did.
   */
  mainThreadLane?: boolean;
  /** Each file's size in bytes, when the caller has it (the scan does): the hand-out goes largest first. */
  sizes?: ReadonlyMap<string, { size: number }>;
  /** This thread's time slices (time-slices.ts): its lane's parses pause when one has run its time. */
  slicer?: TimeSlicer;
  /**
   * Whether the workers run at a lower priority than this thread (default true): the server's
   * thread must answer while it indexes (SPEC §init_workspace); the CLI's index answers nothing.
   */
  yieldToServer?: boolean;
}

/** The results in the order of `relFiles`, plus the files not started before the deadline. */
export type ExtractedBatch = FileExtraction[] & {
  notDone: string[];
  /**
   * Workers started (0: extracted in this thread), workers that died (their files were redone
   * here), and files this thread extracted as a lane beside them.
   */
  pool: { workers: number; failed: number; mainThreadFiles: number };
};

function stopped(options: ExtractOptions): boolean {
  return Boolean(options.signal?.aborted) || (options.deadline !== undefined && Date.now() >= options.deadline);
}

function assemble(relFiles: string[], done: Map<string, FileExtraction>, pool = { workers: 0, failed: 0, mainThreadFiles: 0 }): ExtractedBatch {
  const results: FileExtraction[] = [];
  const notDone: string[] = [];
  for (const file of relFiles) {
    const result = done.get(file);
    if (result) results.push(result);
    else notDone.push(file);
  }
  return Object.assign(results, { notDone, pool });
}

function crashed(file: string, reason: string): FileExtraction {
  const language: LanguageId = grammarForPath(file)?.language ?? FALLBACK_LANGUAGE;
  return { file, language, definitions: [], imports: [], exports: [], calls: [], heritage: [], error: `extract_failed(${reason})` };
}

/**
 * Lets the event loop run between files: once the parser is loaded, extracting a file settles
 * in microtasks only, so without this a long in-thread run would hold off worker messages,
 * progress notifications and every other request until it ended.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function extractInThread(root: string, relFiles: string[], options: ExtractOptions): Promise<ExtractedBatch> {
  const done = new Map<string, FileExtraction>();
  for (const file of relFiles) {
    if (stopped(options)) break;
    let result: FileExtraction;
    try {
      result = await extractFile(root, file, { ...HASHED, slicer: options.slicer });
    } catch (err) {
      if (err instanceof SlicesAborted) break;
      throw err;
    }
    // A file cut short by a cancel is not a result (its slices failed it).
    if (options.signal?.aborted) break;
    done.set(file, result);
    options.onFileDone?.(file, result);
    await turn();
  }
  return assemble(relFiles, done);
}

/**
 * A lane per this many bytes of source to parse, beyond the first, within laneCount. A lane's
 * cold start (thread, parser runtime, grammar compile and JIT warm-up) costs 300-500 ms of CPU.
 * Measured with parser WebAssembly on Liftoff only (core/engine-flags.ts), interleaved medians
 * of 5, one lane against two: 0.7 MB of TypeScript (this repository's core/) 398 against 407 ms,
 * 1.2 MB (zod's v4) 712 against 671 ms, 1.6 MB (zod) 918 against 773 ms, Django's 4.8 MB 1697
 * against 1282 ms.
 */
export const BYTES_PER_WORKER = 1024 * 1024;

/** Worker threads for a run: none below IN_THREAD_BELOW files or one lane's bytes (this thread parses them, in slices); else one per lane, less this thread's when it is one. */
function defaultPoolSize(relFiles: string[], sizes: ReadonlyMap<string, { size: number }> | undefined, mainLane: boolean): number {
  if (relFiles.length < IN_THREAD_BELOW) return 0;
  let lanes = laneCount();
  if (sizes) {
    let bytes = 0;
    for (const file of relFiles) bytes += sizes.get(file)?.size ?? 0;
    lanes = Math.min(lanes, 1 + Math.floor(bytes / BYTES_PER_WORKER));
  }
  if (lanes <= 1) return 0;
  return mainLane ? lanes - 1 : lanes;
}

/** Files a worker is handed at once: a few, so lanes still balance near the end. */
function chunkSize(remaining: number, lanes: number): number {
  return Math.max(1, Math.min(16, Math.ceil(remaining / (lanes * 4))));
}

/**
 * A chunk's source bytes at most (past its first file): a budget's deadline lets a worker
 * finish the chunk it holds, and the hand-out goes largest first, so sixteen of the largest
 * files (a second or more each) would run far past it.
 */
const CHUNK_BYTES = 128 * 1024;

async function extractInPool(root: string, relFiles: string[], options: ExtractOptions, size: number): Promise<ExtractedBatch> {
  const script = workerScript();
  if (!script) {
    // A packaging fault, not a parser one: the index still builds, on one thread.
    log.warn(`index_worker_missing(no index-worker.js beside ${fileURLToPath(import.meta.url)}): extracting in the main thread`);
    return extractInThread(root, relFiles, options);
  }
  const done = new Map<string, FileExtraction>();
  const queue = new WorkQueue(root, relFiles, options.sizes);
  const mainLane = options.mainThreadLane ?? false;
  const lanes = size + (mainLane ? 1 : 0);
  // A parser that cannot load, or no file descriptor free: either stops every lane.
  let failure: Error | undefined;
  let failed = 0;
  const workers: Worker[] = [];
  const record = (result: FileExtraction) => {
    done.set(result.file, result);
    options.onFileDone?.(result.file, result);
  };
  const more = () => !failure && queue.length > 0 && !stopped(options);

  let inMainThread = 0;
  // One file at a time, with a turn of the event loop after each so worker messages (and
  // every request the server is serving) are handled between files.
  const runHere = async () => {
    const loaded = new Set<string>();
    while (more()) {
      const [file] = queue.take(loaded, 1);
      if (file === undefined) break;
      try {
        const result = await extractFile(root, file, { ...HASHED, slicer: options.slicer });
        if (options.signal?.aborted) break;
        record(result);
      } catch (err) {
        if (options.signal?.aborted) break;
        if (isParserUnavailable(err)) failure ??= new ParserLoadError(err.module, err.reason);
        else if (fdExhaustionCode(err)) failure ??= err as Error;
        else record(crashed(file, (err instanceof Error ? err.message : String(err)).split('\n')[0]!));
      }
      inMainThread++;
      await turn();
    }
  };

  const runWorker = (worker: Worker) =>
    new Promise<void>((resolve) => {
      const loaded = new Set<string>();
      let inFlight: string[] = [];
      const next = () => {
        inFlight = more() ? queue.take(loaded, chunkSize(queue.length, lanes), CHUNK_BYTES) : [];
        if (inFlight.length === 0) {
          resolve();
          return;
        }
        const message: ToWorker = { type: 'files', root, files: inFlight, yieldToServer: options.yieldToServer ?? true };
        worker.postMessage(message);
      };
      // A cancel ends the lane now, not when the worker finishes its chunk: the worker is
      // terminated below and whatever it posts meanwhile is dropped.
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
      worker.on('message', (message: FromWorker) => {
        if (options.signal?.aborted) return;
        switch (message.type) {
          case 'file':
          case 'crashed': {
            const result: FileExtraction = message.type === 'file' ? JSON.parse(message.json) : crashed(message.file, message.reason);
            inFlight = inFlight.filter((f) => f !== result.file);
            record(result);
            break;
          }
          case 'unavailable':
            failure ??= new ParserLoadError(message.module, message.reason);
            resolve();
            break;
          case 'fd_exhausted':
            failure ??= Object.assign(new Error(message.reason), { code: message.code, path: message.file });
            resolve();
            break;
          case 'idle':
            next();
            break;
        }
      });
      worker.on('error', (err) => {
        // A worker that dies hands its unfinished files back; the other lanes take them.
        queue.giveBack(inFlight);
        inFlight = [];
        failed++;
        if (isParserUnavailable(err)) failure ??= new ParserLoadError(err.module, err.reason);
        else log.warn(`index_worker_failed(${(err instanceof Error ? err.message : String(err)).split('\n')[0]}): its files are extracted in the main thread`);
        resolve();
      });
      worker.on('exit', () => resolve());
      next();
    });

  try {
    for (let i = 0; i < size; i++) workers.push(takeWorker(script, options.yieldToServer ?? true));
    dropStandby(); // any the prewarm started beyond what this run needs
    const running = workers.map(runWorker);
    if (mainLane) running.push(runHere());
    await Promise.all(running);
  } finally {
    // Not awaited: every result is in by now, and a worker's teardown (~14 ms here) would
    // otherwise hold up the resolution pass that follows.
    for (const worker of workers) void worker.terminate().catch(() => 0);
  }
  if (failure) throw failure;
  // Files handed back by dead workers are finished here rather than lost.
  if (queue.length > 0 && !stopped(options)) {
    const rest = await extractInThread(root, queue.remaining(), options);
    for (const result of rest) done.set(result.file, result);
  }
  return assemble(relFiles, done, { workers: workers.length, failed, mainThreadFiles: inMainThread });
}

/**
 * Reads and extracts each workspace-relative file under `root`. Resolves with one result per
 * file started (read, size and parse problems are per-file `error`s); rejects with a
 * ParserLoadError ({ module, reason }) when the parser or a needed grammar cannot load, and
 * with the EMFILE or ENFILE error when a file cannot be opened for want of a descriptor.
 */
export async function extractFiles(root: string, relFiles: string[], options: ExtractOptions = {}): Promise<ExtractedBatch> {
  const size = options.workers ?? defaultPoolSize(relFiles, options.sizes, options.mainThreadLane ?? false);
  const started = performance.now();
  const inThread = size <= 0 || relFiles.length === 0;
  if (inThread) dropStandby();
  const batch = inThread ? await extractInThread(root, relFiles, options) : await extractInPool(root, relFiles, options, Math.min(size, relFiles.length));
  log.debug(
    `extract: ${batch.length} of ${relFiles.length} files in ${(performance.now() - started).toFixed(0)} ms, ` +
      `${batch.pool.workers} workers (${batch.pool.failed} failed) and ${batch.pool.mainThreadFiles} files in the main thread` +
      `${batch.notDone.length ? `, ${batch.notDone.length} not done` : ''}`,
  );
  return batch;
}
