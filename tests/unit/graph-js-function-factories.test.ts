// Values a factory function gives, called in another file: `export const float = new
// ConvertType('float')`, ConvertType returning a function, is that function (`new` on a function
// returning an object gives the object), as `ConvertType('vec3')` is, and `new makeNode()`,
// returning an object, is no function; `createColorManagement()`, returning a local object literal
// by name from a body whose nested methods write many `return`s, has that literal's methods. As
// the checker resolves them. On fixture tests/fixtures/graph/js-function-factories/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a const constructed from a function that returns a function is called as one; a factory's returned local object has its members", async () => {
  assert.deepEqual(await callEdgesFrom('js-function-factories', 'use.js'), [
    'use.js::function::shade::4 -> tsl.js::function::float::10',
    'use.js::function::shade::4 -> tsl.js::function::vec3::11',
    'use.js::function::toLinear::8 -> color.js::method::createColorManagement.ColorManagement.convert::5',
    'use.js::function::toLinear::8 -> color.js::method::createColorManagement.ColorManagement.getPrimaries::15',
    'use.js::function::toLinear::8 -> color.js::method::createColorManagement.ColorManagement.getTransfer::9',
  ]);
});
