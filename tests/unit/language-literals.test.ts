// A language is one module (core/index/extract/languages/, STYLE habit 15): outside that folder
// no code in core/ compares a value against a language's or grammar's name. A rule about one
// language belongs in its module, as a trait the rest of the index reads from the registry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GRAMMAR_IDS, LANGUAGE_MODULES } from '../../core/index/extract/languages/registry.ts';
import { languageLiteralComparisons } from '../helpers/language-literals.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const LANGUAGES_DIR = join(ROOT, 'core/index/extract/languages');

/**
 * Comparisons allowed outside the language modules, as `file:line-text` keys, each with why.
 * Empty: every one found is a language rule that belongs in a module.
 */
const ALLOWED: Record<string, string> = {};

function registeredNames(): string[] {
  return [...LANGUAGE_MODULES.flatMap((m) => Object.keys(m.languages)), ...GRAMMAR_IDS];
}

test('no code in core/ outside the language modules compares against a language or grammar name', () => {
  const found = languageLiteralComparisons(join(ROOT, 'core'), registeredNames(), ROOT, (path) => path === LANGUAGES_DIR);
  const unexplained = found.filter((f) => !Object.hasOwn(ALLOWED, `${f.file}:${f.text}`)).map((f) => `${f.file}:${f.line}: ${f.text}`);
  assert.deepEqual(unexplained, [], 'move the rule into the language module (a trait in languages/language-module.ts) or allow it here with a reason');
});

test('the allow-list holds only comparisons that still exist', () => {
  const found = new Set(
    languageLiteralComparisons(join(ROOT, 'core'), registeredNames(), ROOT, (path) => path === LANGUAGES_DIR).map((f) => `${f.file}:${f.text}`),
  );
  assert.deepEqual(
    Object.keys(ALLOWED).filter((key) => !found.has(key)),
    [],
  );
});

test('the scanner finds each form of comparison, and not a name that is only mentioned', () => {
  const [first, second, third] = registeredNames();
  const dir = mkdtempSync(join(tmpdir(), 'language-literals-'));
  try {
    writeFileSync(
      join(dir, 'sample.ts'),
      [
        `// a comment naming ${first}`,
        `if (x.language === '${first}') f();`,
        `const y = '${second}' !== kind;`,
        `const label = { language: '${first}' };`,
        'switch (k) {',
        `  case "${third}": break;`,
        '}',
        `if (k == \`${second}\`) g();`,
        `if (k === '${first}x') h();`,
      ].join('\n'),
    );
    const found = languageLiteralComparisons(dir, registeredNames(), dir);
    assert.deepEqual(
      found.map((f) => `${f.file}:${f.line}`),
      ['sample.ts:2', 'sample.ts:3', 'sample.ts:6', 'sample.ts:8'],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
