// JavaScript as d3-timer writes it: `Timer.prototype = timer.prototype = { restart: function ()
// {...}, stop() {...} }`, one literal assigned to two prototypes in a chain. The literal's methods
// are the outermost constructor's, the one `new Timer()` builds, so `t.restart()` and `t.stop()` on
// such an instance reach them, in another module and in the file itself, and so does a call on what
// the factory `timer()` returns (`return t`). The inner assignment defines nothing of its own. On
// fixture tests/fixtures/graph/js-chained-prototypes/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a literal assigned to two prototypes in a chain: the outer constructor's methods", async () => {
  assert.deepEqual(await callEdgesOf('js-chained-prototypes'), [
    'timeout.js::function::timeout::3 -> timer.js::function::Timer::1',
    'timeout.js::function::timeout::3 -> timer.js::function::timer::5',
    'timeout.js::function::timeout::3 -> timer.js::method::Timer.restart::13',
    'timeout.js::function::timeout::3 -> timer.js::method::Timer.stop::16',
    'timer.js::function::timer::5 -> timer.js::function::Timer::1',
    'timer.js::function::timer::5 -> timer.js::method::Timer.restart::13',
  ]);
});
