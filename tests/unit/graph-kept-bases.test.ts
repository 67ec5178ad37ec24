// A base written through a mapped type that keeps a type's members (`interface FactoryConfig
// extends Omit<BaseConfig<string>, 'transaction'>`, `type Options = Partial<BaseConfig<number>> &
// { name: string }`) is that type: its members are reached on the interface or alias, as in an
// annotation. `Record<K, V>` keeps no type's members. On fixture tests/fixtures/graph/ts-kept-bases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a base written as Omit<X, K> or Partial<X> is X', async () => {
  assert.deepEqual(await callEdgesFrom('ts-kept-bases', 'src/use.ts'), [
    'src/use.ts::function::logOptions::7 -> src/types.ts::method::BaseConfig.log::4',
    'src/use.ts::function::make::3 -> src/types.ts::method::BaseConfig.transformInput::2',
  ]);
});
