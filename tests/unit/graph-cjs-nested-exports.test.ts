// CommonJS as spdy-transport writes it: a module's exports object aliased at its top (`var utils =
// exports; utils.reverse = function reverse () {}`) exports what the alias is assigned, as
// `exports.reverse = ...` does; and a member of an object the module exports holds a loaded
// module (`transport.protocol = {}; transport.protocol.base = require('./lib/base')`), which an
// importer reads at its top (`var base = transport.protocol.base; var utils = base.utils`) or in
// place (`base.utils.reverse()`, `transport.protocol.base.utils.reverse()`). The checker follows
// each to utils.js's exports; a function of a plain object there (`local.reverse`) is none of
// them. On fixture tests/fixtures/graph/cjs-nested-exports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('an aliased exports object and the modules an exported object holds, read through them', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-nested-exports', 'lib/http2/'), [
    'lib/http2/framer.js::function::frame::4 -> lib/base/utils.js::function::reverse::8',
    'lib/http2/parser.js::function::parse::5 -> lib/base/utils.js::function::ProtocolError::3',
    'lib/http2/parser.js::function::parse::5 -> lib/base/utils.js::function::weight::12',
    'lib/http2/scheduler.js::function::order::7 -> lib/base/utils.js::function::reverse::8',
    'lib/http2/scheduler.js::function::schedule::3 -> lib/base/utils.js::function::weight::12',
  ]);
});
