// The warm-start cache's extractor version (core/index/extractor-version.ts) changes whenever
// an extraction could: the build's hash and the unbuilt one agree, any source edit changes it,
// the parser runtime's and grammars' versions are in it, and the hashed sources are closed
// (extraction imports nothing outside them but the logger and the engine flags).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTRACTOR_SOURCE_ROOTS, composeExtractorVersion, extractorSourceHashOf, extractorVersion } from '../../core/index/extractor-version.ts';
import { tempDir } from '../helpers/git.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(rel: string): string[] {
  if (!statSync(join(ROOT, rel)).isDirectory()) return [rel];
  return readdirSync(join(ROOT, rel)).flatMap((name) => filesUnder(`${rel}/${name}`));
}

const SOURCES: string[] = EXTRACTOR_SOURCE_ROOTS.flatMap(filesUnder).filter((f: string) => f.endsWith('.ts'));

test('the unbuilt extractor version is a 32-hex hash over the sources', () => {
  assert.match(extractorSourceHashOf(ROOT), /^[0-9a-f]{64}$/);
  assert.match(extractorVersion(), /^[0-9a-f]{32}$/);
});

test('editing, adding or removing an extraction source gives another hash', () => {
  const copy = tempDir('extractor-version-');
  for (const rel of EXTRACTOR_SOURCE_ROOTS) cpSync(join(ROOT, rel), join(copy, rel), { recursive: true });
  const before = extractorSourceHashOf(copy);
  assert.equal(before, extractorSourceHashOf(ROOT));
  const seen = new Set([before]);
  const handler = join(copy, 'core/index/extract/languages/python.ts');
  writeFileSync(handler, readFileSync(handler, 'utf8') + '\n');
  seen.add(extractorSourceHashOf(copy));
  writeFileSync(join(copy, 'core/index/extract/languages/new-language.ts'), 'export {};\n');
  seen.add(extractorSourceHashOf(copy));
  writeFileSync(join(copy, 'core/index/extract-types.ts'), '');
  seen.add(extractorSourceHashOf(copy));
  assert.equal(seen.size, 4);
});

test('the parser runtime, the grammars and the cache format are part of the version', () => {
  const base = { sources: 'a', runtime: '0.25.6', grammars: 'manifest-a' };
  const versions = new Set([
    composeExtractorVersion(base),
    composeExtractorVersion({ ...base, sources: 'b' }),
    composeExtractorVersion({ ...base, runtime: '0.25.7' }),
    composeExtractorVersion({ ...base, grammars: 'manifest-b' }),
  ]);
  assert.equal(versions.size, 4);
});

// Logging and V8's engine flags change what is printed and how fast, never what is extracted;
// fd-exhaustion.ts only tells a run out of descriptors from an unreadable file, and a run that
// meets it stops without an extraction to cache.
const NEUTRAL = ['core/log.ts', 'core/engine-flags.ts', 'core/index/fd-exhaustion.ts'];

test('the extraction sources import nothing outside the hashed set but the logger, the engine flags and the descriptor check', () => {
  const allowed = new Set([...SOURCES, ...NEUTRAL]);
  const outside: string[] = [];
  for (const file of SOURCES) {
    const code = readFileSync(join(ROOT, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), m[1] ?? m[2])))
        .split('\\')
        .join('/');
      if (!allowed.has(target)) outside.push(`${file} -> ${target}`);
    }
  }
  assert.deepEqual(outside, [], 'an import here can change extraction output: add its file to EXTRACTOR_SOURCE_ROOTS (core/index/extractor-version.ts)');
});

test('the build bakes in the sources hash it was built from', { skip: !existsSync(join(ROOT, 'dist/main.js')) && 'not built' }, () => {
  const hash = extractorSourceHashOf(ROOT);
  const dist = join(ROOT, 'dist');
  const bundles = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js') || f.endsWith('.cjs'));
  assert.ok(
    bundles.some((f) => readFileSync(join(dist, f), 'utf8').includes(hash)),
    'dist/ holds the current extraction sources hash (rebuild after changing them)',
  );
});
