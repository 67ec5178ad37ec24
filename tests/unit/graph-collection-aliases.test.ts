// A type alias of a collection of one named type (`type Extensions =
// ReadonlyArray<WebSocketExtension<unknown, unknown>>` in @mswjs/interceptors, `type List =
// Entry[]`) holds that type's values, as the collection written in place does: a callback's
// element, a loop variable and a generic element reached through it are the element type's.
// No `inherits` edge: the alias is no subtype. On fixture tests/fixtures/graph/ts-collection-aliases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom, indexedFixture } from '../helpers/graph-fixture.ts';

test('an alias of a collection types its elements', async () => {
  assert.deepEqual(await callEdgesFrom('ts-collection-aliases', 'host.ts'), [
    'host.ts::function::unwrapAll::19 -> entry.ts::method::Wrapper.unwrap::12',
    'host.ts::method::Host.each::14 -> entry.ts::method::Entry.apply::6',
    'host.ts::method::Host.first::9 -> entry.ts::method::Entry.apply::6',
    'host.ts::method::Host.first::9 -> entry.ts::method::Entry.match::2',
  ]);
  const graph = (await indexedFixture('ts-collection-aliases')).graph!;
  assert.deepEqual(
    graph.edges.filter((e) => e.type === 'inherits'),
    [],
  );
});
