// CommonJS as CoffeeScript compiles it: an export assigned through a chain (`module.exports = Base =
// class Base {}`, `exports.format = format = function () {}`) exports the value the chain ends
// in, named once; a name declared by `var` and assigned a module (`Base = require('./base')`) binds
// it, so a class extends and constructs across files inside the wrapper `(function() {...}).call(this)`.
// On fixture tests/fixtures/graph/cjs-chained-exports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf, indexedFixture } from '../helpers/graph-fixture.ts';

test('exports assigned through a chain, and modules assigned to names declared before', async () => {
  assert.deepEqual(await callEdgesOf('cjs-chained-exports'), [
    // A listed export: no longer the unlisted-export guess.
    'lib/main.js::function::main::2 -> lib/use.js::function::format::3',
    'lib/use.js::function::format::3 -> lib/writer.js::class::Writer::7',
    'lib/use.js::function::format::3 -> lib/writer.js::method::Writer.run::12',
    // `super(options)`: Base declares no constructor.
    'lib/writer.js::method::Writer.constructor::8 -> lib/base.js::class::Base::5',
    'lib/writer.js::method::Writer.run::12 -> lib/base.js::method::Base.write::6',
  ]);
  const graph = (await indexedFixture('cjs-chained-exports')).graph!;
  const call = graph.edges.find((e) => e.type === 'calls' && e.from === 'lib/main.js::function::main::2');
  assert.equal(call?.confidence, 0.99);
});
