// A function member of an object literal no name holds (`Object.defineProperty(P, 'state',
// { get: function () {} })`) is no name of the module: a bare `get()` beside it calls the module's
// `get` binding, here an import. On fixture tests/fixtures/graph/js-unnamed-literal-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("an unnamed literal's member does not hide the module's binding of its name", async () => {
  assert.deepEqual(await callEdgesFrom('js-unnamed-literal-members', 'lib/connection.js'), [
    'lib/connection.js::method::Connection.option::19 -> lib/get.js::function::get::3',
  ]);
});
