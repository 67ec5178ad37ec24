// A member typed by a type literal (`private tools!: { cache: Cache }`, `constructor(private deps:
// { db: Db })`, `deps: { db: Db }` in an interface or a `type`) types each of the literal's
// properties, so `this.deps.db.query()` reaches Db's, as the checker resolves it; one level of
// literal, no deeper. On fixture tests/fixtures/graph/ts-literal-typed-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a member typed by a type literal types the literal's properties", async () => {
  assert.deepEqual(await callEdgesFrom('ts-literal-typed-members', 'src/use.ts'), [
    'src/use.ts::function::viaAlias::26 -> src/db.ts::method::Db.query::2',
    'src/use.ts::function::viaInterface::22 -> src/db.ts::method::Cache.clear::5',
    'src/use.ts::method::Service.reset::16 -> src/db.ts::method::Cache.clear::5',
    'src/use.ts::method::Service.run::13 -> src/db.ts::method::Db.query::2',
  ]);
});
