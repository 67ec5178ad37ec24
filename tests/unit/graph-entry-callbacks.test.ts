// A callback's `[key, value]` pattern over entries (`Object.entries(this.byName).forEach(([, s]) =>
// ...)`, `[...this.byId.entries()].map(...)`, `Array.from(this.byId.entries())`) binds the value
// as an element of what the entries are read from, as a loop's pattern does; and an array
// pattern's rest (`const [head, ...rest] = this.list`) is a collection of the same elements. A
// pair pattern over anything else binds nothing. On fixture tests/fixtures/graph/ts-entry-callbacks/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('entries callbacks and array rests are typed by the collection they read', async () => {
  assert.deepEqual(await callEdgesOf('ts-entry-callbacks'), [
    'src/registry.ts::method::Registry.openAll::8 -> src/store.ts::method::Store.close::3',
    'src/registry.ts::method::Registry.openAll::8 -> src/store.ts::method::Store.flush::4',
    'src/registry.ts::method::Registry.openAll::8 -> src/store.ts::method::Store.open::2',
    'src/registry.ts::method::Registry.split::14 -> src/store.ts::method::Store.ping::6',
    'src/registry.ts::method::Registry.split::14 -> src/store.ts::method::Store.sync::5',
  ]);
});
