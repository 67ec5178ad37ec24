// JavaScript constructor functions, on fixture tests/fixtures/graph/cjs-prototype/: a capitalised
// function with methods declared apart from it (`Generator.prototype.addMapping = function ...`,
// or in a literal, `Queue.prototype = { push: function () {} }`) is a class to the checker, so `new Generator()` is an instance whose prototype methods are
// called, `this` in a prototype method is that instance, and the members the constructor assigns
// (`this._sources = new ArraySet()`, a documented parameter) type the calls made on them. A
// `var X = require('./x').X` binds the exporting module's X, never a function of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexedFixture } from '../helpers/graph-fixture.ts';

test('a JavaScript constructor function is a class: its instances, `this` in its prototype methods and the members it assigns; a lower-case function and an undeclared method get no edge', async () => {
  const index = await indexedFixture('cjs-prototype');
  const calls = index
    .graph!.edges.filter((e) => e.type === 'calls')
    .map((e) => `${e.from} -> ${e.to}`)
    .sort();
  assert.deepEqual(calls, [
    // `new ArraySet()` through `var ArraySet = require('./array-set').ArraySet`: array-set.js's.
    'generator.js::function::Generator::6 -> array-set.js::function::ArraySet::1',
    'generator.js::function::lowercase::33 -> array-set.js::function::ArraySet::1',
    // `this._sources.add()` (constructed in the constructor) and `this._validate()` (a prototype method).
    'generator.js::method::Generator.addMapping::12 -> array-set.js::method::ArraySet.add::5',
    'generator.js::method::Generator.addMapping::12 -> generator.js::method::Generator._validate::21',
    // `var that = this; names.forEach(function (name) { that._sources.has(name) })`.
    'generator.js::method::Generator.each::25 -> array-set.js::method::ArraySet.has::9',
    // `this._names.has()`: `/** @param {ArraySet} names */` assigned in the constructor.
    'generator.js::method::Generator.seen::17 -> array-set.js::method::ArraySet.has::9',
    // `Queue.prototype = { push: function () {...}, size() {...}, limit: 10 }`: its functions are
    // Queue's methods, `this` in them its instance; `limit` holds a number, no method.
    'queue.js::function::Queue::3 -> array-set.js::function::ArraySet::1',
    'queue.js::method::Queue.push::9 -> array-set.js::method::ArraySet.add::5',
    'queue.js::method::Queue.push::9 -> queue.js::method::Queue.size::13',
    // `this._names = unordered ? new ArraySet() : null` in the constructor, then `this._names.add()`;
    // `seen = unordered ? new ArraySet : undefined`, then `seen.has()`; `either` (an ArraySet or a string) is not typed.
    'tracker.js::function::Tracker::4 -> array-set.js::function::ArraySet::1',
    'tracker.js::function::seenOnce::13 -> array-set.js::function::ArraySet::1',
    'tracker.js::function::seenOnce::13 -> array-set.js::method::ArraySet.has::9',
    'tracker.js::method::Tracker.track::8 -> array-set.js::method::ArraySet.add::5',
    'use.js::function::enqueue::13 -> queue.js::function::Queue::3',
    'use.js::function::enqueue::13 -> queue.js::method::Queue.push::9',
    // `new Generator(null)` then `generator.addMapping()`; `generator.missing()` is declared nowhere.
    'use.js::function::run::3 -> generator.js::function::Generator::6',
    'use.js::function::run::3 -> generator.js::method::Generator.addMapping::12',
  ]);
});
