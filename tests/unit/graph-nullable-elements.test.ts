// A collection whose element type is a class or null or undefined (`Array<Store | undefined>`,
// `(Store | null)[]`, `Map<string, Store | undefined>`) holds that class wherever a call is made
// on an element (`store?.open()`, `stores[0]?.open()`, `stores.get(k)!.open()`), as a name
// annotated `Store | undefined` does; an element of two classes (`Array<Store | Cache>`) is
// typed by neither. On fixture tests/fixtures/graph/ts-nullable-elements/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('an element that may be null or undefined is typed by its class', async () => {
  assert.deepEqual(await callEdgesFrom('ts-nullable-elements', 'src/use.ts'), [
    'src/use.ts::function::byName::11 -> src/api.ts::method::Store.open::2',
    'src/use.ts::function::each::3 -> src/api.ts::method::Store.open::2',
    'src/use.ts::function::first::7 -> src/api.ts::method::Store.open::2',
  ]);
});
