// The revealing module pattern: `const PropertyFactory = (function () { function getProp() {};
// return { getProp: getProp } }())`, or an arrow called in place returning a local literal, holds
// what the function returns, so an importer's `PropertyFactory.getProp()` reaches the nested
// function the literal names, as a factory's result does. On fixture
// tests/fixtures/graph/js-revealing-modules/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a module object a function called in place returns holds its members', async () => {
  assert.deepEqual(await callEdgesFrom('js-revealing-modules', 'lib/build.js'), [
    'lib/build.js::function::build::5 -> lib/helpers.js::method::helpers.api.format::3',
    'lib/build.js::function::build::5 -> lib/pooling.js::method::pooling.double::6',
    'lib/build.js::function::build::5 -> lib/property-factory.js::method::PropertyFactory.ob.getProp::9',
  ]);
});
