// `exports.array = {}; exports.array.flatten = function () {}` (and through `module.exports.`):
// the function is a member of the object the module exports as `array`, so an importer's
// `utils.array.flatten()` and the module's own `exports.array.unique()` reach it. On fixture
// tests/fixtures/graph/cjs-export-object-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("members assigned to an exported object are that export's", async () => {
  assert.deepEqual(await callEdgesOf('cjs-export-object-members'), [
    'lib/model.js::function::ids::5 -> lib/utils.js::method::array.flatten::9',
    'lib/model.js::function::ids::5 -> lib/utils.js::method::array.unique::12',
    'lib/model.js::function::ids::5 -> lib/utils.js::method::object.vals::4',
    'lib/model.js::function::label::9 -> lib/utils.js::method::text.trim::17',
    'lib/utils.js::function::uniqueValues::21 -> lib/utils.js::method::array.unique::12',
    'lib/utils.js::function::uniqueValues::21 -> lib/utils.js::method::object.vals::4',
  ]);
});
