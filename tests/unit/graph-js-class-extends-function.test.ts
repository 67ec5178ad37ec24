// A class extending a JavaScript constructor function (`class SchemaMap extends SchemaType` with
// `function SchemaType() {}` and its prototype's methods) calls that function with `super(...)`,
// as the checker names it, and reaches the prototype's methods through `this`. On fixture
// tests/fixtures/graph/js-class-extends-function/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('super(...) in a class extending a constructor function calls the function', async () => {
  assert.deepEqual(await callEdgesFrom('js-class-extends-function', 'lib/map.js'), [
    'lib/map.js::method::SchemaMap.castAll::8 -> lib/schema-type.js::method::SchemaType.cast::5',
    'lib/map.js::method::SchemaMap.constructor::4 -> lib/schema-type.js::function::SchemaType::2',
  ]);
});
