// A member typed by a constrained type parameter (`class Pool<T extends Resource>`, `ready = new
// Set<T>()`, `first(): T`) is the type argument on a value that binds it (`Pool<Worker>`), as the
// checker instantiates it, and the constraint within the class or on a value written without
// arguments. On fixture tests/fixtures/graph/ts-constrained-generics/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a constrained type parameter's member is the bound argument's on an instance, the constraint elsewhere", async () => {
  assert.deepEqual(await callEdgesOf('ts-constrained-generics'), [
    'main.ts -> main.ts::class::Threads::4',
    'main.ts -> resource.ts::class::Pool::5',
    // `p: Pool` binds no argument: the constraint's.
    'main.ts::method::Main.any::29 -> resource.ts::method::Resource.usage::2',
    'main.ts::method::Main.drain::19 -> resource.ts::method::Pool.first::10',
    // `first(): T` on a Pool<Worker>.
    'main.ts::method::Main.drain::19 -> worker.ts::method::Worker.flush::8',
    // `list: T[]` iterated and `only!: T`, on a parameter typed Pool<Worker>.
    'main.ts::method::Main.each::23 -> worker.ts::method::Worker.flush::8',
    // `ready = new Set<T>()` reached through `this.#threads.workers`, a Pool<Worker>.
    'main.ts::method::Main.idle::13 -> worker.ts::method::Worker.usage::4',
    // Within Pool, `this.only` is a Resource.
    'resource.ts::method::Pool.total::15 -> resource.ts::method::Resource.usage::2',
  ]);
});
