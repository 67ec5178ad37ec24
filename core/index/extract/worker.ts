// The pool's worker (a separate esbuild entry, dist/index-worker.js; see extract-files.ts).
// It extracts the files it is handed one at a time, posting each result as it is done so the
// main thread can report progress per file; grammars load lazily on the first file.
import { parentPort, workerData } from 'node:worker_threads';
import { setPriority } from 'node:os';
import { extractFile, HASHED, prepareGrammar } from './extract-file.ts';
import { isParserUnavailable, loadRuntime } from './grammar-loader.ts';
import type { FromWorker, ToWorker, WorkerStart } from './worker-protocol.ts';
import { fdExhaustionCode } from '../fd-exhaustion.ts';

/** The workers' niceness on Linux: enough for the server's thread to preempt them when it wakes. */
const WORKER_NICE = 5;

// Linux renices the calling thread only: this worker yields the CPU to the server's thread, which
// must answer while the index runs (SPEC §init_workspace), when both want it on a busy machine.
// Elsewhere the call would renice the whole process, so it is not made. The CLI's index has no
// requests to answer, and a reniced worker gets a third of a share against the machine's other
// work: its workers keep the process's priority.
let reniced = false;
function yieldToServer(): void {
  if (reniced || process.platform !== 'linux') return;
  reniced = true;
  try {
    setPriority(WORKER_NICE);
  } catch {
    // not allowed here: the worker runs at the process's priority
  }
}

const port = parentPort;
if (!port) throw new Error('core/index/extract/worker.ts runs only as a worker thread');
// Test switch: a worker that dies as it starts, as one of a broken install would.
if (process.env.METABOB_FAKE_WORKER_CRASH) throw new Error('simulated worker crash (METABOB_FAKE_WORKER_CRASH)');

// Before anything compiles: a worker started ahead of a server's index compiles its parser
// runtime and grammars while the server's thread scans the workspace and answers requests.
if ((workerData as WorkerStart | undefined)?.yieldToServer) yieldToServer();

// The runtime loads now, while the main thread is still scanning or handing out files; a
// failure is answered by the first file, which awaits the same load.
void loadRuntime().catch(() => {});

function post(message: FromWorker): void {
  port!.postMessage(message);
}

// eslint-disable-next-line @typescript-eslint/no-misused-promises -- each file's failure is caught and posted; a throw from post() means the port is gone, and the rejection ends the worker, whose 'error' event the pool handles
port.on('message', async (message: ToWorker) => {
  if (message.type === 'preload') {
    // A failure is answered by the grammar's first file, which awaits the same load.
    void prepareGrammar(message.grammar).catch(() => {});
    return;
  }
  if (message.yieldToServer) yieldToServer();
  for (const file of message.files) {
    try {
      post({ type: 'file', json: JSON.stringify(await extractFile(message.root, file, HASHED)) });
    } catch (err) {
      const fd = fdExhaustionCode(err);
      if (fd) {
        post({ type: 'fd_exhausted', file, code: fd, reason: (err instanceof Error ? err.message : String(err)).split('\n')[0]! });
        return;
      }
      if (isParserUnavailable(err)) {
        post({ type: 'unavailable', module: err.module, reason: err.reason });
        return;
      }
      post({ type: 'crashed', file, reason: (err instanceof Error ? err.message : String(err)).split('\n')[0]! });
    }
  }
  post({ type: 'idle' });
});
