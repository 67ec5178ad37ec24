// The extractor version a warm-start cache entry is valid for (core/index/extraction-cache.ts):
// one hash over everything that decides what extraction yields for a file's bytes, so a
// cached extraction is used only where a fresh one would be identical (READING-NOTES "A warm
// start is not a persisted index"). It covers the extraction phase's sources (hashed by this
// module's own function, at build time by scripts/build.mjs, else from the sources themselves),
// the parser runtime's installed version (resolved where it loads, since an install may pick
// another version than the build saw), the vendored grammars' manifest (its file hashes), and
// the cache's own format.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRAMMAR_MANIFEST, grammarsDir } from './extract/grammar-files.ts';

declare const __METABOB_EXTRACTOR_SOURCES__: string | undefined;

/** Bumped when the cache file's layout changes (extraction-cache.ts). */
export const CACHE_FORMAT = 2;

/**
 * The extraction phase's sources, relative to the repository root (tests/unit/extractor-version.test.ts
 * checks the set is closed). A comment change starts the cache cold too: one cold index, never a wrong graph.
 * index-caps.ts is in it because its size bound decides whether a file is extracted or answered as too large.
 */
export const EXTRACTOR_SOURCE_ROOTS = ['core/index/extract', 'core/index/extract-types.ts', 'core/index/index-caps.ts'];

function listSources(repoRoot: string, rel: string): string[] {
  if (!statSync(join(repoRoot, rel)).isDirectory()) return [rel];
  return readdirSync(join(repoRoot, rel)).flatMap((name) => listSources(repoRoot, `${rel}/${name}`));
}

/** sha256 over each extraction source's path and bytes, in path order, under `repoRoot`. */
export function extractorSourceHashOf(repoRoot: string): string {
  const files = EXTRACTOR_SOURCE_ROOTS.flatMap((rel) => listSources(repoRoot, rel))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(repoRoot, file)))
      .update('\0');
  return hash.digest('hex');
}

function sourceHash(): string {
  if (typeof __METABOB_EXTRACTOR_SOURCES__ === 'string') return __METABOB_EXTRACTOR_SOURCES__;
  // Unbuilt (tsx): this file is core/index/extractor-version.ts, two levels under the root.
  return extractorSourceHashOf(fileURLToPath(new URL('../..', import.meta.url)));
}

function installedVersion(resolvePackageJson: () => string): string {
  try {
    return String((JSON.parse(readFileSync(resolvePackageJson(), 'utf8')) as { version?: unknown }).version);
  } catch {
    return 'absent';
  }
}

// Process cache: the version is the same for the life of the process.
let version: string | undefined;

/** The vendored grammars' manifest, hashed: it names every .wasm file's sha256 ('absent' without it). */
function grammarsHash(): string {
  const dir = grammarsDir();
  if (!dir) return 'absent';
  return createHash('sha256')
    .update(readFileSync(join(dir, GRAMMAR_MANIFEST)))
    .digest('hex');
}

/** The extractor version: sources, the web-tree-sitter version, the grammars' manifest, cache format. */
export function extractorVersion(): string {
  if (version) return version;
  const requireHere = createRequire(import.meta.url);
  // web-tree-sitter's exports map hides its package.json; it sits beside the entry.
  const runtime = installedVersion(() => join(dirname(requireHere.resolve('web-tree-sitter')), 'package.json'));
  version = composeExtractorVersion({ sources: sourceHash(), runtime, grammars: grammarsHash() });
  return version;
}

/** The version from its parts: any part changing gives another version. */
export function composeExtractorVersion(parts: { sources: string; runtime: string; grammars: string }): string {
  return createHash('sha256')
    .update(`format ${CACHE_FORMAT}\0sources ${parts.sources}\0web-tree-sitter ${parts.runtime}\0grammars ${parts.grammars}`)
    .digest('hex')
    .slice(0, 32);
}
