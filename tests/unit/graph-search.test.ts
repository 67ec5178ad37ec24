// SPEC §search_codebase components half: tokenisation and ranking on a small hand-built graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { searchComponents, tokenize } from '../../core/index/component-search.ts';
import { buildGraph } from '../../core/index/build-graph.ts';
import { ModuleResolver } from '../../core/index/module-resolver.ts';
import type { FileExtraction } from '../../core/index/extract-types.ts';

test('tokenize splits camelCase, acronyms, snake_case and kebab-case', () => {
  assert.deepEqual(tokenize('parseHTTPRequest_v2-final'), ['parse', 'http', 'request', 'v2', 'final']);
  assert.deepEqual(tokenize('src/user-store/index.ts'), ['src', 'user', 'store', 'index', 'ts']);
});

function ext(file: string, names: Array<[string, 'function' | 'class' | 'method', number | null]>): FileExtraction {
  return {
    file,
    language: 'typescript',
    definitions: names.map(([name, kind, parent], i) => ({ kind, name, startLine: i * 3 + 1, endLine: i * 3 + 2, parent, exported: true })),
    imports: [],
    exports: [],
    calls: [],
    heritage: [],
  };
}

test('components match on name, path and type; every token must match; exact names rank first', () => {
  const exts = [
    ext('src/user-store.ts', [
      ['UserStore', 'class', null],
      ['saveUser', 'method', 0],
      ['loadUsers', 'method', 0],
    ]),
    ext('src/session.ts', [
      ['save_session', 'function', null],
      ['userSession', 'function', null],
    ]),
  ];
  const graph = buildGraph(
    exts,
    new ModuleResolver(
      exts.map((e) => e.file),
      undefined,
    ),
  );
  const ids = (q: string, limit = 10, filter?: string[]) => searchComponents(graph, q, limit, filter).map((h) => h.node.id);
  // save_session has "save" but nowhere "user": every query token must match.
  assert.deepEqual(ids('save user'), ['src/user-store.ts::method::UserStore.saveUser::4']);
  // A run-together query matches the tokens it contains; the exact name comes first.
  assert.deepEqual(ids('usersession', 2), ['src/session.ts::function::userSession::4', 'src/session.ts::function::save_session::1']);
  assert.deepEqual(ids('store'), [
    'src/user-store.ts::class::UserStore::1',
    'src/user-store.ts::method::UserStore.saveUser::4',
    'src/user-store.ts::method::UserStore.loadUsers::7',
    'src/user-store.ts',
  ]);
  // "method" matches the node type.
  assert.deepEqual(ids('method user', 10), ['src/user-store.ts::method::UserStore.saveUser::4', 'src/user-store.ts::method::UserStore.loadUsers::7']);
  assert.deepEqual(ids('user', 10, ['session']), ['src/session.ts::function::userSession::4']);
  assert.deepEqual(ids('nothing'), []);
});
