// A default export that is what a call of the module's own function returns (`module.exports =
// createApi()`, `export default makeHelpers()`): an importer's `api.fetchAll()` reaches the member
// of the literal the factory returns, as the checker types the module's value. A UMD wrapper's
// `module.exports = factory()`, inside the wrapper, keeps reaching what its factory returns. On
// fixture tests/fixtures/graph/cjs-exported-call-result/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a module exporting a factory call's result has that result's members", async () => {
  assert.deepEqual(await callEdgesFrom('cjs-exported-call-result', 'use.js'), [
    'use.js::function::run::5 -> api.js::method::createApi.fetchAll::3',
    'use.js::function::run::5 -> api.js::method::createApi.remove::6',
    'use.js::function::run::5 -> helpers.js::method::makeHelpers.clamp::2',
    'use.js::function::run::5 -> umd.js::function::compile::5',
  ]);
});
