// Per-file extraction for TypeScript, TSX and JavaScript (.ts .tsx .js .jsx .mjs .cjs): definitions, bound functions, ESM / require / re-export / dynamic imports, ES and CommonJS exports, calls, heritage.
// Fixtures under tests/fixtures/extract/; every record is asserted exactly (kind, name, lines,
// parent, exported; import kind, source, bindings; exports; callee, receiver, enclosing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { extractFile } from '../../core/index/extract/extract-file.ts';

const root = fileURLToPath(new URL('../fixtures/extract/', import.meta.url));
const extract = (file: string) => extractFile(root, file);

test('ts/shapes.ts', async () => {
  assert.deepStrictEqual(await extract('ts/shapes.ts'), {
    file: 'ts/shapes.ts',
    language: 'typescript',
    definitions: [
      { kind: 'interface', name: 'Shape', startLine: 3, endLine: 5, parent: null, exported: true },
      { kind: 'method', name: 'area', startLine: 4, endLine: 4, parent: 0, exported: false, parentName: 'Shape' },
      { kind: 'enum', name: 'Color', startLine: 7, endLine: 7, parent: null, exported: true },
      { kind: 'type', name: 'Point', startLine: 9, endLine: 9, parent: null, exported: true },
      { kind: 'class', name: 'Figure', startLine: 11, endLine: 13, parent: null, exported: true },
      { kind: 'method', name: 'area', startLine: 12, endLine: 12, parent: 4, exported: false, parentName: 'Figure' },
      { kind: 'class', name: 'Circle', startLine: 15, endLine: 29, parent: null, exported: true },
      { kind: 'method', name: 'onClick', startLine: 17, endLine: 17, parent: 6, exported: false, bound: true, parentName: 'Circle' },
      { kind: 'method', name: 'create', startLine: 18, endLine: 18, parent: 6, exported: false, bound: true, parentName: 'Circle' },
      { kind: 'method', name: 'constructor', startLine: 20, endLine: 22, parent: 6, exported: false, parentName: 'Circle' },
      { kind: 'method', name: 'area', startLine: 24, endLine: 26, parent: 6, exported: false, parentName: 'Circle' },
      { kind: 'method', name: '#square', startLine: 28, endLine: 28, parent: 6, exported: false, parentName: 'Circle' },
    ],
    imports: [{ kind: 'esm', source: './base', bindings: [{ imported: 'Base', local: 'Base' }], line: 1 }],
    exports: [
      { local: 'Shape', exported: 'Shape' },
      { local: 'Color', exported: 'Color' },
      { local: 'Point', exported: 'Point' },
      { local: 'Figure', exported: 'Figure' },
      { local: 'Circle', exported: 'Circle' },
    ],
    calls: [
      { callee: 'redraw', line: 17, enclosing: 7, receiver: 'this' },
      { callee: 'Circle', line: 18, enclosing: 8, isNew: true },
      { callee: 'constructor', line: 21, enclosing: 9, receiver: 'super' },
      { callee: 'square', line: 25, enclosing: 10, receiver: 'this' },
    ],
    heritage: [
      { child: 0, parent: 'Named', kind: 'extends' },
      // `Sized<number>`: the type arguments are kept, to bind Sized's parameters.
      { child: 0, parent: 'Sized', kind: 'extends', args: ['number'] },
      { child: 6, parent: 'Base', kind: 'extends' },
      { child: 6, parent: 'Shape', kind: 'implements' },
      { child: 6, parent: 'ns.Drawable', kind: 'implements' },
    ],
  });
});

