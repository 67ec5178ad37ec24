// A method returning `this` (declared `: this` or a body returning `this`) types its call's result
// as the value the call is made on, a subclass's instance included; a `type` alias naming one type
// has that type's members, and one naming a collection of one type that type's elements. On fixture tests/fixtures/graph/ts-fluent-aliases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a fluent chain reaches the receiver class’s members, overrides included; an alias of one type has its members, an alias of a collection its elements', async () => {
  assert.deepEqual(await callEdgesOf('ts-fluent-aliases'), [
    // `type Shelf = Store`: `s.put()`.
    'src/use.ts::function::aliased::17 -> src/query.ts::method::Store.put::23',
    // `q.where().limit().run()`: `where(): this`, then `limit() { return this }`, on a Query.
    'src/use.ts::function::chained::4 -> src/query.ts::method::Query.limit::5',
    'src/use.ts::function::chained::4 -> src/query.ts::method::Query.run::8',
    'src/use.ts::function::chained::4 -> src/query.ts::method::Query.where::2',
    // `type Shelves = Array<Store>`: `xs[0].put()`, an element's.
    'src/use.ts::function::collected::22 -> src/query.ts::method::Store.put::23',
    // `q.distinct().where().run()` on a CountQuery: Query's `where` gives the CountQuery back, whose `run` overrides.
    'src/use.ts::function::overridden::9 -> src/query.ts::method::CountQuery.distinct::14',
    'src/use.ts::function::overridden::9 -> src/query.ts::method::CountQuery.run::17',
    'src/use.ts::function::overridden::9 -> src/query.ts::method::Query.where::2',
  ]);
});
