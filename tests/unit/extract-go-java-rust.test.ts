// Per-file extraction for Go, Java and Rust (indexed when include names their extensions).
// Fixtures under tests/fixtures/extract/; every record is asserted exactly (kind, name, lines,
// parent, exported; import kind, source, bindings; exports; callee, receiver, enclosing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { extractFile } from '../../core/index/extract/extract-file.ts';

const root = fileURLToPath(new URL('../fixtures/extract/', import.meta.url));
const extract = (file: string) => extractFile(root, file);

test('go/server.go', async () => {
  assert.deepStrictEqual(await extract('go/server.go'), {
    file: 'go/server.go',
    language: 'go',
    definitions: [
      { kind: 'struct', name: 'Server', startLine: 10, endLine: 12, parent: null, exported: true },
      { kind: 'interface', name: 'Handler', startLine: 14, endLine: 16, parent: null, exported: true },
      { kind: 'type', name: 'ID', startLine: 18, endLine: 18, parent: null, exported: true },
      { kind: 'type', name: 'counter', startLine: 20, endLine: 20, parent: null, exported: false },
      { kind: 'function', name: 'New', startLine: 22, endLine: 24, parent: null, exported: true },
      { kind: 'method', name: 'Serve', startLine: 26, endLine: 30, parent: 0, exported: true, parentName: 'Server' },
      { kind: 'method', name: 'log', startLine: 32, endLine: 34, parent: 0, exported: false, parentName: 'Server' },
      { kind: 'method', name: 'Push', startLine: 36, endLine: 36, parent: null, exported: true, parentName: 'List' },
      { kind: 'function', name: 'helper', startLine: 38, endLine: 38, parent: null, exported: false },
    ],
    imports: [
      { kind: 'go', source: 'fmt', bindings: [{ imported: '*', local: 'fmt' }], line: 4 },
      { kind: 'go', source: 'strings', bindings: [{ imported: '*', local: 'str' }], line: 5 },
      { kind: 'go', source: 'net/http/pprof', bindings: [], line: 6 },
      { kind: 'go', source: 'math', bindings: [{ imported: '*', local: '*' }], line: 7 },
    ],
    exports: [
      { local: 'Server', exported: 'Server' },
      { local: 'Handler', exported: 'Handler' },
      { local: 'ID', exported: 'ID' },
      { local: 'New', exported: 'New' },
    ],
    calls: [
      { callee: 'ToUpper', line: 23, enclosing: 4, receiver: 'str' },
      { callee: 'Println', line: 27, enclosing: 5, receiver: 'fmt' },
      { callee: 'log', line: 28, enclosing: 5, receiver: 's' },
      { callee: 'helper', line: 33, enclosing: 6 },
      { callee: 'Sqrt', line: 33, enclosing: 6 },
    ],
    heritage: [],
    declaredTypes: [
      { kind: 'local', owner: 5, name: 's', type: 'Server' },
      { kind: 'local', owner: 6, name: 's', type: 'Server' },
      { kind: 'local', owner: 7, name: 'l', type: 'List' },
    ],
  });
});

test('java/App.java', async () => {
  assert.deepStrictEqual(await extract('java/App.java'), {
    file: 'java/App.java',
    language: 'java',
    definitions: [
      { kind: 'class', name: 'App', startLine: 7, endLine: 23, parent: null, exported: true },
      { kind: 'method', name: 'App', startLine: 10, endLine: 13, parent: 0, exported: true, parentName: 'App' },
      { kind: 'method', name: 'run', startLine: 15, endLine: 20, parent: 0, exported: true, parentName: 'App' },
      { kind: 'method', name: 'helper', startLine: 22, endLine: 22, parent: 0, exported: false, parentName: 'App' },
      { kind: 'interface', name: 'Named', startLine: 25, endLine: 25, parent: null, exported: false },
      { kind: 'enum', name: 'Level', startLine: 27, endLine: 27, parent: null, exported: false },
      { kind: 'method', name: 'weight', startLine: 27, endLine: 27, parent: 5, exported: false, parentName: 'Level' },
      { kind: 'class', name: 'Pair', startLine: 29, endLine: 29, parent: null, exported: false },
    ],
    imports: [
      { kind: 'java', source: 'java.util.List', bindings: [{ imported: 'List', local: 'List' }], line: 3 },
      { kind: 'java', source: 'java.util', bindings: [{ imported: '*', local: '*' }], line: 4 },
      { kind: 'java', source: 'java.lang.Math.max', bindings: [{ imported: 'max', local: 'max' }], line: 5 },
    ],
    exports: [{ local: 'App', exported: 'App' }],
    calls: [
      { callee: 'constructor', line: 11, enclosing: 1, receiver: 'super' },
      { callee: 'ArrayList', line: 12, enclosing: 1, isNew: true },
      { callee: 'helper', line: 17, enclosing: 2 },
      { callee: 'add', line: 18, enclosing: 2, receiver: 'this.items' },
      { callee: 'log', line: 19, enclosing: 2, receiver: 'Util' },
      { callee: 'max', line: 19, enclosing: 2 },
      { callee: 'ordinal', line: 27, enclosing: 6 },
    ],
    heritage: [
      { child: 0, parent: 'BaseApp', kind: 'extends' },
      { child: 0, parent: 'Runnable', kind: 'implements' },
      { child: 0, parent: 'Comparable', kind: 'implements' },
      { child: 4, parent: 'Comparable', kind: 'extends' },
      { child: 4, parent: 'Cloneable', kind: 'extends' },
    ],
  });
});

