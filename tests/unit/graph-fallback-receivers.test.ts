// A call on a parenthesized fallback (`(this.cache || new Store()).open()`, `(maybe ?? other).close()`,
// `(this.delegate || Date).now()`) reaches the member of the left operand's type, which the
// checker's union of both operands holds, as `const s = a ?? b` is typed as `a`. A left operand
// typed by nothing reaches nothing: the right one is not read. On fixture
// tests/fixtures/graph/ts-fallback-receivers/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a call on a parenthesized || or ?? reaches the left operand’s member', async () => {
  assert.deepEqual(await callEdgesOf('ts-fallback-receivers'), [
    'src/clock.ts::method::Clock.tick::8 -> src/store.ts::class::Store::1',
    'src/clock.ts::method::Clock.tick::8 -> src/store.ts::method::Store.close::3',
    'src/clock.ts::method::Clock.tick::8 -> src/store.ts::method::Store.now::4',
    'src/clock.ts::method::Clock.tick::8 -> src/store.ts::method::Store.open::2',
  ]);
});
