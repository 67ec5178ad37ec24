// JavaScript as react-smooth writes it: `run() { if (!this.manager) this.manager = createManager() }`
// in a class, with `this.manager = null` elsewhere and nothing else assigned to it, types the member
// by what createManager returns, as the checker declares a JavaScript class's member by the union
// of what its methods assign (`null` aside), as a constructor's assignment already did. A member
// the file also assigns anything else (`this.shared = other`) is typed by none. On fixture
// tests/fixtures/graph/js-method-assigned-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a member a class's method assigns one call is what the call returns", async () => {
  assert.deepEqual(await callEdgesOf('js-method-assigned-members'), [
    'animate.js::method::Animate.run::8 -> manager.js::function::createManager::1',
    'animate.js::method::Animate.run::8 -> manager.js::method::createManager.start::3',
    // `this.shared.start()`: `this.shared` is also `other`, an untyped parameter.
    'animate.js::method::Animate.share::22 -> manager.js::function::createManager::1',
    'animate.js::method::Animate.unmount::15 -> manager.js::method::createManager.stop::4',
  ]);
});
