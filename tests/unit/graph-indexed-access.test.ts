// An annotation that indexes a type by a member's name (`Options['store']`, `Store['child']`,
// inside `NonNullable<...>` too) is that member's declared type, read where the indexed type is
// declared, as the checker reads it; a member of a primitive type gives no workspace edge.
// On fixture tests/fixtures/graph/ts-indexed-access/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("an indexed access type is the member's declared type", async () => {
  assert.deepEqual(await callEdgesFrom('ts-indexed-access', 'src/use.ts'), [
    'src/use.ts::function::opened::3 -> src/api.ts::method::Cache.flush::11',
    'src/use.ts::function::opened::3 -> src/api.ts::method::Store.open::7',
    'src/use.ts::method::Holder.run::11 -> src/api.ts::method::Item.touch::2',
  ]);
});
