// `var self = module.exports = {}` then `self.quote = function () {}`: the name holds the module's
// exports unparenthesized too, so each function assigned through it is an export an importer's
// `tools.quote()` reaches, as the checker reads the alias. On fixture
// tests/fixtures/graph/cjs-exports-alias/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('functions assigned through an unparenthesized alias of module.exports are exports', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-exports-alias', 'use.js'), [
    'use.js::function::roundTrip::3 -> tools.js::function::quote::3',
    'use.js::function::roundTrip::3 -> tools.js::function::unquote::7',
  ]);
});
