// extractFiles: the per-file phase of the index (SPEC §init_workspace), spread over a pool of
// worker threads. Small batches (a re-index after an edit) stay in this thread, where a
// worker's start-up and grammar load would cost more than they save.
//
// Work is handed out in small chunks as workers go idle, so an uneven mix of file sizes still
// keeps every worker busy; a deadline or an abort stops the hand-out and the call returns what
// was done plus the files not done (the 20 s budget resumes on the next call).
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { FileExtraction, LanguageId } from '../extract-types.ts';
import { extractFile } from './extract-file.ts';
import { grammarForPath, isParserUnavailable, ParserLoadError } from './grammar-loader.ts';
import type { FromWorker, ToWorker } from './worker-protocol.ts';
import { log } from '../../log.ts';

export interface ExtractOptions {
  /** Called once per file as its result arrives (for progress: files parsed of total). */
  onFileDone?: (file: string, result: FileExtraction) => void;
  /** Aborting stops the hand-out like a deadline does. */
  signal?: AbortSignal;
  /** Epoch ms: no new file is started after it; what was done is returned. */
  deadline?: number;
  /** Overrides the pool size (0 = in this thread). Tests and benches use it. */
  workers?: number;
  /**
   * Whether this thread stands in for workers that are still booting (default true): it
   * extracts from the start, one file at a time, until every worker has sent its first result.
   * A worker costs ~200 ms of start-up and grammar load; on two cores that idle time is the
   * margin between beating single-threaded parse time or not. It stops once the pool is up so
   * the workers do not compete with it for the cores.
   */
  mainThreadLane?: boolean;
}

/** The results in the order of `relFiles`, plus the files not started before the deadline. */
export type ExtractedBatch = FileExtraction[] & {
  notDone: string[];
  /**
   * Workers started (0: extracted in this thread), workers that died (their files were redone
   * here), and files this thread extracted while standing in for booting workers.
   */
  pool: { workers: number; failed: number; mainThreadFiles: number };
};

/** Below this many files, worker start-up costs more than it saves. */
export const IN_THREAD_BELOW = 40;
const MAX_WORKERS = 4;

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
  const language: LanguageId = grammarForPath(file)?.language ?? 'javascript';
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
    const result = await extractFile(root, file);
    done.set(file, result);
    options.onFileDone?.(file, result);
    await turn();
  }
  return assemble(relFiles, done);
}

/**
 * The worker script: dist/index-worker.js beside (or one level above, from dist/chunks/) the
 * bundled code, or worker.ts next to this file when running from source under tsx.
 */
function workerScript(): { url: URL; typescript: boolean } | undefined {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./worker.ts', here), typescript: true };
  for (const candidate of ['./index-worker.js', '../index-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { url, typescript: false };
  }
  return undefined;
}

function startWorker({ url, typescript }: { url: URL; typescript: boolean }): Worker {
  // stdout: true keeps anything a worker prints off the MCP transport; it goes to stderr.
  // Not the parent's execArgv: under the test runner it holds flags a worker refuses.
  const options: WorkerOptions = { execArgv: [], stdout: true, stderr: false };
  let worker: Worker;
  if (typescript) {
    // From source (tests, benches under tsx): Node 20 does not apply `--import tsx` to a
    // worker's entry, so the worker registers tsx itself before importing worker.ts.
    const api = import.meta.resolve('tsx/esm/api');
    const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
    worker = new Worker(boot, { ...options, eval: true });
  } else {
    worker = new Worker(url, options);
  }
  worker.stdout.pipe(process.stderr);
  return worker;
}

function chunkSize(remaining: number, workers: number): number {
  return Math.max(1, Math.min(16, Math.ceil(remaining / (workers * 4))));
}

async function extractInPool(root: string, relFiles: string[], options: ExtractOptions, size: number): Promise<ExtractedBatch> {
  const script = workerScript();
  if (!script) {
    // A packaging fault, not a parser one: the index still builds, on one thread.
    log.warn(`index_worker_missing(no index-worker.js beside ${fileURLToPath(import.meta.url)}): extracting in the main thread`);
    return extractInThread(root, relFiles, options);
  }
  const done = new Map<string, FileExtraction>();
  const queue = [...relFiles];
  let failure: ParserLoadError | undefined;
  let failed = 0;
  const workers: Worker[] = [];
  const record = (result: FileExtraction) => {
    done.set(result.file, result);
    options.onFileDone?.(result.file, result);
  };

  let ready = 0;
  let inMainThread = 0;
  // One file at a time, with a turn of the event loop after each so worker messages (and the
  // first result that says a worker is up) are handled between files.
  const runHere = async () => {
    while (ready < size && !failure && queue.length > 0 && !stopped(options)) {
      const file = queue.shift()!;
      try {
        record(await extractFile(root, file));
      } catch (err) {
        if (isParserUnavailable(err)) failure ??= new ParserLoadError(err.module, err.reason);
        else record(crashed(file, (err instanceof Error ? err.message : String(err)).split('\n')[0]!));
      }
      inMainThread++;
      await turn();
    }
  };

  const runWorker = (worker: Worker) => new Promise<void>((resolve) => {
    let inFlight: string[] = [];
    let up = false;
    const next = () => {
      if (failure || queue.length === 0 || stopped(options)) {
        resolve();
        return;
      }
      inFlight = queue.splice(0, chunkSize(queue.length, size));
      const message: ToWorker = { root, files: inFlight };
      worker.postMessage(message);
    };
    worker.on('message', (message: FromWorker) => {
      if (!up) {
        up = true;
        ready++;
      }
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
        case 'idle':
          next();
          break;
      }
    });
    worker.on('error', (err) => {
      // A worker that dies hands its unfinished files back; the others (or this thread) take them.
      queue.unshift(...inFlight);
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
    for (let i = 0; i < size; i++) workers.push(startWorker(script));
    const lanes = workers.map(runWorker);
    if (options.mainThreadLane ?? true) lanes.push(runHere());
    await Promise.all(lanes);
  } finally {
    await Promise.all(workers.map((w) => w.terminate().catch(() => 0)));
  }
  if (failure) throw failure;
  // Files handed back by dead workers are finished here rather than lost.
  if (queue.length > 0 && !stopped(options)) {
    const rest = await extractInThread(root, queue.slice(), options);
    for (const result of rest) done.set(result.file, result);
  }
  return assemble(relFiles, done, { workers: workers.length, failed, mainThreadFiles: inMainThread });
}

/**
 * Reads and extracts each workspace-relative file under `root`. Resolves with one result per
 * file started (read, size and parse problems are per-file `error`s); rejects with a
 * ParserLoadError ({ module, reason }) when the parser or a needed grammar cannot load.
 */
export async function extractFiles(root: string, relFiles: string[], options: ExtractOptions = {}): Promise<ExtractedBatch> {
  const size = options.workers ?? (relFiles.length < IN_THREAD_BELOW ? 0 : Math.min(availableParallelism(), MAX_WORKERS));
  const started = performance.now();
  const batch = size <= 0 || relFiles.length === 0
    ? await extractInThread(root, relFiles, options)
    : await extractInPool(root, relFiles, options, Math.min(size, relFiles.length));
  log.debug(
    `extract: ${batch.length} of ${relFiles.length} files in ${(performance.now() - started).toFixed(0)} ms, `
    + `${batch.pool.workers} workers (${batch.pool.failed} failed, ${batch.pool.mainThreadFiles} files in the main thread meanwhile)`
    + `${batch.notDone.length ? `, ${batch.notDone.length} not done` : ''}`,
  );
  return batch;
}
