// A value a module exports is typed across files by what it constructs: a member of an exported
// literal (`defaults.store.open()` through a named or a namespace import), a constructed value
// assigned to `exports.x` or `module.exports.x`, and a member of a literal assigned there, through
// `require` or a destructured `require`. A member holding an untyped call's result, or a string,
// types nothing. On fixture tests/fixtures/graph/exported-values/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('calls on exported constructed values and literal members reach the class across files', async () => {
  assert.deepEqual(await callEdgesOf('exported-values'), [
    'src/pool.js -> src/pool.js::function::found::3',
    'src/pool.js -> src/store.ts::class::Store::1',
    'src/store.ts -> src/store.ts::class::Store::1',
    'src/use-pool.js::function::viaDestructured::8 -> src/store.ts::method::Store.close::5',
    'src/use-pool.js::function::viaMember::12 -> src/store.ts::method::Store.open::2',
    'src/use-pool.js::function::viaModule::4 -> src/store.ts::method::Store.open::2',
    'src/use-pool.js::function::viaModuleExports::16 -> src/store.ts::method::Store.close::5',
    // No edge from viaUntyped (`pool.box.loose`) or viaString (`defaults.label`).
    'src/use-store.ts::function::viaNamed::4 -> src/store.ts::method::Store.open::2',
    'src/use-store.ts::function::viaNamespace::8 -> src/store.ts::method::Store.close::5',
  ]);
});
