// The resolution pass on hand-built extractions (the extractor's contract), so resolution is
// tested apart from parsing: every edge is asserted exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CallSite, Definition, FileExtraction, ImportRecord } from '../../core/index/extract-types.ts';
import { buildGraph } from '../../core/index/build-graph.ts';
import { ModuleResolver, type TsPathsConfig } from '../../core/index/module-resolver.ts';

function def(kind: Definition['kind'], name: string, startLine: number, parent: number | null = null, exported = false): Definition {
  return { kind, name, startLine, endLine: startLine + 1, parent, exported };
}
function call(callee: string, enclosing: number | null, extra: Partial<CallSite> = {}): CallSite {
  return { callee, enclosing, line: 1, ...extra };
}
function imp(kind: ImportRecord['kind'], source: string, bindings: Array<[string, string]>): ImportRecord {
  return { kind, source, bindings: bindings.map(([imported, local]) => ({ imported, local })), line: 1 };
}
function file(path: string, parts: Partial<FileExtraction>): FileExtraction {
  const language = path.endsWith('.py') ? 'python' : path.endsWith('.js') || path.endsWith('.cjs') ? 'javascript' : 'typescript';
  return { file: path, language, definitions: [], imports: [], exports: [], calls: [], heritage: [], ...parts };
}
function edgesOf(exts: FileExtraction[], types: string[] = ['calls', 'inherits', 'imports'], tsPaths?: TsPathsConfig, rootName = ''): string[] {
  const graph = buildGraph(
    exts,
    new ModuleResolver(
      exts.map((e) => e.file),
      tsPaths,
      rootName,
    ),
  );
  return graph.edges
    .filter((e) => types.includes(e.type))
    .map((e) => `${e.type} ${e.from} -> ${e.to} ${e.confidence}`)
    .sort();
}

test('ESM named, default, namespace and aliased imports resolve to the exporting definitions', () => {
  const exts = [
    file('src/a.ts', {
      definitions: [def('function', 'foo', 1, null, true), def('function', 'bar', 5, null, true), def('function', 'hidden', 9)],
      exports: [
        { local: 'foo', exported: 'foo' },
        { local: 'bar', exported: 'default' },
      ],
    }),
    file('src/b.ts', {
      definitions: [def('function', 'main', 1)],
      imports: [
        imp('esm', './a', [
          ['foo', 'f'],
          ['default', 'B'],
        ]),
        imp('esm', './a.js', [['*', 'ns']]),
      ],
      calls: [call('f', 0), call('B', 0), call('foo', 0, { receiver: 'ns' }), call('hidden', 0, { receiver: 'ns' }), call('x', 0, { receiver: 'console' })],
    }),
  ];
  assert.deepEqual(edgesOf(exts), [
    'calls src/b.ts::function::main::1 -> src/a.ts::function::bar::5 0.99',
    'calls src/b.ts::function::main::1 -> src/a.ts::function::foo::1 0.99',
    'imports src/b.ts -> src/a.ts 1',
  ]);
});

test('re-export chains, export * and index files are followed', () => {
  const exts = [
    file('lib/core/impl.ts', { definitions: [def('function', 'deep', 3, null, true), def('class', 'Widget', 7, null, true)] }),
    file('lib/core/index.ts', { imports: [imp('reexport', './impl', [['*', '*']])] }),
    file('lib/index.ts', {
      imports: [
        imp('reexport', './core', [
          ['deep', 'renamed'],
          ['Widget', 'Widget'],
        ]),
      ],
    }),
    file('app.ts', {
      definitions: [def('function', 'run', 1)],
      imports: [
        imp('esm', './lib', [
          ['renamed', 'renamed'],
          ['Widget', 'W'],
        ]),
      ],
      calls: [call('renamed', 0), call('W', 0, { isNew: true })],
    }),
  ];
  assert.deepEqual(edgesOf(exts), [
    'calls app.ts::function::run::1 -> lib/core/impl.ts::class::Widget::7 0.99',
    'calls app.ts::function::run::1 -> lib/core/impl.ts::function::deep::3 0.99',
    'imports app.ts -> lib/index.ts 1',
    'imports lib/core/index.ts -> lib/core/impl.ts 1',
    'imports lib/index.ts -> lib/core/index.ts 1',
  ]);
});

