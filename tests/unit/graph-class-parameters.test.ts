// A parameter holding a class (`make(Ctor: typeof Store)`, or JSDoc's `@param {typeof Store}
// Ctor`, generic-pool's evictor) builds that class where the function constructs it: `new Ctor()`
// is a Store, as the checker reads it, in a local or a member the constructor assigns; and a
// parameter named as an import (`Store: typeof Cache`) holds its own class within its function. On
// fixture tests/fixtures/graph/ts-class-parameters/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('constructing a parameter that holds a class builds that class', async () => {
  assert.deepEqual(await callEdgesOf('ts-class-parameters'), [
    'pool.js::method::Pool.run::11 -> store.ts::method::Store.open::2',
    'use.ts::function::make::4 -> store.ts::method::Store.open::2',
    // `Store: typeof Cache` shadows the imported Store: a Cache.
    'use.ts::function::outside::22 -> store.ts::method::Cache.open::6',
    'use.ts::method::Holder.run::16 -> store.ts::method::Store.open::2',
  ]);
});
