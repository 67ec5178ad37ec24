// The extractor's source hash, baked into dist/ by scripts/build.mjs as
// __METABOB_EXTRACTOR_SOURCES__ (core/index/extractor-version.ts computes the same hash from
// the sources when running unbuilt). Every file of the per-file extraction phase is in it, so
// any change that could change an extraction starts the warm-start cache cold; a comment
// change does too, which costs one cold index and never a wrong graph.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The extraction phase's sources, relative to the repository root (tests/unit/extractor-version.test.ts checks it is closed). */
export const EXTRACTOR_SOURCE_ROOTS = ['core/index/extract', 'core/index/extract-types.ts'];

function listSources(repoRoot, rel) {
  if (!statSync(join(repoRoot, rel)).isDirectory()) return [rel];
  return readdirSync(join(repoRoot, rel)).flatMap((name) => listSources(repoRoot, `${rel}/${name}`));
}

/** sha256 over each source's path and bytes, in path order. */
export function extractorSourceHash(repoRoot) {
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
