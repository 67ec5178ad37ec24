// `InstanceType<typeof Store>` is Store, the class whose instance it names, as the checker reads
// it: a parameter or a field annotated so types the calls on it. `typeof` of a function (no
// constructor) types nothing. On fixture tests/fixtures/graph/ts-instance-types/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('InstanceType<typeof X> is an instance of X', async () => {
  assert.deepEqual(await callEdgesFrom('ts-instance-types', 'src/use.ts'), [
    'src/use.ts::function::opened::3 -> src/api.ts::method::Store.open::2',
    'src/use.ts::method::Holder.run::10 -> src/api.ts::method::Store.open::2',
  ]);
});