test('ts/functions.ts', async () => {
  assert.deepStrictEqual(await extract('ts/functions.ts'), {
    file: 'ts/functions.ts',
    language: 'typescript',
    definitions: [
      { kind: 'function', name: 'outer', startLine: 1, endLine: 6, parent: null, exported: true },
      { kind: 'function', name: 'inner', startLine: 2, endLine: 4, parent: 0, exported: false },
      { kind: 'function', name: 'arrow', startLine: 8, endLine: 8, parent: null, exported: false, bound: true },
      { kind: 'function', name: 'expr', startLine: 9, endLine: 9, parent: null, exported: false, bound: true },
      { kind: 'function', name: 'gen', startLine: 10, endLine: 10, parent: null, exported: false, bound: true },
      { kind: 'function', name: 'late', startLine: 11, endLine: 11, parent: null, exported: false, bound: true },
      { kind: 'function', name: 'counter', startLine: 13, endLine: 13, parent: null, exported: false },
      // A member of a module-level object literal: `handlers.run`.
      { kind: 'method', name: 'run', startLine: 16, endLine: 16, parent: null, exported: false, bound: true, parentName: 'handlers' },
      { kind: 'function', name: 'main', startLine: 19, endLine: 27, parent: null, exported: false },
    ],
    imports: [],
    exports: [
      { local: 'outer', exported: 'outer' },
      { local: 'handlers', exported: 'handlers' },
    ],
    calls: [
      { callee: 'helper', line: 3, enclosing: 1 },
      { callee: 'inner', line: 5, enclosing: 0 },
      { callee: 'arrow', line: 9, enclosing: 3 },
      { callee: 'outer', line: 11, enclosing: 5 },
      { callee: 'fetch', line: 16, enclosing: 7, receiver: 'api.client' },
      { callee: 'load', line: 20, enclosing: 8 },
      { callee: 'method', line: 21, enclosing: 8, receiver: 'obj' },
      { callee: 'save', line: 22, enclosing: 8, receiver: 'this.store' },
      { callee: 'make', line: 23, enclosing: 8 },
      // A path through a call, its arguments dropped, and an element, its index dropped.
      { callee: 'then', line: 23, enclosing: 8, receiver: 'make()' },
      { callee: 'go', line: 24, enclosing: 8, receiver: 'items[*]' },
      { callee: 'Widget', line: 25, enclosing: 8, isNew: true },
      { callee: 'Panel', line: 26, enclosing: 8, receiver: 'ui', isNew: true },
      { callee: 'main', line: 29, enclosing: null },
    ],
    heritage: [],
    // Bodies with no return type: what they return (`return helper()`, `() => arrow()`, and
    // outer's `return inner()`, the one value its statements return).
    declaredTypes: [
      { kind: 'local', owner: null, name: 'outer()', type: 'inner()' },
      { kind: 'local', owner: 0, name: 'inner()', type: 'helper()' },
      { kind: 'local', owner: null, name: 'expr()', type: 'arrow()' },
      // `handlers.run()` returns what its body's one call does (a module literal's member).
      { kind: 'local', owner: null, name: 'handlers.run()', type: 'api.client.fetch()' },
    ],
  });
});

test('ts/imports.ts', async () => {
  assert.deepStrictEqual(await extract('ts/imports.ts'), {
    file: 'ts/imports.ts',
    language: 'typescript',
    definitions: [{ kind: 'function', name: 'lazy', startLine: 7, endLine: 12, parent: null, exported: true }],
    imports: [
      {
        kind: 'esm',
        source: './named',
        bindings: [
          { imported: 'default', local: 'Default' },
          { imported: 'a', local: 'a' },
          { imported: 'b', local: 'bee' },
          { imported: 'T', local: 'T' },
        ],
        line: 1,
      },
      { kind: 'esm', source: '../lib/index', bindings: [{ imported: '*', local: 'everything' }], line: 2 },
      { kind: 'esm', source: './side-effect', bindings: [], line: 3 },
      { kind: 'esm', source: 'types-pkg', bindings: [{ imported: 'Only', local: 'Only' }], line: 4 },
      { kind: 'require', source: 'fs', bindings: [{ imported: '*', local: 'fs' }], line: 5 },
      { kind: 'dynamic', source: './lazy-module', bindings: [{ imported: '*', local: 'mod' }], line: 8 },
      {
        kind: 'dynamic',
        source: './picked',
        bindings: [
          { imported: 'pick', local: 'pick' },
          { imported: 'other', local: 'renamed' },
        ],
        line: 9,
      },
      { kind: 'dynamic', source: './fire-and-forget', bindings: [], line: 10 },
    ],
    exports: [{ local: 'lazy', exported: 'lazy' }],
    calls: [],
    heritage: [],
    // `return mod`, the module `import()` bound: what lazy's callers get once awaited.
    declaredTypes: [{ kind: 'local', owner: null, name: 'lazy()', type: '=mod' }],
  });
});

