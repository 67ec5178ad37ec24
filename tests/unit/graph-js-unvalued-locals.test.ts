// A local declared with no value (`let castNumber;` in a function, then assigned there) holds
// what the function assigns it, so a bare call of it is never the module's import of that name,
// as the checker scopes it; a function with no such local still calls the import. On fixture
// tests/fixtures/graph/js-unvalued-locals/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a local declared without a value shadows the import of its name', async () => {
  assert.deepEqual(await callEdgesFrom('js-unvalued-locals', 'lib/number.js'), [
    'lib/number.js::method::SchemaNumber.plain::21 -> lib/cast/number.js::function::castNumber::3',
  ]);
});
