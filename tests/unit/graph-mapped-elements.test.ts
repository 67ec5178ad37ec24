// `const items = stores.map((store) => store.child)`: an array of what the callback's one
// expression holds (a member path, a call, a construction), its parameter read as an element of
// the receiver, as the checker infers map's result from the callback's return; indexed, iterated
// and passed to forEach. A block body or an annotated parameter types nothing here.
// On fixture tests/fixtures/graph/ts-mapped-elements/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("map's result is an array of what its callback's expression holds", async () => {
  assert.deepEqual(await callEdgesFrom('ts-mapped-elements', 'src/use.ts'), [
    'src/use.ts::function::children::3 -> src/api.ts::method::Item.touch::2',
    'src/use.ts::function::found::18 -> src/api.ts::method::Registry.find::13',
    'src/use.ts::function::found::18 -> src/api.ts::method::Store.load::7',
    'src/use.ts::function::loaded::8 -> src/api.ts::method::Item.touch::2',
    'src/use.ts::function::loaded::8 -> src/api.ts::method::Store.load::7',
    'src/use.ts::function::made::13 -> src/api.ts::class::Item::1',
    'src/use.ts::function::made::13 -> src/api.ts::method::Item.touch::2',
    'src/use.ts::function::withIndex::32 -> src/api.ts::method::Item.touch::2',
  ]);
});