test('ts/reexports.ts', async () => {
  assert.deepStrictEqual(await extract('ts/reexports.ts'), {
    file: 'ts/reexports.ts',
    language: 'typescript',
    definitions: [],
    imports: [
      { kind: 'reexport', source: './all', bindings: [{ imported: '*', local: '*' }], line: 1 },
      { kind: 'reexport', source: './namespace', bindings: [{ imported: '*', local: 'ns' }], line: 2 },
      {
        kind: 'reexport',
        source: './some',
        bindings: [
          { imported: 'a', local: 'b' },
          { imported: 'c', local: 'c' },
        ],
        line: 3,
      },
      { kind: 'reexport', source: './default-only', bindings: [{ imported: 'default', local: 'default' }], line: 4 },
      { kind: 'reexport', source: './renamed', bindings: [{ imported: 'default', local: 'Renamed' }], line: 5 },
    ],
    exports: [],
    calls: [],
    heritage: [],
  });
});

test('ts/exports.ts', async () => {
  assert.deepStrictEqual(await extract('ts/exports.ts'), {
    file: 'ts/exports.ts',
    language: 'typescript',
    definitions: [
      { kind: 'function', name: 'local', startLine: 1, endLine: 1, parent: null, exported: true },
      { kind: 'class', name: 'Hidden', startLine: 3, endLine: 3, parent: null, exported: true },
      { kind: 'function', name: 'two', startLine: 7, endLine: 7, parent: null, exported: true, bound: true },
    ],
    imports: [],
    exports: [
      { local: 'local', exported: 'publicName' },
      { local: 'value', exported: 'value' },
      { local: 'Hidden', exported: 'default' },
      { local: 'one', exported: 'one' },
      { local: 'two', exported: 'two' },
    ],
    calls: [],
    heritage: [],
  });
});

test('ts/default-function.ts', async () => {
  assert.deepStrictEqual(await extract('ts/default-function.ts'), {
    file: 'ts/default-function.ts',
    language: 'typescript',
    definitions: [{ kind: 'function', name: 'start', startLine: 1, endLine: 3, parent: null, exported: true }],
    imports: [],
    exports: [{ local: 'start', exported: 'default' }],
    calls: [{ callee: 'run', line: 2, enclosing: 0 }],
    heritage: [],
  });
});

test('ts/default-arrow.ts', async () => {
  assert.deepStrictEqual(await extract('ts/default-arrow.ts'), {
    file: 'ts/default-arrow.ts',
    language: 'typescript',
    definitions: [{ kind: 'function', name: 'default', startLine: 1, endLine: 1, parent: null, exported: true }],
    imports: [],
    exports: [{ local: 'default', exported: 'default' }],
    calls: [{ callee: 'boot', line: 1, enclosing: 0 }],
    heritage: [],
  });
});

test('ts/default-class.ts', async () => {
  assert.deepStrictEqual(await extract('ts/default-class.ts'), {
    file: 'ts/default-class.ts',
    language: 'typescript',
    definitions: [
      { kind: 'class', name: 'default', startLine: 1, endLine: 3, parent: null, exported: true },
      { kind: 'method', name: 'render', startLine: 2, endLine: 2, parent: 0, exported: false, parentName: 'default' },
    ],
    imports: [],
    exports: [{ local: 'default', exported: 'default' }],
    calls: [],
    heritage: [{ child: 0, parent: 'Component', kind: 'extends' }],
  });
});

test('ts/view.tsx', async () => {
  assert.deepStrictEqual(await extract('ts/view.tsx'), {
    file: 'ts/view.tsx',
    language: 'tsx',
    definitions: [
      { kind: 'function', name: 'View', startLine: 3, endLine: 6, parent: null, exported: true },
      { kind: 'function', name: 'onClick', startLine: 4, endLine: 4, parent: 0, exported: false, bound: true },
    ],
    imports: [{ kind: 'esm', source: 'react', bindings: [{ imported: 'default', local: 'React' }], line: 1 }],
    exports: [{ local: 'View', exported: 'View' }],
    calls: [
      { callee: 'track', line: 4, enclosing: 1 },
      { callee: 'format', line: 5, enclosing: 0 },
    ],
    heritage: [],
    declaredTypes: [{ kind: 'local', owner: 0, name: 'onClick()', type: 'track()' }],
  });
});