test('rust/lib.rs', async () => {
  assert.deepStrictEqual(await extract('rust/lib.rs'), {
    file: 'rust/lib.rs',
    language: 'rust',
    definitions: [
      { kind: 'struct', name: 'Store', startLine: 5, endLine: 7, parent: null, exported: true },
      { kind: 'enum', name: 'State', startLine: 9, endLine: 9, parent: null, exported: false },
      { kind: 'trait', name: 'Named', startLine: 11, endLine: 16, parent: null, exported: true },
      { kind: 'method', name: 'name', startLine: 12, endLine: 12, parent: 2, exported: false, parentName: 'Named' },
      { kind: 'method', name: 'shout', startLine: 13, endLine: 15, parent: 2, exported: false, parentName: 'Named' },
      { kind: 'type', name: 'Map', startLine: 18, endLine: 18, parent: null, exported: false },
      { kind: 'method', name: 'new', startLine: 21, endLine: 23, parent: 0, exported: true, parentName: 'Store' },
      { kind: 'method', name: 'insert', startLine: 25, endLine: 29, parent: 0, exported: false, parentName: 'Store' },
      { kind: 'method', name: 'name', startLine: 33, endLine: 33, parent: 0, exported: false, parentName: 'Store' },
      { kind: 'method', name: 'fmt', startLine: 37, endLine: 37, parent: null, exported: false, parentName: 'Remote' },
      { kind: 'function', name: 'run', startLine: 40, endLine: 43, parent: null, exported: true },
      { kind: 'function', name: 'helper', startLine: 45, endLine: 45, parent: null, exported: false },
    ],
    imports: [
      { kind: 'rust', source: 'std::collections::HashMap', bindings: [{ imported: 'HashMap', local: 'HashMap' }], line: 1 },
      { kind: 'rust', source: 'std::collections::HashSet', bindings: [{ imported: 'HashSet', local: 'Set' }], line: 1 },
      { kind: 'rust', source: 'crate::util', bindings: [{ imported: '*', local: '*' }], line: 2 },
      { kind: 'rust', source: 'super::config', bindings: [{ imported: 'config', local: 'config' }], line: 3 },
    ],
    exports: [
      { local: 'Store', exported: 'Store' },
      { local: 'Named', exported: 'Named' },
      { local: 'run', exported: 'run' },
    ],
    calls: [
      { callee: 'name', line: 14, enclosing: 4, receiver: 'self' },
      { callee: 'to_uppercase', line: 14, enclosing: 4, receiver: '<expr>' },
      { callee: 'new', line: 22, enclosing: 6, receiver: 'HashMap' },
      { callee: 'insert', line: 26, enclosing: 7, receiver: 'self.items' },
      { callee: 'reload', line: 27, enclosing: 7, receiver: 'config' },
      { callee: 'log', line: 28, enclosing: 7 },
      { callee: 'from', line: 33, enclosing: 8, receiver: 'String' },
      { callee: 'new', line: 41, enclosing: 10, receiver: 'Store' },
      { callee: 'helper', line: 42, enclosing: 10 },
    ],
    heritage: [
      { child: 0, parent: 'Named', kind: 'implements' },
      { child: 2, parent: 'Clone', kind: 'extends' },
      { child: 2, parent: 'Debug', kind: 'extends' },
    ],
  });
});
