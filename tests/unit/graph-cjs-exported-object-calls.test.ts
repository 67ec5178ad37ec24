// `const codes = { ERR_BAD_URL: createError(...) }; module.exports = codes`: a member of the module
// object whose value a call makes is the module's export of that name, as the same literal written
// as `module.exports = {...}` declares it, so an importer's `new ERR_BAD_URL()` or `onRoute()`
// reaches the member: the checker resolves such a call to the property that holds the value. On
// fixture tests/fixtures/graph/cjs-exported-object-calls/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a call-made member of an object the module exports by name is reached by the importer's calls", async () => {
  assert.deepEqual(await callEdgesFrom('cjs-exported-object-calls', 'use.js'), [
    'use.js::function::route::6 -> errors.js::method::codes.ERR_BAD_URL::6',
    'use.js::function::route::6 -> errors.js::method::codes.format::8',
    'use.js::function::route::6 -> errors.js::method::codes.onRoute::7',
  ]);
});