test('ts/widget.jsx', async () => {
  assert.deepStrictEqual(await extract('ts/widget.jsx'), {
    file: 'ts/widget.jsx',
    language: 'javascript',
    definitions: [{ kind: 'function', name: 'Widget', startLine: 1, endLine: 1, parent: null, exported: true, bound: true }],
    imports: [],
    exports: [{ local: 'Widget', exported: 'Widget' }],
    calls: [{ callee: 'render', line: 1, enclosing: 0 }],
    heritage: [],
  });
});

test('ts/legacy.cjs', async () => {
  assert.deepStrictEqual(await extract('ts/legacy.cjs'), {
    file: 'ts/legacy.cjs',
    language: 'javascript',
    definitions: [
      // `const helper = require('./helper').helper` is an import binding, no function of this file.
      { kind: 'function', name: 'internal', startLine: 6, endLine: 8, parent: null, exported: true },
      { kind: 'function', name: 'first', startLine: 10, endLine: 10, parent: null, exported: true, bound: true },
      { kind: 'function', name: 'second', startLine: 11, endLine: 11, parent: null, exported: true, bound: true },
      { kind: 'function', name: 'Thing', startLine: 14, endLine: 14, parent: null, exported: false },
      { kind: 'method', name: 'start', startLine: 15, endLine: 15, parent: null, exported: false, bound: true, parentName: 'Thing' },
      { kind: 'function', name: 'third', startLine: 17, endLine: 17, parent: null, exported: true },
      { kind: 'function', name: 'fourth', startLine: 17, endLine: 17, parent: null, exported: true, bound: true },
      // A prototype member assigned another name's value is a method too (not `constructor`); so is
      // a function assigned to a member at module level (`Thing.from`), not one inside a function.
      { kind: 'method', name: 'stop', startLine: 18, endLine: 18, parent: null, exported: false, bound: true, parentName: 'Thing' },
      { kind: 'method', name: 'from', startLine: 20, endLine: 20, parent: null, exported: false, bound: true, parentName: 'Thing' },
      { kind: 'function', name: 'setup', startLine: 21, endLine: 21, parent: null, exported: false },
      // `this._read = options.read` in a constructor function declares its member; `this.count = 1`,
      // `this._transform` in a prototype method and `this.nope` in a lower-case function do not.
      { kind: 'function', name: 'Stream', startLine: 22, endLine: 22, parent: null, exported: false },
      { kind: 'method', name: '_read', startLine: 22, endLine: 22, parent: 10, exported: false, bound: true, parentName: 'Stream' },
      { kind: 'method', name: 'wrap', startLine: 23, endLine: 23, parent: null, exported: false, bound: true, parentName: 'Stream' },
      { kind: 'function', name: 'helperFn', startLine: 24, endLine: 24, parent: null, exported: false },
    ],
    imports: [
      { kind: 'require', source: 'path', bindings: [{ imported: '*', local: 'path' }], line: 1 },
      {
        kind: 'require',
        source: './paths',
        bindings: [
          { imported: 'join', local: 'join' },
          { imported: 'resolve', local: 'res' },
        ],
        line: 2,
      },
      { kind: 'require', source: './helper', bindings: [{ imported: 'helper', local: 'helper' }], line: 3 },
      { kind: 'require', source: './side', bindings: [], line: 4 },
    ],
    exports: [
      { local: 'first', exported: 'first' },
      { local: 'second', exported: 'second' },
      { local: 'internal', exported: 'alias' },
      { local: 'internal', exported: 'internal' },
      { local: 'helper', exported: 'renamed' },
      { local: 'third', exported: 'third' },
      { local: 'fourth', exported: 'fourth' },
    ],
    calls: [
      { callee: 'join', line: 7, enclosing: 0, receiver: 'path' },
      { callee: 'internal', line: 10, enclosing: 1 },
      { callee: 'join', line: 11, enclosing: 2 },
      { callee: 'stop', line: 15, enclosing: 4, receiver: 'this' },
      { callee: 'Thing', line: 20, enclosing: 8, isNew: true },
    ],
    heritage: [],
    // An exported function's return is declared as a declared function's is (`second()`, what `join()` returns).
    declaredTypes: [
      { kind: 'local', owner: null, name: 'internal()', type: 'path.join()' },
      { kind: 'local', owner: null, name: 'second()', type: 'join()' },
      // `third() {}` in `module.exports = {...}`: its `this` is the module's exports (LITERAL_THIS).
      { kind: 'local', owner: 5, name: 'this', type: '#this=module.exports', lines: [17, 17] },
      // `Thing.from = function (x) { return new Thing(x) }`: its return, under its owner's name.
      { kind: 'local', owner: null, name: 'Thing.from()', type: 'Thing' },
    ],
  });
});

