// A CommonJS module that exports another module whole, by a name bound to its load
// (`module.exports = exports = BaseError`) or by the load itself (`module.exports =
// require('./base')`), is that module: `new LibError()` in an importer reaches the class the
// loaded module exports, as the checker follows the chain. On fixture
// tests/fixtures/graph/cjs-whole-module-exports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a module exporting a loaded module whole passes on its value', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-whole-module-exports', 'lib/connection.js'), [
    'lib/connection.js::function::fail::6 -> lib/error/base.js::class::BaseError::3',
    'lib/connection.js::function::failPlain::10 -> lib/error/base.js::class::BaseError::3',
  ]);
});
