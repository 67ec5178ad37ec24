// `Aggregate.prototype[Symbol.asyncIterator] = function () {}` is a method of Aggregate under its
// computed key, so `this.cursor().transformNull()` in it reaches Aggregate's `cursor` and what it
// returns, as in a method assigned by name. On fixture tests/fixtures/graph/js-prototype-computed-keys/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a prototype method assigned under a computed key has its instance as this', async () => {
  assert.deepEqual(await callEdgesFrom('js-prototype-computed-keys', 'lib/aggregate.js::method::Aggregate.[Symbol'), [
    'lib/aggregate.js::method::Aggregate.[Symbol.asyncIterator]::12 -> lib/aggregate.js::method::Aggregate.cursor::6',
    'lib/aggregate.js::method::Aggregate.[Symbol.asyncIterator]::12 -> lib/cursor.js::method::AggregationCursor.iter::9',
    'lib/aggregate.js::method::Aggregate.[Symbol.asyncIterator]::12 -> lib/cursor.js::method::AggregationCursor.transformNull::5',
  ]);
});
