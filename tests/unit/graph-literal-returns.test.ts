// What a member of an object literal returns types the call made on it, here or imported: an
// arrow or a method of a module-level literal (`api.make().open()`), a function member of
// `module.exports = {...}` (`tools.open().open()`, through a local too), a factory's returned
// literal's constructed member (`pair().store`), and a destructuring of a call's result
// (`const { store } = pair()`). A member returning a string or holding a number types nothing.
// On fixture tests/fixtures/graph/literal-returns/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('what a literal’s members return and hold types the calls made on them', async () => {
  assert.deepEqual(await callEdgesOf('literal-returns'), [
    'src/store.ts::function::pair::20 -> src/store.ts::class::Store::1',
    'src/store.ts::method::api.build::12 -> src/store.ts::class::Store::1',
    'src/store.ts::method::api.make::11 -> src/store.ts::class::Store::1',
    'src/tools.js::function::open::4 -> src/store.ts::class::Store::1',
    'src/tools.js::function::shut::7 -> src/store.ts::class::Store::1',
    'src/use-api.ts::function::fromArrow::3 -> src/store.ts::method::Store.open::2',
    'src/use-api.ts::function::fromArrow::3 -> src/store.ts::method::api.make::11',
    'src/use-api.ts::function::fromDestructured::15 -> src/store.ts::function::pair::20',
    'src/use-api.ts::function::fromDestructured::15 -> src/store.ts::method::Store.close::5',
    'src/use-api.ts::function::fromFactory::11 -> src/store.ts::function::pair::20',
    'src/use-api.ts::function::fromFactory::11 -> src/store.ts::method::Store.open::2',
    'src/use-api.ts::function::fromMethod::7 -> src/store.ts::method::Store.close::5',
    'src/use-api.ts::function::fromMethod::7 -> src/store.ts::method::api.build::12',
    // fromString reaches only the functions it calls: nothing of `trim` or `toFixed`.
    'src/use-api.ts::function::fromString::21 -> src/store.ts::function::pair::20',
    'src/use-api.ts::function::fromString::21 -> src/store.ts::method::api.label::15',
    'src/use-tools.js::function::viaFunction::7 -> src/store.ts::method::Store.close::5',
    'src/use-tools.js::function::viaFunction::7 -> src/tools.js::function::shut::7',
    'src/use-tools.js::function::viaMethod::3 -> src/store.ts::method::Store.open::2',
    'src/use-tools.js::function::viaMethod::3 -> src/tools.js::function::open::4',
  ]);
});
