// JavaScript as undici writes it: a method declared under a symbol-valued computed key
// (`[kAdd](client) {}`) is what `this[kAdd](x)` calls; `super(opts)` reaches the base class itself
// when the base declares no constructor of its own (one further up does), as the checker names it;
// a module-level `let` declared without a value, given a function in a class's static block and
// exported, is the function its importers call. On fixture tests/fixtures/graph/js-symbol-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('symbol-keyed methods, super of a base without a constructor, and lets assigned a function later', async () => {
  assert.deepEqual(await callEdgesOf('js-symbol-members'), [
    // Counted declares its own constructor: `super(opts)` in it reaches Root's.
    'lib/base.js::method::Counted.constructor::14 -> lib/base.js::method::Root.constructor::4',
    // PoolBase declares none (Root's is further up): the call names PoolBase.
    'lib/pool.js::method::Pool.constructor::3 -> lib/base.js::class::PoolBase::8',
    // `this[kAdd](opts)`; `this[kDrop](opts)` has no member under that key, so no edge.
    'lib/pool.js::method::Pool.constructor::3 -> lib/base.js::method::PoolBase.[kAdd]::9',
    'lib/pool.js::method::Tally.constructor::10 -> lib/base.js::method::Counted.constructor::14',
    'lib/request.js::function::make::2 -> lib/headers.js::class::Headers::2',
    // `let getGuard, setGuard, version`: the two the static block gives a function; `version` holds a number.
    'lib/request.js::function::make::2 -> lib/headers.js::function::getGuard::1',
    'lib/request.js::function::make::2 -> lib/headers.js::function::setGuard::1',
  ]);
});
