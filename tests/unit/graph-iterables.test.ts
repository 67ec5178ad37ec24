// What a `for ... of` or `for await` iterates, by its first type argument (`Iterable<Store>`,
// `AsyncIterable<Store>`, a generator function's declared `Generator<Store, void, unknown>` or
// `AsyncGenerator<Store>`), gives its loop variable that type, as an array's elements do; a
// generator's own methods (`iterator.next()`) are read as nothing. On fixture
// tests/fixtures/graph/ts-iterables/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("an iterable's loop variable is its element type", async () => {
  assert.deepEqual(await callEdgesFrom('ts-iterables', 'src/use.ts'), [
    'src/use.ts::function::each::3 -> src/api.ts::method::Store.open::2',
    'src/use.ts::function::eachAsync::7 -> src/api.ts::method::Store.open::2',
    'src/use.ts::function::generated::11 -> src/api.ts::function::stores::5',
    'src/use.ts::function::generated::11 -> src/api.ts::method::Store.open::2',
    'src/use.ts::function::streamedAll::15 -> src/api.ts::function::streamed::9',
    'src/use.ts::function::streamedAll::15 -> src/api.ts::method::Store.open::2',
  ]);
});
