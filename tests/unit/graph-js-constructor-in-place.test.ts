// `new Shim(options).wrap(target)` where Shim is a JavaScript constructor function another module
// exports (`function Shim() {}; Shim.prototype.wrap = ...; module.exports = Shim`): the instance
// made in place has the prototype's methods, as one bound to a const does (`const s = new Shim()`),
// since the checker reads such a function as a class. On fixture
// tests/fixtures/graph/js-constructor-in-place/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("an instance of a constructor function made in place reaches the prototype's methods", async () => {
  assert.deepEqual(await callEdgesFrom('js-constructor-in-place', 'use.js'), [
    'use.js::function::instrument::5 -> shim.js::function::Shim::3',
    'use.js::function::instrument::5 -> shim.js::method::Shim.create::11',
    'use.js::function::instrument::5 -> shim.js::method::Shim.wrap::7',
  ]);
});
