// JavaScript as hpack.js writes it: a prototype method assigns a member what a call returns,
// `this._encoder = Encoder.create()`, beside `this._encoder = null` in the constructor and after
// use; the checker types the member by the union of every assignment to it, so another method's
// `this._encoder.encodeBit(1)` reaches Encoder's `encodeBit`. A member assigned two different calls
// (`this._other = other.first()` here, `other.second()` in `reset`) is typed by neither: the checker
// names the first union member's `run`, which the graph does not model (this fixture's one miss
// against the checker). On fixture tests/fixtures/graph/js-prototype-called-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a member a prototype method assigns a call: what that call returns', async () => {
  assert.deepEqual(await callEdgesFrom('js-prototype-called-members', 'compressor.js'), [
    'compressor.js::method::Compressor._encode::18 -> encoder.js::method::Encoder.encodeBit::10',
    'compressor.js::method::Compressor.reset::23 -> other.js::function::second::11',
    'compressor.js::method::Compressor.write::9 -> compressor.js::method::Compressor._encode::18',
    'compressor.js::method::Compressor.write::9 -> encoder.js::method::Encoder.create::6',
    'compressor.js::method::Compressor.write::9 -> encoder.js::method::Encoder.render::14',
    'compressor.js::method::Compressor.write::9 -> other.js::function::first::7',
  ]);
});
