// The grammars the index parses with are the files in vendor/grammars/, copied from each grammar
// project's npm release by scripts/vendor-grammars.ts: every grammar a language module names has
// its file there, copied from the package and version the module names, with the bytes the
// manifest recorded (a file replaced by hand, or a module bumped without re-vendoring, fails),
// and with its package's license beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GRAMMAR_IDS, GRAMMAR_PACKAGES } from '../../core/index/extract/languages/registry.ts';
import { GRAMMAR_MANIFEST, grammarsDir, type GrammarManifest } from '../../core/index/extract/grammar-files.ts';
import { sha256Of } from '../../scripts/vendor-grammars.ts';

const dir = grammarsDir();

function manifest(): GrammarManifest {
  assert.ok(dir, 'vendor/grammars/ is found from the loader');
  return JSON.parse(readFileSync(join(dir, GRAMMAR_MANIFEST), 'utf8')) as GrammarManifest;
}

test('every grammar is vendored from the package and version its language module names', () => {
  const { files, packages } = manifest();
  for (const grammar of GRAMMAR_IDS) {
    const entry = files[`tree-sitter-${grammar}.wasm`];
    assert.ok(entry, `${grammar} is in the manifest`);
    assert.equal(entry.from, GRAMMAR_PACKAGES[grammar], `${grammar} comes from the module's package`);
    assert.ok(packages[entry.from], `${entry.from} is recorded`);
  }
  assert.equal(Object.keys(files).length, GRAMMAR_IDS.length, 'no grammar file the index does not load');
});

test('each vendored .wasm has the sha256 the manifest recorded, and each package its license', () => {
  const { files, packages } = manifest();
  for (const [file, entry] of Object.entries(files)) assert.equal(sha256Of(join(dir!, file)), entry.sha256, `${file} is the file vendored`);
  for (const [spec, entry] of Object.entries(packages)) {
    assert.match(entry.integrity, /^sha512-/, `${spec} records its tarball's integrity`);
    assert.ok(existsSync(join(dir!, entry.licenseFile)), `${spec}: ${entry.licenseFile}`);
    assert.match(readFileSync(join(dir!, entry.licenseFile), 'utf8'), /Permission is hereby granted/, `${spec} is MIT as recorded`);
  }
  const expected = new Set([GRAMMAR_MANIFEST, ...Object.keys(files), ...Object.values(packages).map((p) => p.licenseFile)]);
  assert.deepEqual(
    readdirSync(dir!).filter((f) => !expected.has(f)),
    [],
    'nothing else in vendor/grammars/',
  );
});
