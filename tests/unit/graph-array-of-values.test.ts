// An array literal of values that each name a path, call one or construct a class (`[alpha,
// beta] as const`, `[primary, openStore(), new Store()]`) is an array of the one type all its
// elements reach, as the checker's element type (the union of the elements' types) is that type:
// its elements are typed when indexed, iterated or passed to an array method's callback. Where
// the elements reach two types (a plugin beside an unannotated literal, a Store beside a Cache)
// they are typed by neither. On fixture tests/fixtures/graph/ts-array-of-values/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('an array literal of values of one type types its elements', async () => {
  assert.deepEqual(await callEdgesFrom('ts-array-of-values', 'src/use.ts'), [
    'src/use.ts -> src/api.ts::class::Cache::11',
    'src/use.ts -> src/api.ts::class::Store::7',
    'src/use.ts -> src/api.ts::function::openStore::15',
    'src/use.ts::function::openAll::23 -> src/api.ts::method::Store.open::8',
    'src/use.ts::function::setupAt::11 -> src/api.ts::method::Plugin.setup::3',
    'src/use.ts::function::setupEach::19 -> src/api.ts::method::Plugin.setup::3',
    'src/use.ts::function::tearDownAll::15 -> src/api.ts::method::Plugin.teardown::4',
  ]);
});
