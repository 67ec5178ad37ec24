// A function declared to return a tuple (`openBoth(): [Store, Cache]`, labelled and optional places
// and a promise of one too) gives each place its type, so `const [store, cache] = openBoth()` binds
// each name to its place's; over a call returning an array (`openMany(): Store[]`) each name is an
// element. On fixture tests/fixtures/graph/ts-tuple-returns/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('names destructured from a call are typed by the tuple place or element they bind', async () => {
  assert.deepEqual(await callEdgesFrom('ts-tuple-returns', 'src/use.ts'), [
    'src/use.ts::function::start::3 -> src/store.ts::function::openBoth::12',
    'src/use.ts::function::start::3 -> src/store.ts::function::openLater::16',
    'src/use.ts::function::start::3 -> src/store.ts::function::openMany::20',
    'src/use.ts::function::start::3 -> src/store.ts::method::Cache.evict::8',
    'src/use.ts::function::start::3 -> src/store.ts::method::Cache.warm::9',
    'src/use.ts::function::start::3 -> src/store.ts::method::Store.close::3',
    'src/use.ts::function::start::3 -> src/store.ts::method::Store.open::2',
  ]);
});
