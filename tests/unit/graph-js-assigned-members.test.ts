// A JavaScript function assigned on `this` declares a member whoever calls it: in an ES class's
// constructor (`this.getCamera = function () {...}`, `this.dispose = () => {...}`) it is the class's
// method, and in a function's own body (`function Output() { this.begin = function () {} }`) it makes
// the function a constructor function whose instances have it, as the checker reads a JavaScript
// file. On fixture tests/fixtures/graph/js-assigned-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a function assigned on `this` in a class's constructor or a constructor function is a method callers elsewhere reach", async () => {
  assert.deepEqual(await callEdgesFrom('js-assigned-members', 'use.js'), [
    'use.js::function::render::3 -> xr.js::class::XRManager::4',
    'use.js::function::render::3 -> xr.js::function::Output::17',
    'use.js::function::render::3 -> xr.js::method::Output.begin::19',
    'use.js::function::render::3 -> xr.js::method::XRManager.dispose::11',
    'use.js::function::render::3 -> xr.js::method::XRManager.getCamera::8',
  ]);
});