test('tsconfig paths and baseUrl map bare specifiers; packages stay external', () => {
  const tsPaths: TsPathsConfig = { baseUrl: '', hasBaseUrl: true, paths: [{ pattern: '@app/*', targets: ['src/app/*'] }] };
  const exts = [
    file('src/app/util.ts', { definitions: [def('function', 'helper', 2, null, true)] }),
    file('src/shared.ts', { definitions: [def('function', 'share', 1, null, true)] }),
    file('src/main.ts', {
      imports: [imp('esm', '@app/util', [['helper', 'helper']]), imp('esm', 'src/shared', [['share', 'share']]), imp('esm', 'lodash', [['map', 'map']])],
      calls: [call('helper', null), call('share', null), call('map', null)],
    }),
  ];
  assert.deepEqual(edgesOf(exts, ['calls', 'imports'], tsPaths), [
    'calls src/main.ts -> src/app/util.ts::function::helper::2 0.99',
    'calls src/main.ts -> src/shared.ts::function::share::1 0.99',
    'imports src/main.ts -> src/app/util.ts 1',
    'imports src/main.ts -> src/shared.ts 1',
  ]);
});

test('CommonJS require: destructured, module object, and a default function export', () => {
  const exts = [
    file('m.js', { definitions: [def('function', 'one', 1), def('function', 'two', 4)], exports: [{ local: 'one', exported: 'one' }] }),
    file('f.js', { definitions: [def('function', 'make', 1)], exports: [{ local: 'make', exported: 'default' }] }),
    file('use.js', {
      imports: [imp('require', './m', [['one', 'one']]), imp('require', './m', [['default', 'm']]), imp('require', './f', [['default', 'mk']])],
      calls: [call('one', null), call('two', null, { receiver: 'm' }), call('mk', null)],
    }),
  ];
  assert.deepEqual(edgesOf(exts, ['calls']), [
    'calls use.js -> f.js::function::make::1 0.99',
    'calls use.js -> m.js::function::one::1 0.99',
    'calls use.js -> m.js::function::two::4 0.85',
  ]);
});

test('this/self/super calls go to the enclosing class and its bases; new X() to the class', () => {
  const exts = [
    file('base.ts', { definitions: [def('class', 'Base', 1, null, true), def('method', 'save', 2, 0)] }),
    file('child.ts', {
      definitions: [def('class', 'Child', 1, null, true), def('method', 'run', 2, 0), def('method', 'helper', 6, 0), def('function', 'inner', 3, 1)],
      imports: [imp('esm', './base', [['Base', 'Base']])],
      heritage: [{ child: 0, parent: 'Base', kind: 'extends' }],
      calls: [
        call('helper', 1, { receiver: 'this' }),
        call('save', 3, { receiver: 'this' }),
        call('save', 1, { receiver: 'super' }),
        call('inner', 1),
        call('Child', null, { isNew: true }),
        call('missing', 1, { receiver: 'this' }),
      ],
    }),
  ];
  assert.deepEqual(edgesOf(exts), [
    'calls child.ts -> child.ts::class::Child::1 1',
    'calls child.ts::function::Child.run.inner::3 -> base.ts::method::Base.save::2 0.99',
    'calls child.ts::method::Child.run::2 -> base.ts::method::Base.save::2 0.99',
    'calls child.ts::method::Child.run::2 -> child.ts::function::Child.run.inner::3 1',
    'calls child.ts::method::Child.run::2 -> child.ts::method::Child.helper::6 1',
    'imports child.ts -> base.ts 1',
    'inherits child.ts::class::Child::1 -> base.ts::class::Base::1 0.99',
  ]);
});

test('Python absolute, relative and package imports, dotted bases, self methods', () => {
  const exts = [
    file('pkg/__init__.py', { imports: [imp('python', '.models', [['Model', 'Model']])] }),
    file('pkg/models.py', { definitions: [def('class', 'Model', 1, null, true), def('method', 'save', 2, 0, true)] }),
    file('pkg/util.py', { definitions: [def('function', 'clean', 1, null, true)] }),
    file('app/views.py', {
      definitions: [def('class', 'View', 3, null, true), def('method', 'get', 4, 0, true), def('function', 'render', 9, null, true)],
      imports: [imp('python', 'pkg', [['Model', 'Model']]), imp('python', 'pkg.util', []), imp('python', '..pkg', [['util', 'u']])],
      heritage: [{ child: 0, parent: 'pkg.models.Model', kind: 'extends' }],
      calls: [
        call('render', 1),
        call('save', 1, { receiver: 'self' }),
        call('clean', 1, { receiver: 'pkg.util' }),
        call('clean', 2, { receiver: 'u' }),
        call('Model', 2),
      ],
    }),
  ];
  // The base is written pkg.models.Model and `import pkg.util` binds pkg too: pkg/__init__.py
  // binds models, so the base resolves through the package's namespace.
  assert.deepEqual(edgesOf(exts), [
    'calls app/views.py::function::render::9 -> pkg/models.py::class::Model::1 0.99',
    'calls app/views.py::function::render::9 -> pkg/util.py::function::clean::1 0.99',
    'calls app/views.py::method::View.get::4 -> app/views.py::function::render::9 1',
    'calls app/views.py::method::View.get::4 -> pkg/models.py::method::Model.save::2 0.99',
    'calls app/views.py::method::View.get::4 -> pkg/util.py::function::clean::1 0.99',
    'imports app/views.py -> pkg/__init__.py 1',
    'imports app/views.py -> pkg/util.py 1',
    'imports pkg/__init__.py -> pkg/models.py 1',
    'inherits app/views.py::class::View::3 -> pkg/models.py::class::Model::1 0.99',
  ]);
});

