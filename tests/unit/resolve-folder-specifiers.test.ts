// A relative specifier that names a folder resolves to the folder's index file, with or without a
// trailing slash: `require('./')` in adapters/hash.js (as @dabh/diagnostics writes it) is
// adapters/index.js, as Node's resolution and the checker read it, and so are `require('.')`,
// `require('../')` one level down, and `import './lib/'`. A run of slashes is dropped in linear time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModuleResolver } from '../../core/index/module-resolver.ts';

const files = ['adapters/index.js', 'adapters/hash.js', 'adapters/deep/one.js', 'lib/index.ts', 'main.ts', 'index.js'];

test("a folder's specifier, with or without a trailing slash, is its index file", () => {
  const resolver = new ModuleResolver(files, undefined, '');
  const target = (from: string, source: string) => {
    const t = resolver.resolve(from, from.endsWith('.ts') ? 'typescript' : 'javascript', source);
    return t.kind === 'file' ? t.file : t.kind;
  };
  assert.equal(target('adapters/hash.js', './'), 'adapters/index.js');
  assert.equal(target('adapters/hash.js', '.'), 'adapters/index.js');
  assert.equal(target('adapters/hash.js', './/'), 'adapters/index.js');
  assert.equal(target('adapters/deep/one.js', '../'), 'adapters/index.js');
  assert.equal(target('adapters/deep/one.js', '..'), 'adapters/index.js');
  assert.equal(target('main.ts', './lib/'), 'lib/index.ts');
  assert.equal(target('main.ts', './'), 'index.js');
  // A folder the workspace does not hold, and a path above the root, stay outside it.
  assert.equal(target('main.ts', './missing/'), 'external');
  assert.equal(target('main.ts', '../'), 'external');
});

test('a specifier ending in a long run of slashes resolves in linear time', () => {
  const resolver = new ModuleResolver(files, undefined, '');
  const started = performance.now();
  const t = resolver.resolve('adapters/hash.js', 'javascript', './' + '/'.repeat(200_000));
  assert.deepEqual(t, { kind: 'file', file: 'adapters/index.js' });
  assert.ok(performance.now() - started < 1500, 'resolved within the linear bound');
});
