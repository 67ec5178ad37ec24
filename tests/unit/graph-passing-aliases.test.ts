// A generic type alias whose union is led by its own type parameter (`type Maybe<T> = T | null |
// undefined`, @noble/curves' `type TArg<T> = T | (...)`) passes that parameter through: a member
// called on `Maybe<Store>` is Store's, as the checker names the union's first member's; and an
// argument that is itself generic is read by its name (`Wide<Field<bigint>>` is a Field). On
// fixture tests/fixtures/graph/ts-passing-aliases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom, indexedFixture } from '../helpers/graph-fixture.ts';

test('a union alias led by its type parameter is read as its argument', async () => {
  assert.deepEqual(await callEdgesFrom('ts-passing-aliases', 'user.ts'), [
    'user.ts::function::save::3 -> store.ts::method::Store.put::2',
    'user.ts::function::square::7 -> store.ts::method::Field.sqr::8',
  ]);
  // A place passed through is no base: no `inherits` edge.
  const graph = (await indexedFixture('ts-passing-aliases')).graph!;
  assert.deepEqual(
    graph.edges.filter((e) => e.type === 'inherits'),
    [],
  );
});
