// A CommonJS module's member holding another module's value (`module.exports = { isObject:
// require('./is-object') }`, `exports.Window = require('./window')`, `curve.short =
// require('./short')` through `var curve = exports`) is that module's value: a call through it,
// destructured or not, `new` or not, reaches what that module assigns to `module.exports`, as the
// checker follows the module it loads. A module whose value is an instance (`module.exports = bus`)
// has no other members: `utils.bus.emit()` reaches nothing, not its top-level `var emit`. On
// fixture tests/fixtures/graph/js-required-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a member holding a required module's value is that value", async () => {
  assert.deepEqual(await callEdgesOf('js-required-members'), [
    'bin.js::function::main::7 -> lib/short.js::function::ShortCurve::2',
    // `utils.clone(x)`; `utils.bus.emit('run')` none.
    'bin.js::function::main::7 -> lib/utils/clone.js::function::clone::2',
    'bin.js::function::main::7 -> lib/utils/is-object.js::function::isObject::2',
    'bin.js::function::main::7 -> lib/window.js::class::Window::2',
  ]);
});