test('no by-name guesses: a call one or two imported definitions name is counted as fallback, with no edge, and as unresolved per file', () => {
  const exts = [
    file('a.ts', { definitions: [def('class', 'A', 1), def('method', 'solo', 2, 0), def('method', 'pair', 3, 0), def('method', 'many', 4, 0)] }),
    file('b.ts', { definitions: [def('class', 'B', 1), def('method', 'pair', 2, 0), def('method', 'many', 3, 0)] }),
    file('c.ts', { definitions: [def('class', 'C', 1), def('method', 'many', 2, 0)] }),
    file('e.ts', { definitions: [def('class', 'E', 1), def('method', 'elsewhere', 2, 0)] }),
    file('d.ts', {
      imports: [imp('esm', './a', []), imp('esm', './b', []), imp('esm', './c', [])],
      calls: [
        call('solo', null, { receiver: 'x' }),
        call('pair', null, { receiver: 'x' }),
        call('many', null, { receiver: 'x' }),
        call('elsewhere', null, { receiver: 'x' }),
      ],
    }),
  ];
  const graph = buildGraph(
    exts,
    new ModuleResolver(
      exts.map((e) => e.file),
      undefined,
    ),
  );
  assert.deepEqual(edgesOf(exts, ['calls']), []);
  assert.equal(graph.stats.byOutcome.fallback, 2);
  assert.equal(graph.stats.byOutcome.unresolved, 2);
  assert.equal(graph.unresolvedByFile.get('d.ts'), 4);
});

test('Python `from m import *` binds what m exposes', () => {
  const exts = [
    file('m.py', { definitions: [def('function', 'helper', 1, null, true)] }),
    file('n.py', { imports: [imp('python', 'm', [['*', '*']])], calls: [call('helper', null)] }),
  ];
  assert.deepEqual(edgesOf(exts, ['calls']), ['calls n.py -> m.py::function::helper::1 0.99']);
});

test('Python package root named like the workspace: `import django.db` under a root named django', () => {
  const exts = [
    file('__init__.py', {}),
    file('db/__init__.py', { definitions: [def('function', 'connect', 1, null, true)] }),
    file('core/x.py', { imports: [imp('python', 'django.db', [['connect', 'connect']])], calls: [call('connect', null)] }),
  ];
  assert.deepEqual(edgesOf(exts, ['calls', 'imports'], undefined, 'django'), [
    'calls core/x.py -> db/__init__.py::function::connect::1 0.99',
    'imports core/x.py -> db/__init__.py 1',
  ]);
});

test("Python package root: its parent is where absolute imports start, so `import json` in flask/json/provider.py is the standard library, not the package's own json", () => {
  const exts = [
    file('__init__.py', {}),
    file('json/__init__.py', { definitions: [def('function', 'dumps', 1, null, true)] }),
    file('json/provider.py', { imports: [imp('python', 'json', [['*', 'json']])], calls: [call('dumps', null, { receiver: 'json' })] }),
    file('views.py', { imports: [imp('python', 'flask.json', [['*', 'json']])], calls: [call('dumps', null, { receiver: 'json' })] }),
  ];
  assert.deepEqual(edgesOf(exts, ['calls', 'imports'], undefined, 'flask'), [
    'calls views.py -> json/__init__.py::function::dumps::1 0.99',
    'imports views.py -> json/__init__.py 1',
  ]);
});

test("Python: a name a module imports and also defines holds the import (`try: from blinker import Namespace` / `except ImportError: class Namespace`), unless the import is a function's own", () => {
  const exts = [
    // signals.py: line 1 imports Namespace from an external package, line 4 defines the fallback.
    file('signals.py', {
      definitions: [def('class', 'Namespace', 4), def('function', 'make', 8), def('function', 'features', 12, null, true), def('function', 'lazy', 16)],
      imports: [imp('python', 'blinker', [['Namespace', 'Namespace']]), { ...imp('python', 'windows', [['features', 'features']]), line: 17 }],
      calls: [call('Namespace', 1, { line: 9 })],
    }),
    file('windows.py', { definitions: [def('function', 'features', 1, null, true)] }),
    // app.py imports signals' own features: the module-level definition, not lazy()'s import.
    file('app.py', { imports: [imp('python', 'signals', [['features', 'features']])], calls: [call('features', null)] }),
  ];
  // `Namespace()` reaches blinker's, outside the workspace: no edge to the fallback.
  assert.deepEqual(edgesOf(exts, ['calls']), ['calls app.py -> signals.py::function::features::12 0.99']);
});
