// The TUI boundary, read from the source's own import lines: core/ never imports ink or react,
// and reaches tui/ only by a dynamic import() (a server start must load none of them). Which
// folder may import which is tests/unit/dependency-direction.test.ts's table; this holds what
// the table does not: packages, and static against dynamic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Import {
  file: string;
  specifier: string;
  dynamic: boolean;
}

/** Every `from '...'`, `import '...'` and `import('...')` in a file, dynamic or not. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const rel = relative(ROOT, file);
  const found: Import[] = [];
  for (const m of text.matchAll(/\bfrom\s+['"]([^'"\n]+)['"]/g)) found.push({ file: rel, specifier: m[1], dynamic: false });
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"\n]+)['"]/gm)) found.push({ file: rel, specifier: m[1], dynamic: false });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g)) found.push({ file: rel, specifier: m[1], dynamic: true });
  return found;
}

/** The import's target as a path from the repository root, or the package name. */
function target(imp: Import): string {
  if (!imp.specifier.startsWith('.')) return imp.specifier;
  return relative(ROOT, resolve(ROOT, dirname(imp.file), imp.specifier));
}

const coreImports = sourceFiles(join(ROOT, 'core')).flatMap(importsOf);
const tuiImports = sourceFiles(join(ROOT, 'tui')).flatMap(importsOf);

test('the scan sees the imports it rules on: core/cli loads the view, the view imports ink', () => {
  assert.ok(coreImports.some((i) => i.dynamic && i.file.startsWith('core/cli/') && target(i) === 'tui/render-ink.tsx'));
  assert.ok(tuiImports.some((i) => i.specifier === 'ink'));
});

test('core never imports ink or react, and reaches tui/ only by a dynamic import', () => {
  const ui = coreImports.filter((i) => /^(ink|react)(\/|$)/.test(i.specifier));
  assert.deepEqual(ui, [], 'core imports no ink or react');
  const toTui = coreImports.filter((i) => target(i).startsWith('tui/'));
  assert.deepEqual(
    toTui.filter((i) => !i.dynamic),
    [],
    'no static import of tui/ from core',
  );
});
