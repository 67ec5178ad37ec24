// Where the index gets per-file extraction from (core/index/extract/), loaded with a
// dynamic import so the parser's chunk loads on the first init_workspace, never at server
// start (SPEC §init_workspace `lazy-native`). A load failure becomes the one line every local
// tool answers with: `local_index_unavailable(<module>: <reason>)`.
import type { FileExtraction } from './extract-types.ts';
// Types only: erased from the build, so this import loads nothing.
import type { ExtractOptions as PoolOptions } from './extract/extract-files.ts';

/** What the index passes: the pool's own options, less the test and bench overrides. */
export type ExtractOptions = Pick<PoolOptions, 'onFileDone' | 'signal' | 'deadline' | 'sizes' | 'slicer' | 'yieldToServer'>;

export type ExtractFn = (root: string, relFiles: string[], options: ExtractOptions) => Promise<FileExtraction[]>;

/** The line for a parser load failure, or undefined when the error is something else. */
export function parserFailureLine(err: unknown): string | undefined {
  if (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { module?: unknown }).module === 'string' &&
    typeof (err as { reason?: unknown }).reason === 'string'
  ) {
    const { module, reason } = err as { module: string; reason: string };
    return `local_index_unavailable(${module}: ${reason.split('\n')[0]})`;
  }
  return undefined;
}

/**
 * web-tree-sitter without its runtime .wasm does not fail its init alone: Emscripten aborts with a
 * second rejection no caller holds, and the process ends. SPEC §init_workspace `lazy-native` wants
 * local_index_unavailable with the other tools still working, so the file is looked for (by the
 * loader's own lookup) before the runtime starts, on this thread or a worker.
 */
async function runtimeWasmMissing(): Promise<string | undefined> {
  try {
    (await import('./extract/grammar-loader.ts')).parserWasmFiles();
  } catch (err) {
    const line = parserFailureLine(err);
    // A grammar's own failure is reported when a file of its language is parsed.
    if (line?.startsWith('local_index_unavailable(web-tree-sitter:')) return line;
  }
  return undefined;
}

// Process cache: the extractor module (and the parser with it) loads once.
let loaded: Promise<ExtractFn | string> | undefined;

/** The extractor (the worker pool's extractFiles), or the failure line when its module cannot load. */
export function loadExtractor(): Promise<ExtractFn | string> {
  loaded ??= runtimeWasmMissing().then(
    (missing) =>
      missing ??
      import('./extract/index.ts').then(
        (mod) => mod.extractFiles as ExtractFn,
        (err: unknown) => parserFailureLine(err) ?? `local_index_unavailable(index-extractor: ${(err as Error)?.message?.split('\n')[0] ?? String(err)})`,
      ),
  );
  return loaded;
}

/** The extractor module once a prewarm loaded it: what releasePrewarmed ends. */
let prewarmed: { releasePrewarmed(): void } | undefined;

/**
 * Loads the extractor and starts its workers and parser runtime ahead of a run expected to be
 * large (a first index): awaited before the workspace scan, so their start-up overlaps it.
 * Returns what the scan tells of each file it finds, so the workers load the grammars it needs
 * meanwhile too. A load failure is left for loadExtractor to report.
 */
export async function prewarmExtractor(yieldToServer: boolean): Promise<((file: string) => void) | undefined> {
  if (await runtimeWasmMissing()) return undefined;
  try {
    const extractor = await import('./extract/index.ts');
    extractor.prewarmExtraction(yieldToServer);
    prewarmed = extractor;
    return extractor.grammarPreloader();
  } catch {
    // reported by loadExtractor
    return undefined;
  }
}

/** Ends the workers a prewarm started that the run did not take (an empty workspace, every file cached). */
export function releasePrewarmed(): void {
  prewarmed?.releasePrewarmed();
}
