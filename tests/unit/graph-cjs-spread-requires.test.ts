// `module.exports = { ...require('./format'), version() {} }`: the module exports everything each
// spread module does, as `export * from './format'` does, beside its own members, so an importer's
// `util.pad()` and a destructured `parse()` reach the loaded modules' functions, as the checker's
// spread type does. On fixture tests/fixtures/graph/cjs-spread-requires/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a module whose exports object spreads loaded modules passes on their exports', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-spread-requires', 'use.js'), [
    'use.js::function::render::6 -> format.js::function::pad::3',
    'use.js::function::render::6 -> format.js::function::trim::7',
    'use.js::function::render::6 -> index.js::function::version::6',
    'use.js::function::render::6 -> parse.js::function::parse::3',
  ]);
});
