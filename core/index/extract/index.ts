// The per-file extraction phase of the local index (SPEC §init_workspace). The graph loads this with
// a dynamic import on the first init_workspace (core/index/extractor-port.ts); nothing here
// loads the parser until a file is extracted.
export { BYTES_PER_WORKER, extractFiles } from './extract-files.ts';
export { grammarPreloader, IN_THREAD_BELOW, prewarmExtraction, releasePrewarmed, standbyWorkerCount } from './worker-lanes.ts';
export type { ExtractOptions, ExtractedBatch } from './extract-files.ts';
export { extractFile, extractSource, MAX_FILE_BYTES } from './extract-file.ts';
export { grammarForPath, isParserUnavailable, ParserLoadError } from './grammar-loader.ts';
export type { ParserUnavailable } from './grammar-loader.ts';
