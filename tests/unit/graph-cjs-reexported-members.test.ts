// `const cpu = require('./cpu'); exports.cpu = cpu.cpu` at a module's top level passes on what the
// loaded module exports, as `export { cpu } from './cpu'` does: an importer's `si.cpu()` reaches
// the function in cpu.js, as the checker follows the alias. The same assignment inside a function
// whose parameter is also named `cpu` is not the load. On fixture
// tests/fixtures/graph/cjs-reexported-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("an export assigned a loaded module's member is that module's export, reached by the importer's calls", async () => {
  assert.deepEqual(await callEdgesFrom('cjs-reexported-members', 'lib/cli.js'), [
    'lib/cli.js::function::info::5 -> lib/cpu.js::function::cpu::3',
    'lib/cli.js::function::info::5 -> lib/cpu.js::function::cpuFlags::7',
    'lib/cli.js::function::info::5 -> lib/index.js::function::report::8',
  ]);
  // The module's own call of its export follows the same alias (ownExportCalls).
  assert.deepEqual(await callEdgesFrom('cjs-reexported-members', 'lib/index.js'), ['lib/index.js::function::report::8 -> lib/cpu.js::function::cpuFlags::7']);
});
