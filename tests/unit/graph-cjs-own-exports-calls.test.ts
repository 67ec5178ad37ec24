// `exports.isObject(x)` and `module.exports.isObject(x)` in the module that assigns `exports.isObject
// = isObject`, with `isObject` a load: a call of what the load holds (the loaded module's function,
// named or not), as the checker follows the export to the load. On fixture
// tests/fixtures/graph/cjs-own-exports-calls/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a module's call through its own exports reaches the load an export holds", async () => {
  assert.deepEqual(await callEdgesFrom('cjs-own-exports-calls', 'lib/utils.js'), [
    'lib/utils.js::function::merge::4 -> lib/helpers/clone.js::function::clone::2',
    'lib/utils.js::function::merge::4 -> lib/helpers/isObject.js::function::default::2',
  ]);
});
