// A function (not an arrow) written inside a class has a `this` of its own: an object literal's
// methods and function values, a nested function declaration. The checker reads it as `any` (or
// the literal's type), never the class's instance, so `this.store.flush()` there reaches nothing.
// The instance's `this` is kept where code hands it over (`.call(this)`, a `this` passed after the
// function or before it, `handle.bind(this)` later, an assignment to a member), in an arrow, in a class written inside such a function,
// where a JSDoc `@this` declares it, and for a call on the line such a function starts on. On
// fixture tests/fixtures/graph/ts-own-this-in-class/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a function with its own `this` inside a class does not call through the instance', async () => {
  assert.deepEqual(await callEdgesOf('ts-own-this-in-class'), [
    // `/** @this {Store} */ const onData = function () { this.flush() }`.
    'legacy.js::function::Legacy.hooks.onData::10 -> store.ts::method::Store.flush::2',
    // `function handle() { this.store.flush() }` then `handle.bind(this)`.
    'legacy.js::function::Legacy.later.handle::25 -> store.ts::method::Store.flush::2',
    'legacy.js::method::Legacy.constructor::4 -> store.ts::class::Store::1',
    // `return this.store.size(function (job) {`: the method's call, on the callback's first line.
    'legacy.js::method::Legacy.drop::32 -> store.ts::method::Store.size::3',
    'legacy.js::method::Legacy.run::19 -> store.ts::method::Store.size::3',
    'view.ts -> store.ts::class::Store::1',
    // `withSelf(this, function () {...})`: the instance passed beside the function.
    'view.ts::method::View.generated::58 -> store.ts::method::Store.flush::2',
    'view.ts::method::View.generated::58 -> view.ts::function::withSelf::4',
    // `.call(this)`, `forEach(function () {...}, this)` and `this['onEnd'] = function`.
    'view.ts::method::View.handed::45 -> store.ts::method::Store.flush::2',
    'view.ts::method::View.handed::45 -> store.ts::method::Store.size::3',
    // The literal's arrow keeps the class's `this`; its `reset()` and `fn: function` have their own.
    'view.ts::method::View.handle.arrow::24 -> store.ts::method::Store.flush::2',
    // `this.onEnd = function (this: View) {...}`; the nested `function done()` reaches nothing.
    'view.ts::method::View.later::32 -> store.ts::method::Store.size::3',
    // A class inside a nested function: its own instance.
    'view.ts::method::View.nested.Inner.go::69 -> store.ts::method::Store.size::3',
    'view.ts::method::View.nested::65 -> store.ts::class::Store::1',
  ]);
});
