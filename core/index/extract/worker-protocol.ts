// Messages between extract-files.ts and its workers. A result travels as its JSON text: the
// main thread's JSON.parse of one string is several times cheaper than structured-clone
// deserialisation of thousands of small objects, and the main thread is the pool's one
// serial part.
import type { GrammarId } from './grammar-loader.ts';

/** A worker's workerData. */
export interface WorkerStart {
  /** Whether the worker yields the CPU to the thread that hands out files (see worker.ts). */
  yieldToServer: boolean;
}

export type ToWorker =
  | {
      type: 'files';
      root: string;
      files: string[];
      /** Whether the worker yields the CPU to the thread that hands out files (see worker.ts). */
      yieldToServer: boolean;
    }
  /** Load a grammar ahead of its first file, while the main thread still scans (extract-files.ts). */
  | { type: 'preload'; grammar: GrammarId };

export type FromWorker =
  | { type: 'file'; json: string }
  /** A file whose extraction threw something other than a parser load failure. */
  | { type: 'crashed'; file: string; reason: string }
  /** The parser or a grammar could not load: the whole index is unavailable. */
  | { type: 'unavailable'; module: string; reason: string }
  /** No file descriptor was free (EMFILE, ENFILE): the whole run stops (../fd-exhaustion.ts). */
  | { type: 'fd_exhausted'; file: string; code: string; reason: string }
  /** The chunk is done; hand out the next one. */
  | { type: 'idle' };
