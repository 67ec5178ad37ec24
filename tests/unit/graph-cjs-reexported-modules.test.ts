// CommonJS as hpack.js and spdy-transport write it: a module exporting the modules it loads
// (`var lib = exports; lib.encoder = require('./lib/encoder')`, `exports.table = require(...)`,
// `lib.Stream = require('./lib/stream').Stream`), and an importer reading them at its top (`var
// encoder = lib.encoder`, `var Stream = lib.Stream`) or in place (`lib.table.lookup()`). The checker
// follows each to the loaded module: `encoder.create()` reaches Encoder's static `create`, and
// `new Stream()`'s instance Stream's prototype `send`. A bare call or `new` of the local itself
// reaches the local, as the checker names it; `new lib.encoder()` reaches what encoder.js assigns
// to `module.exports`, as the checker follows the load the export's assignment holds. On fixture
// tests/fixtures/graph/cjs-reexported-modules/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('modules a module exports, read through it', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-reexported-modules', 'lib/compressor.js'), [
    'lib/compressor.js::function::Compressor::5 -> lib/compressor.js::function::Stream::3',
    'lib/compressor.js::function::Compressor::5 -> lib/encoder.js::method::Encoder.create::6',
    'lib/compressor.js::function::Compressor::5 -> lib/stream.js::method::Stream.send::6',
    'lib/compressor.js::function::Compressor::5 -> lib/table.js::function::lookup::1',
    'lib/compressor.js::method::Compressor.write::12 -> lib/encoder.js::function::Encoder::1',
    'lib/compressor.js::method::Compressor.write::12 -> lib/encoder.js::method::Encoder.render::10',
  ]);
});
