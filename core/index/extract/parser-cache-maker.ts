// A separate esbuild entry (dist/parser-cache-maker.js): writes the parser code cache for this
// Node's V8 under the directory it is given (core/index/extract/parser-code-cache.ts). The
// build runs it for dist/parser-cache, and a launch whose V8 has no cache there starts it in
// the background, so the next launch parses on optimized code. It runs in a process of its
// own, started like the bin, because V8 accepts a cache only under the flags it was made with.
import { readFileSync, rmSync } from 'node:fs';
import { applyEngineFlags } from '../../engine-flags.ts';

applyEngineFlags();
const { parserWasmFiles } = await import('./grammar-loader.ts');
const { writeParserCodeCache } = await import('./parser-code-cache.ts');

// The lock file a launch took before starting this rebuild (none from the build).
const [base, lock] = process.argv.slice(2);
if (!base) throw new Error('usage: parser-cache-maker.js <parser-cache directory> [lock file]');
try {
  const sources: Record<string, Uint8Array> = {};
  for (const [name, file] of Object.entries(parserWasmFiles())) sources[name] = readFileSync(file);
  writeParserCodeCache(base, sources);
} finally {
  if (lock) rmSync(lock, { force: true });
}
