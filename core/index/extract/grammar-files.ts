// Where the grammars' .wasm files are: vendor/grammars/ of this package, copied there from each
// grammar project's npm release by scripts/vendor-grammars.ts, with grammars.json recording
// where each came from (package, version, tarball integrity, license) and its sha256.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder, relative to the package root. */
export const GRAMMARS_DIR = 'vendor/grammars';
export const GRAMMAR_MANIFEST = 'grammars.json';

export interface GrammarManifest {
  /** By `name@version`: the npm package a .wasm was copied from. */
  packages: Record<string, { license: string; integrity: string; licenseFile: string }>;
  /** By file name (`tree-sitter-<grammar>.wasm`). */
  files: Record<string, { from: string; sha256: string }>;
}

// Process cache: the package does not move while it runs.
let found: string | null | undefined;

/**
 * The package's vendor/grammars/, found by walking up from this module: it runs from
 * core/index/extract/ under tsx, and from dist/ or dist/chunks/ once bundled.
 */
export function grammarsDir(): string | undefined {
  if (found !== undefined) return found ?? undefined;
  found = null;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++) {
    const candidate = join(dir, GRAMMARS_DIR);
    if (existsSync(join(candidate, GRAMMAR_MANIFEST))) {
      found = candidate;
      break;
    }
    dir = dirname(dir);
  }
  return found ?? undefined;
}
