// A class's static field read through the class's name (`Registry.instance.lookup()` with `static
// instance = new Registry()`, `Registry.store.open()` with `static store: Store`) is typed where
// the class declares it; a value sharing its name with an interface (`const Named` beside
// `interface Named`) is read as the value, never the interface. On fixture
// tests/fixtures/graph/ts-static-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a static field read through its class's name is typed as the class declares it", async () => {
  assert.deepEqual(await callEdgesFrom('ts-static-members', 'src/use.ts'), [
    'src/use.ts::function::viaDeclared::7 -> src/registry.ts::method::Store.open::2',
    'src/use.ts::function::viaInstance::3 -> src/registry.ts::method::Registry.lookup::12',
    'src/use.ts::function::viaValue::11 -> src/registry.ts::method::Other.open::5',
  ]);
});
