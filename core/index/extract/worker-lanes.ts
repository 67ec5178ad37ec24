// The pool's lanes (extract-files.ts): how many a run gets, how a worker thread starts, and the
// workers started ahead of a run (while the index scans the workspace) that wait for its files.
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { grammarForPath, type GrammarId } from './grammar-loader.ts';
import type { ToWorker, WorkerStart } from './worker-protocol.ts';
import { keepEngineFlags } from '../../engine-flags.ts';

/** Below this many files, worker start-up costs more than it saves. */
export const IN_THREAD_BELOW = 40;
/** Lanes at most (this thread included): beyond this the resolution pass dominates anyway. */
const MAX_LANES = 4;

/**
 * The worker script: dist/index-worker.js beside (or one level above, from dist/chunks/) the
 * bundled code, or worker.ts next to this file when running from source under tsx.
 */
export function workerScript(): { url: URL; typescript: boolean } | undefined {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./worker.ts', here), typescript: true };
  for (const candidate of ['./index-worker.js', '../index-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { url, typescript: false };
  }
  return undefined;
}

/**
 * A worker's V8 heap bounds: it holds one file's tree walk at a time, so a small heap is enough,
 * and without a bound each worker's heap grew with the files it had done (a 5,000-file tree:
 * peak RSS 393 MB, 316 MB bounded; effect's 936 KB Effect.ts extracts the same within it).
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

/** `yieldToServer`: the worker yields the CPU to this thread from its start (worker.ts), its runtime's compile included. */
function startWorker({ url, typescript }: { url: URL; typescript: boolean }, yieldToServer: boolean): Worker {
  // stdout: true keeps anything a worker prints off the MCP transport; it goes to stderr.
  // Not the parent's execArgv: under the test runner it holds flags a worker refuses.
  const workerData: WorkerStart = { yieldToServer };
  const options: WorkerOptions = { execArgv: [], stdout: true, stderr: false, resourceLimits: WORKER_HEAP, workerData };
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
  // A worker's isolates (its own once online, a module loader's under tsx by its first message)
  // reset, as they configure their heaps, a V8 flag this thread's heap relies on for short
  // pauses (engine-flags.ts).
  worker.once('online', keepEngineFlags);
  worker.once('message', keepEngineFlags);
  return worker;
}

/** Lanes at most: one per core, within MAX_LANES. */
export function laneCount(): number {
  return Math.max(1, Math.min(availableParallelism(), MAX_LANES));
}

// Process cache: a pool of worker threads started ahead of the next run in this process.
/** Workers started ahead of a run (prewarmExtraction), waiting unref'd for its files. */
let standby: Worker[] = [];
let standbyTimer: NodeJS.Timeout | undefined;
const STANDBY_MS = 10_000;

export function dropStandby(): void {
  for (const worker of standby) void worker.terminate().catch(() => 0);
  standby = [];
}

/**
 * Starts the pool's workers before the caller knows which files it will extract: the index
 * calls it before its workspace scan on a first run, so a worker's start-up (~60-100 ms of
 * thread and module start, then its parser runtime's compile) overlaps the scan instead of
 * following it. This thread's runtime is not loaded: its lane is not needed for a large run.
 * Workers not taken within 10 s end. `yieldToServer` as the run's (ExtractOptions), default true.
 */
export function prewarmExtraction(yieldToServer = true): void {
  const script = workerScript();
  if (!script) return;
  while (standby.length < laneCount()) {
    const worker = startWorker(script, yieldToServer);
    worker.unref();
    // One that dies while waiting (a broken install) is dropped, not handed to a run; and an
    // 'error' with no listener yet would throw in this thread.
    const gone = () => {
      standby = standby.filter((w) => w !== worker);
    };
    worker.once('error', gone);
    worker.once('exit', gone);
    standby.push(worker);
  }
  clearTimeout(standbyTimer);
  standbyTimer = setTimeout(dropStandby, STANDBY_MS).unref();
}

/**
 * Ends the workers started ahead that no run took: a run that found nothing to extract (an empty
 * workspace, every file cached) would otherwise leave them to end at STANDBY_MS, and a CLI
 * `index` could not exit before then (SPEC §init_workspace: a run ends within its budget).
 */
export function releasePrewarmed(): void {
  clearTimeout(standbyTimer);
  dropStandby();
}

/** How many workers started ahead wait for a run. */
export function standbyWorkerCount(): number {
  return standby.length;
}

/**
 * Files of one grammar the scan finds before the workers started ahead load it: a grammar's
 * load (its WebAssembly compile, 0.1-0.8 s here) then overlaps the scan instead of following
 * it in every lane. Fewer files than a batch worth a worker (Django's 21 .js files) leave it
 * to the one lane that takes them.
 */
const PRELOAD_AFTER_FILES = IN_THREAD_BELOW;

/**
 * Counts the files the scan finds by grammar, and has the workers started ahead load a grammar
 * once PRELOAD_AFTER_FILES of its files are found (prewarmExtraction).
 */
export function grammarPreloader(): (file: string) => void {
  const found = new Map<GrammarId, number>();
  return (file) => {
    const grammar = grammarForPath(file)?.grammar;
    if (!grammar) return;
    const count = (found.get(grammar) ?? 0) + 1;
    found.set(grammar, count);
    if (count !== PRELOAD_AFTER_FILES) return;
    const message: ToWorker = { type: 'preload', grammar };
    for (const worker of standby) worker.postMessage(message);
  };
}

export function takeWorker(script: { url: URL; typescript: boolean }, yieldToServer: boolean): Worker {
  const worker = standby.shift();
  if (!worker) return startWorker(script, yieldToServer);
  worker.ref();
  return worker;
}