test('ts/single-export.js', async () => {
  assert.deepStrictEqual(await extract('ts/single-export.js'), {
    file: 'ts/single-export.js',
    language: 'javascript',
    definitions: [
      { kind: 'class', name: 'Store', startLine: 1, endLine: 3, parent: null, exported: false },
      { kind: 'method', name: 'save', startLine: 2, endLine: 2, parent: 0, exported: false, bound: true, parentName: 'Store' },
      { kind: 'function', name: 'makeStore', startLine: 5, endLine: 7, parent: null, exported: true },
    ],
    imports: [],
    exports: [{ local: 'makeStore', exported: 'default' }],
    calls: [
      { callee: 'flush', line: 2, enclosing: 1, receiver: 'this' },
      { callee: 'Store', line: 6, enclosing: 2, isNew: true },
    ],
    heritage: [],
    // `module.exports = function makeStore() { return new Store() }`: a caller's `makeStore()` is a Store.
    declaredTypes: [{ kind: 'local', owner: null, name: 'makeStore()', type: 'Store' }],
  });
});

test('ts/exported-references.cjs: a function another module holds or a call returns, exported under a name, is a definition; a module is not', async () => {
  assert.deepStrictEqual(await extract('ts/exported-references.cjs'), {
    file: 'ts/exported-references.cjs',
    language: 'javascript',
    definitions: [
      // A call on what `require` gives is that call's result, not a module.
      { kind: 'function', name: 'debug', startLine: 2, endLine: 2, parent: null, exported: false, bound: true },
      { kind: 'function', name: 'floor', startLine: 3, endLine: 3, parent: null, exported: true, bound: true },
      { kind: 'function', name: 'wrapped', startLine: 4, endLine: 4, parent: null, exported: true, bound: true },
      // `nested: require('./nested')` and `count: 3` are none.
      { kind: 'function', name: 'abs', startLine: 6, endLine: 6, parent: null, exported: true, bound: true },
      { kind: 'function', name: 'hide', startLine: 6, endLine: 6, parent: null, exported: true, bound: true },
    ],
    imports: [
      { kind: 'require', source: './util', bindings: [{ imported: '*', local: 'util' }], line: 1 },
      // `require('./util').debuglog`: the module read in place, under a name no source can write.
      { kind: 'require', source: './util', bindings: [{ imported: '*', local: '#require44' }], line: 2 },
      // `exports.sub = require('./sub')`: the module exports what it loads, as `export * as sub from` (no definition here).
      { kind: 'reexport', source: './sub', bindings: [{ imported: '*', local: 'sub' }], line: 5 },
      // `module.exports = { nested: require('./nested') }`: the same under the object's key.
      { kind: 'reexport', source: './nested', bindings: [{ imported: '*', local: 'nested' }], line: 6 },
    ],
    exports: [
      { local: 'floor', exported: 'floor' },
      { local: 'wrapped', exported: 'wrapped' },
      { local: 'abs', exported: 'abs' },
      { local: 'hide', exported: 'hide' },
    ],
    calls: [
      { callee: 'debuglog', line: 2, enclosing: 0, receiver: '#require44' },
      { callee: 'wrap', line: 4, enclosing: 2, receiver: 'util' },
      { callee: 'hide', line: 6, enclosing: 4, receiver: 'util' },
    ],
    heritage: [],
    declaredTypes: [{ kind: 'local', owner: null, name: 'debug', type: '#require44.debuglog()' }],
  });
});

test('ts/exported-choice.cjs: module.exports chosen between a value and a function is the default export, a function', async () => {
  assert.deepStrictEqual(await extract('ts/exported-choice.cjs'), {
    file: 'ts/exported-choice.cjs',
    language: 'javascript',
    definitions: [{ kind: 'function', name: 'default', startLine: 2, endLine: 2, parent: null, exported: true, bound: true }],
    imports: [{ kind: 'require', source: 'os', bindings: [{ imported: '*', local: 'os' }], line: 1 }],
    exports: [{ local: 'default', exported: 'default' }],
    calls: [],
    heritage: [],
  });
});

