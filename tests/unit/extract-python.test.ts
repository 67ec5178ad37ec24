// Per-file extraction for Python: classes, methods, nested functions, lambdas bound to names, every import form, calls with receivers, base classes, top-level-public exports.
// Fixtures under tests/fixtures/extract/; every record is asserted exactly (kind, name, lines,
// parent, exported; import kind, source, bindings; exports; callee, receiver, enclosing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { extractFile } from '../../core/index/extract/extract-file.ts';

const root = fileURLToPath(new URL('../fixtures/extract/', import.meta.url));
const extract = (file: string) => extractFile(root, file);

test('py/pkg/models.py', async () => {
  assert.deepStrictEqual(await extract('py/pkg/models.py'), {
    file: 'py/pkg/models.py',
    language: 'python',
    definitions: [
      { kind: 'function', name: 'square', startLine: 14, endLine: 14, parent: null, exported: true, bound: true },
      { kind: 'class', name: 'Model', startLine: 17, endLine: 32, parent: null, exported: true },
      { kind: 'method', name: 'key', startLine: 18, endLine: 18, parent: 1, exported: false, bound: true, parentName: 'Model' },
      { kind: 'method', name: '__init__', startLine: 20, endLine: 22, parent: 1, exported: false, parentName: 'Model' },
      { kind: 'method', name: 'label', startLine: 25, endLine: 26, parent: 1, exported: false, parentName: 'Model' },
      { kind: 'method', name: 'save', startLine: 28, endLine: 32, parent: 1, exported: false, parentName: 'Model' },
      { kind: 'function', name: '_inner', startLine: 29, endLine: 30, parent: 5, exported: false },
      { kind: 'function', name: '_private_helper', startLine: 35, endLine: 36, parent: null, exported: false },
      { kind: 'function', name: 'build', startLine: 39, endLine: 40, parent: null, exported: true },
    ],
    imports: [
      { kind: 'python', source: 'logging', bindings: [{ imported: '*', local: 'logging' }], line: 1 },
      { kind: 'python', source: 'os.path', bindings: [{ imported: '*', local: 'os.path' }], line: 2 },
      { kind: 'python', source: 'xml.etree.ElementTree', bindings: [{ imported: '*', local: 'ET' }], line: 3 },
      { kind: 'python', source: '.', bindings: [{ imported: 'signals', local: 'signals' }], line: 4 },
      { kind: 'python', source: '..', bindings: [{ imported: 'settings', local: 'conf' }], line: 5 },
      {
        kind: 'python',
        source: '..core.base',
        bindings: [
          { imported: 'Base', local: 'CoreBase' },
          { imported: 'Mixin', local: 'Mixin' },
        ],
        line: 6,
      },
      { kind: 'python', source: '.helpers', bindings: [{ imported: '*', local: '*' }], line: 7 },
      {
        kind: 'python',
        source: 'typing',
        bindings: [
          { imported: 'Generic', local: 'Generic' },
          { imported: 'TypeVar', local: 'TypeVar' },
        ],
        line: 8,
      },
    ],
    exports: [
      { local: 'square', exported: 'square' },
      { local: 'Model', exported: 'Model' },
      { local: 'build', exported: 'build' },
    ],
    calls: [
      { callee: 'getLogger', line: 13, enclosing: null, receiver: 'logging' },
      { callee: 'super', line: 21, enclosing: 3 },
      { callee: '__init__', line: 21, enclosing: 3, receiver: 'super' },
      { callee: 'format_label', line: 26, enclosing: 4, receiver: 'self' },
      { callee: 'basename', line: 26, enclosing: 4, receiver: 'os.path' },
      { callee: 'send', line: 30, enclosing: 6, receiver: 'signals.post_save' },
      { callee: '_inner', line: 31, enclosing: 5 },
      { callee: 'backend', line: 32, enclosing: 5, receiver: 'conf' },
      // `conf.backend().write(self)`: a path through a call.
      { callee: 'write', line: 32, enclosing: 5, receiver: 'conf.backend()' },
      { callee: 'square', line: 36, enclosing: 7 },
      { callee: 'Model', line: 40, enclosing: 8 },
    ],
    heritage: [
      { child: 1, parent: 'CoreBase', kind: 'extends' },
      { child: 1, parent: 'Mixin', kind: 'extends' },
      { child: 1, parent: 'Generic', kind: 'extends' },
    ],
    declaredTypes: [
      { kind: 'local', owner: null, name: 'log', type: 'logging.getLogger', call: true },
      // What a call of `build` returns, from its return statement `Model(*args)`; `return square(2)` constructs no class and is not read.
      { kind: 'local', owner: null, name: 'build()', type: 'Model', call: true },
    ],
  });
});

test('py/pkg/__init__.py', async () => {
  assert.deepStrictEqual(await extract('py/pkg/__init__.py'), {
    file: 'py/pkg/__init__.py',
    language: 'python',
    definitions: [],
    imports: [{ kind: 'python', source: '.models', bindings: [{ imported: 'Model', local: 'Model' }], line: 1 }],
    exports: [],
    calls: [],
    heritage: [],
  });
});
