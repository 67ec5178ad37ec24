// A type parameter bound by an argument that is a call (`each(listStores(), (store) => ...)`,
// `const store = first(listStores())`): the checker infers it from the called function's declared
// return, and so does the graph, for a callback's parameter and for a local bound to the call.
// On fixture tests/fixtures/graph/ts-call-bound-generics/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a type parameter bound by a call's declared return types callbacks and locals", async () => {
  assert.deepEqual(await callEdgesFrom('ts-call-bound-generics', 'src/use.ts'), [
    'src/use.ts::function::openAll::4 -> src/store.ts::function::each::13',
    'src/use.ts::function::openAll::4 -> src/store.ts::function::listStores::7',
    'src/use.ts::function::openAll::4 -> src/store.ts::method::Store.open::2',
    'src/use.ts::function::openFirst::13 -> src/store.ts::function::first::19',
    'src/use.ts::function::openFirst::13 -> src/store.ts::function::listStores::7',
    'src/use.ts::function::openFirst::13 -> src/store.ts::method::Store.open::2',
    'src/use.ts::function::openOne::8 -> src/store.ts::function::holding::16',
    'src/use.ts::function::openOne::8 -> src/store.ts::function::openStore::10',
    'src/use.ts::function::openOne::8 -> src/store.ts::method::Store.open::2',
    'src/use.ts::function::openSame::18 -> src/store.ts::function::identity::22',
    'src/use.ts::function::openSame::18 -> src/store.ts::function::openStore::10',
    'src/use.ts::function::openSame::18 -> src/store.ts::method::Store.open::2',
    'src/use.ts::function::warmNew::24 -> src/store.ts::class::Cache::4',
    'src/use.ts::function::warmNew::24 -> src/store.ts::function::holding::16',
    'src/use.ts::function::warmNew::24 -> src/store.ts::method::Cache.warm::5',
  ]);
});