test('ts/esm.mjs', async () => {
  assert.deepStrictEqual(await extract('ts/esm.mjs'), {
    file: 'ts/esm.mjs',
    language: 'javascript',
    definitions: [{ kind: 'function', name: 'read', startLine: 2, endLine: 4, parent: null, exported: true }],
    imports: [{ kind: 'esm', source: 'node:fs/promises', bindings: [{ imported: 'readFile', local: 'readFile' }], line: 1 }],
    exports: [{ local: 'read', exported: 'read' }],
    calls: [{ callee: 'readFile', line: 3, enclosing: 0 }],
    heritage: [],
    declaredTypes: [{ kind: 'local', owner: null, name: 'read()', type: 'readFile()' }],
  });
});

test('ts/broken.ts', async () => {
  assert.deepStrictEqual(await extract('ts/broken.ts'), {
    file: 'ts/broken.ts',
    language: 'typescript',
    definitions: [
      { kind: 'function', name: 'ok', startLine: 1, endLine: 1, parent: null, exported: true },
      // The broken declaration swallowed the class and its `export`; recovery blanks it and reads the class after it.
      { kind: 'class', name: 'StillFound', startLine: 3, endLine: 3, parent: null, exported: true },
    ],
    imports: [],
    exports: [
      { local: 'ok', exported: 'ok' },
      { local: 'StillFound', exported: 'StillFound' },
    ],
    calls: [],
    heritage: [],
    unparsed: { lines: [[2, 2]], chars: 26 },
  });
});

test('ts/callables.ts', async () => {
  assert.deepStrictEqual(await extract('ts/callables.ts'), {
    file: 'ts/callables.ts',
    language: 'typescript',
    definitions: [
      { kind: 'interface', name: 'Config', startLine: 1, endLine: 5, parent: null, exported: true },
      // A function type in place, beside `null`: a method. So is one a union admits beside other
      // types (`number | ((attempt) => number)`): a call on it, once narrowed, reaches the member.
      { kind: 'method', name: 'onError', startLine: 2, endLine: 2, parent: 0, exported: false, parentName: 'Config' },
      { kind: 'method', name: 'delay', startLine: 3, endLine: 3, parent: 0, exported: false, parentName: 'Config' },
      // `retry: Retry`, a name this file declares a function type (below it): a method too.
      { kind: 'method', name: 'retry', startLine: 4, endLine: 4, parent: 0, exported: false, parentName: 'Config' },
      { kind: 'type', name: 'Retry', startLine: 6, endLine: 6, parent: null, exported: false },
      { kind: 'class', name: 'Scheduler', startLine: 7, endLine: 12, parent: null, exported: true },
      // Fields declared as functions are methods; only one holding a function value is bound.
      { kind: 'method', name: 'now', startLine: 8, endLine: 8, parent: 5, exported: false, parentName: 'Scheduler' },
      { kind: 'method', name: '#cleanup', startLine: 9, endLine: 9, parent: 5, exported: false, parentName: 'Scheduler' },
      { kind: 'method', name: 'run', startLine: 10, endLine: 10, parent: 5, exported: false, bound: true, parentName: 'Scheduler' },
    ],
    imports: [],
    exports: [
      { local: 'Config', exported: 'Config' },
      { local: 'Scheduler', exported: 'Scheduler' },
    ],
    calls: [{ callee: 'now', line: 10, enclosing: 8, receiver: 'this' }],
    heritage: [],
    // A function type's parameter (`(error: Error) => void`) binds no name; it is the type by
    // place (`onError(0)`) a function written for the member takes.
    declaredTypes: [
      { kind: 'member', owner: 0, name: 'onError(0)', type: 'Error' },
      { kind: 'member', owner: 0, name: 'retry', type: 'Retry' },
    ],
    // What other files' members typed `Retry` are settled by (core/index/callable-members.ts).
    callableTypes: ['Retry'],
  });
});

test('ts/anonymous-class-field.ts: a field typed by a name in a class no definition holds is no member, and the call in its value keeps its caller', async () => {
  const result = await extract('ts/anonymous-class-field.ts');
  assert.deepEqual(
    result.definitions.map((d) => `${d.kind} ${d.name}`),
    ['function make', 'method tick'],
  );
  assert.equal(result.typedMembers, undefined);
  assert.deepEqual(
    result.calls.map((c) => `${c.callee} ${c.enclosing}`),
    ['wrap 0', 'makeClock 0', 'clock 1'],
  );
});
