// Where the index gets per-file extraction from (part A's core/index/extract/), loaded with a
// dynamic import so the parser's chunk loads on the first init_workspace, never at server
// start (SPEC §init_workspace `lazy-native`). A load failure becomes the one line every local
// tool answers with: `local_index_unavailable(<module>: <reason>)`.
import type { FileExtraction } from './extract-types.ts';

export interface ExtractOptions {
  onFileDone?: (file: string) => void;
  signal?: AbortSignal;
  /** Epoch ms: no new file is started after it; what was done is returned. */
  deadline?: number;
}

export type ExtractFn = (root: string, relFiles: string[], options: ExtractOptions) => Promise<FileExtraction[]>;

/** The line for a parser load failure, or undefined when the error is something else. */
export function parserFailureLine(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && typeof (err as { module?: unknown }).module === 'string' && typeof (err as { reason?: unknown }).reason === 'string') {
    const { module, reason } = err as { module: string; reason: string };
    return `local_index_unavailable(${module}: ${reason.split('\n')[0]})`;
  }
  return undefined;
}

let loaded: Promise<ExtractFn | string> | undefined;

/** The extractor, or the failure line when its module cannot load. */
export function loadExtractor(): Promise<ExtractFn | string> {
  // Interim until part A's pooled extractFiles lands: one file after another in this thread.
  loaded ??= import('./extract/extract-file.ts').then(
    (mod) => sequentialExtractor(mod.extractFile),
    (err: unknown) => parserFailureLine(err) ?? `local_index_unavailable(index-extractor: ${(err as Error)?.message?.split('\n')[0] ?? String(err)})`,
  );
  return loaded;
}

function sequentialExtractor(extractFile: (root: string, rel: string) => Promise<FileExtraction>): ExtractFn {
  return async (root, relFiles, options) => {
    const out: FileExtraction[] = [];
    for (const rel of relFiles) {
      if (options.signal?.aborted || (options.deadline !== undefined && Date.now() > options.deadline)) break;
      out.push(await extractFile(root, rel));
      options.onFileDone?.(rel);
    }
    return out;
  };
}
