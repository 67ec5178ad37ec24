// An object literal whose every member holds a plain name (`const loaders = { query, mutation }`)
// types the member a computed key picks (`loaders[kind].load()`) where all its members reach one
// type, as the checker types the union of the members; members of two types type nothing. On
// fixture tests/fixtures/graph/ts-keyed-objects/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a member of an object literal of names picked by a computed key is the type every member reaches', async () => {
  assert.deepEqual(await callEdgesOf('ts-keyed-objects'), [
    'src/use.ts::function::byKind::6 -> src/loader.ts::function::dataLoader::1',
    'src/use.ts::function::byKind::6 -> src/loader.ts::method::dataLoader.load::2',
    'src/use.ts::function::byLiteralKey::13 -> src/loader.ts::class::Client::5',
    'src/use.ts::function::byLiteralKey::13 -> src/loader.ts::method::Client.get::6',
    // `stores[key].get()` over a Client and a Cache: the constructions alone.
    'src/use.ts::function::mixed::21 -> src/loader.ts::class::Cache::11',
    'src/use.ts::function::mixed::21 -> src/loader.ts::class::Client::5',
  ]);
});
