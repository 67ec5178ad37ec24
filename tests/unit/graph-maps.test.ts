// Keyed collections on fixture tests/fixtures/graph/ts-maps/: a `Map<K, V>` is a collection of
// its values, which `get()`, `forEach()`, `values()` and a `[key, value]` loop give; its keys type
// nothing. The exact call edges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a map's values type the calls on what get(), forEach(), values() and a pair loop give, and an array's entries() pairs do too, a map constructed with type arguments too; its keys do not", async () => {
  assert.deepEqual(await callEdgesOf('ts-maps'), [
    'src/context.ts::function::entries::28 -> src/binding.ts::method::Binding.inspect::6',
    'src/context.ts::method::Context.byForEach::10 -> src/binding.ts::method::Binding.inspect::6',
    'src/context.ts::method::Context.byGet::6 -> src/binding.ts::method::Binding.toJSON::2',
    'src/context.ts::method::Context.byPairs::18 -> src/binding.ts::method::Binding.toJSON::2',
    'src/context.ts::method::Context.byValues::14 -> src/binding.ts::method::Binding.getValue::10',
    // `new Map<number, Binding>()`, read through `ready ? this.waiting.get(id) : undefined`.
    'src/context.ts::method::Pending.answer::37 -> src/binding.ts::method::Binding.getValue::10',
  ]);
});
