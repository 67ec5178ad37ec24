// A CommonJS module whose export is a factory (`module.exports = function (m) { function A() {};
// return { A: A } }`), on fixture tests/fixtures/graph/cjs-factory/: a call of the module,
// through a binding or loaded in place (`require('./streams')(stream)`), reaches its export, and
// what the call returns holds the literal's members, as a named factory's does. A module-level
// name bound to a choice of functions (`var isBuffer = native || stubFalse`) that the module
// exports is a function its importers call, as the checker resolves their calls to it. An export
// assigned a member (`module.exports.Encoder = streams.EncoderStream`) and called through the
// module's own exports (`new module.exports.Encoder()`) is a call of that member.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexedFixture } from '../helpers/graph-fixture.ts';

test('a module exporting a factory: calls of it, bound or loaded in place, reach its export, and its literal types what they return; an exported name bound to a choice of functions is called as one; an own export assigned a member is that member', async () => {
  const index = await indexedFixture('cjs-factory');
  const edges = index
    .graph!.edges.filter((e) => e.type === 'calls' || e.type === 'imports')
    .map((e) => `${e.type} ${e.from} -> ${e.to} ${e.confidence}`)
    .sort();
  assert.deepEqual(edges, [
    // `new module.exports.Encoder()` with `module.exports.Encoder = streams.EncoderStream`; `exports.Either`,
    // assigned two members, gives no edge.
    'calls own-exports.js::function::enable.encode::5 -> streams.js::method::default.EncoderStream::14 0.99',
    'calls own-exports.js::function::enable::2 -> streams.js::function::default::2 0.99',
    // `isBuffer(value)` with `module.exports = isBuffer`, `stubs.pickStub()` with `module.exports.pickStub = pickStub`.
    'calls use.js::function::checks::24 -> is-buffer.js::function::isBuffer::6 0.99',
    'calls use.js::function::checks::24 -> stub-false.js::function::pickStub::6 0.99',
    // `require('./streams')(stream)`: the module's default export, then `new streams.DecoderStream()`.
    'calls use.js::function::inPlace::9 -> streams.js::function::default::2 0.99',
    'calls use.js::function::inPlace::9 -> streams.js::method::default.DecoderStream::15 0.99',
    // `require('./plain')(options)`: its export; `value.toString()` is no call of the workspace.
    'calls use.js::function::plainInPlace::14 -> plain.js::function::default::2 0.99',
    // `var makeStreams = require('./streams')`, `makeStreams(stream)`, then `new streams.EncoderStream()`.
    'calls use.js::function::viaBinding::3 -> streams.js::function::default::2 0.99',
    'calls use.js::function::viaBinding::3 -> streams.js::method::default.EncoderStream::14 0.99',
    'imports is-buffer.js -> stub-false.js 1',
    'imports own-exports.js -> streams.js 1',
    'imports use.js -> is-buffer.js 1',
    'imports use.js -> plain.js 1',
    'imports use.js -> streams.js 1',
    'imports use.js -> stub-false.js 1',
  ]);
});
