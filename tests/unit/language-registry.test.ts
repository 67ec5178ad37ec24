// The language registry is the one source of what the index knows about languages
// (core/index/extract/languages/registry.ts, STYLE habit 15): every count and list here comes
// from it, so a new module is checked by the same tests without editing them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DEFAULT_INCLUDE,
  GRAMMAR_IDS,
  LANGUAGE_MODULES,
  kindOfPath,
  languageModuleIndex,
  languageTraits,
  parsedExtensions,
} from '../../core/index/extract/languages/registry.ts';
import type { LanguageModule } from '../../core/index/extract/languages/language-module.ts';
import type { LanguageId } from '../../core/index/extract-types.ts';
import { grammarModuleName, parserWasmFiles } from '../../core/index/extract/grammar-loader.ts';
import { extractSource } from '../../core/index/extract/extract-file.ts';
import { normalizeExtensions, scanWorkspace } from '../../core/index/scan-workspace.ts';
import initWorkspace from '../../core/tools/init-workspace.ts';
import { specPath } from '../../scripts/spec-anchors.ts';

const modules: readonly LanguageModule[] = LANGUAGE_MODULES;

test('no extension, language or grammar is claimed by two modules', () => {
  const extensions = modules.flatMap((m) => Object.keys(m.extensions));
  const languages = modules.flatMap((m) => Object.keys(m.languages));
  const grammars = modules.flatMap((m) => m.grammars);
  assert.equal(new Set(extensions).size, extensions.length);
  assert.equal(new Set(languages).size, languages.length);
  assert.equal(new Set(grammars).size, grammars.length);
  assert.deepEqual(parsedExtensions().sort(), [...extensions].sort());
  assert.deepEqual([...GRAMMAR_IDS], grammars);
});

test("each extension's grammar and language are its own module's, and lower-case with a dot", () => {
  modules.forEach((m, index) => {
    for (const [extension, kind] of Object.entries(m.extensions)) {
      assert.match(extension, /^\.[a-z0-9]+$/);
      assert.ok(m.grammars.includes(kind.grammar), `${extension}: grammar ${kind.grammar} is not its module's`);
      assert.ok(Object.hasOwn(m.languages, kind.language), `${extension}: language ${kind.language} has no traits`);
      assert.deepEqual(kindOfPath(`dir/file${extension.toUpperCase()}`), kindOfPath(`dir/file${extension}`));
      assert.equal(kindOfPath(`dir/file${extension}`)?.grammar, kind.grammar);
      assert.equal(languageModuleIndex(kind.language as LanguageId), index);
    }
    // Every grammar and language is reached by some extension.
    const kinds = Object.values(m.extensions);
    for (const grammar of m.grammars)
      assert.ok(
        kinds.some((k) => k.grammar === grammar),
        `grammar ${grammar} parses no extension`,
      );
    for (const language of Object.keys(m.languages))
      assert.ok(
        kinds.some((k) => k.language === language),
        `language ${language} has no extension`,
      );
  });
});

test('every language has traits the graph reads, and the shared import kinds are no language', () => {
  for (const m of modules) {
    for (const language of Object.keys(m.languages)) assert.ok(['exports', 'unlisted', 'namespace', 'package'].includes(languageTraits(language)!.surface));
  }
  for (const kind of ['esm', 'require', 'reexport', 'dynamic']) assert.equal(languageTraits(kind), undefined);
});

test("the scan defaults are the modules' default extensions, each one a module parses", () => {
  assert.deepEqual(
    [...DEFAULT_INCLUDE],
    modules.flatMap((m) => m.indexedByDefault),
  );
  for (const m of modules) {
    for (const extension of m.indexedByDefault) assert.ok(Object.hasOwn(m.extensions, `.${extension}`), `.${extension} is indexed by default but not parsed`);
  }
  assert.deepEqual(
    normalizeExtensions(undefined),
    DEFAULT_INCLUDE.map((e) => `.${e}`),
  );
  assert.deepEqual(normalizeExtensions([]), normalizeExtensions(undefined));
});

test('a scan of every parsed extension finds only files a module parses, and a fixture of each module', () => {
  // The scan is over this checkout's own fixtures: each language has a file there.
  const all = normalizeExtensions(parsedExtensions());
  const scanned = scanWorkspace(resolve(import.meta.dirname, '../fixtures/extract'), all, []).files.map((f) => f.file);
  for (const file of scanned) assert.ok(kindOfPath(file), `${file} scanned but parsed by no module`);
  for (const m of modules)
    assert.ok(
      scanned.some((f) => Object.hasOwn(m.extensions, f.slice(f.lastIndexOf('.')))),
      `no fixture of ${Object.keys(m.languages)}`,
    );
});

test("init_workspace's include default is the registry's", () => {
  const include = initWorkspace.inputSchema.shape.include;
  assert.ok(include.description?.includes(`(default ${DEFAULT_INCLUDE.join(',')})`), include.description);
});

test("the spec's include default is the registry's", (t) => {
  const path = specPath();
  if (!path) {
    t.diagnostic('no SPEC.md beside this checkout');
    return;
  }
  const row = /^include\tstring\[\]\t\[([a-z,]+)\]\t/m.exec(readFileSync(path, 'utf8'));
  assert.ok(row, 'the spec names the include default');
  assert.deepEqual(row[1]!.split(','), [...DEFAULT_INCLUDE]);
});

test('every grammar has its .wasm in vendor/grammars/, under the name the loader reports it by', () => {
  const files = parserWasmFiles();
  for (const grammar of GRAMMAR_IDS) {
    const file = files[grammarModuleName(grammar)];
    assert.ok(file && existsSync(file), `${grammar}: ${file} missing`);
  }
  assert.equal(Object.keys(files).length, GRAMMAR_IDS.length + 1, 'the runtime and one file per grammar');
});

test("every grammar loads and has every node type its module's handlers name", async () => {
  for (const m of modules) {
    for (const [extension, kind] of Object.entries(m.extensions)) {
      const result = await extractSource(`empty${extension}`, '');
      assert.equal(result.error, undefined, `${extension}: ${result.error}`);
      assert.equal(result.language, kind.language);
    }
  }
});
