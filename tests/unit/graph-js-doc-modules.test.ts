// JavaScript typed the way webpack's and eslint's packages type it: a `@typedef {import("./Hook")}
// Hook` names a module's whole export (type arguments passed over), an `@import` tag imports types,
// `@template {Hook<unknown>} H` makes a name typed `H` a Hook, and `@param {Tracker} config.tracker`
// types a destructured parameter's `tracker`. A chain of calls from a constructed instance is typed
// link by link. A function returning a local it constructed returns that local's type, and a
// constructor function's own members (`ArraySet.fromArray = function`) are reached through it. On
// fixture tests/fixtures/graph/js-doc-modules/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('JSDoc whole-module typedefs, constrained templates and destructured parameters type calls; a chain from a constructed instance, a returned local and a constructor function’s statics type their callers’ calls', async () => {
  assert.deepEqual(await callEdgesOf('js-doc-modules'), [
    // `hooks[i].tap()` with `hooks: H[]`, `@template {Hook<unknown>} H`. `touch(item)`, an unconstrained T, calls nothing.
    'lib/MultiHook.js::method::MultiHook.tap::20 -> lib/Hook.js::method::Hook.tap::11',
    // `@param {Hook} hook`, `@typedef {import("./Hook")} Hook`.
    'lib/resolver.js::function::apply::8 -> lib/Hook.js::method::Hook.tap::11',
    // `new Tracker().retain(1).remove(token)`: along the chain, `retain` declared to return a Tracker.
    'lib/rule.js::function::fix::6 -> lib/tracker.js::class::Tracker::3',
    'lib/rule.js::function::fix::6 -> lib/tracker.js::method::Tracker.remove::13',
    'lib/rule.js::function::fix::6 -> lib/tracker.js::method::Tracker.retain::8',
    // `@param {Tracker} config.tracker` for `function verify({ tracker, other: renamed })`.
    'lib/rule.js::function::verify::18 -> lib/tracker.js::method::Tracker.remove::13',
    'lib/rule.js::function::verify::18 -> lib/tracker.js::method::Tracker.retain::8',
    // `@import { Visitor as V } from "./visitor.js"` and `@import Tracker from "./tracker.js"`.
    'lib/walker.js::function::walk::12 -> lib/tracker.js::method::Tracker.remove::13',
    'lib/walker.js::function::walk::12 -> lib/visitor.js::method::Visitor.visit::4',
    'sets/array-set.js::function::sameFile::19 -> sets/array-set.js::method::ArraySet.at::15',
    'sets/array-set.js::function::sameFile::19 -> sets/array-set.js::method::ArraySet.fromArray::5',
    'sets/array-set.js::method::ArraySet.fromArray::5 -> sets/array-set.js::function::ArraySet::1',
    'sets/array-set.js::method::ArraySet.fromArray::5 -> sets/array-set.js::method::ArraySet.add::11',
    'sets/consumer.js::function::Consumer::4 -> sets/array-set.js::method::ArraySet.fromArray::5',
    // `var set = names && ArraySet.fromArray(names)`: the guarded call's result.
    'sets/consumer.js::function::guarded::21 -> sets/array-set.js::method::ArraySet.at::15',
    'sets/consumer.js::function::guarded::21 -> sets/array-set.js::method::ArraySet.fromArray::5',
    // `either` returns its ArraySet or its parameter: its result types nothing.
    'sets/consumer.js::function::viaEither::16 -> sets/make.js::function::either::11',
    'sets/consumer.js::function::viaMake::12 -> sets/array-set.js::method::ArraySet.at::15',
    'sets/consumer.js::function::viaMake::12 -> sets/make.js::function::make::4',
    // `this._names = ArraySet.fromArray(names)`, then `this._names.at(i)` in a prototype method.
    'sets/consumer.js::method::Consumer.name::8 -> sets/array-set.js::method::ArraySet.at::15',
    'sets/make.js::function::either::11 -> sets/array-set.js::function::ArraySet::1',
    'sets/make.js::function::make::4 -> sets/array-set.js::function::ArraySet::1',
    'sets/make.js::function::make::4 -> sets/array-set.js::method::ArraySet.add::11',
  ]);
});
