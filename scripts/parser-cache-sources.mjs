// The WebAssembly the parser code cache holds, by the names the grammar loader asks for
// (core/index/extract/grammar-loader.ts): web-tree-sitter's runtime and each grammar it loads.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const GRAMMARS = ['typescript', 'tsx', 'javascript', 'python', 'go', 'java', 'rust'];

export function parserCacheSources() {
  const require = createRequire(import.meta.url);
  const grammarDir = join(dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
  const sources = { 'web-tree-sitter': readFileSync(join(dirname(require.resolve('web-tree-sitter')), 'tree-sitter.wasm')) };
  for (const grammar of GRAMMARS) sources[`tree-sitter-${grammar}`] = readFileSync(join(grammarDir, `tree-sitter-${grammar}.wasm`));
  return sources;
}
