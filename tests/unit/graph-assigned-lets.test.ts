// JavaScript as make-fetch-happen writes it: a `let` declared without a value that the function
// only ever assigns one other name (`let match; ... match = entry; ... return match`) holds what
// that name holds from the assignment on, and a function returning it returns that, read as of
// the body's last line, as the checker's control flow reads an unannotated `let`. Two names
// assigned type nothing; a parameter assigned a name stays what its caller passes. On fixture
// tests/fixtures/graph/js-assigned-lets/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a let only ever assigned one name, returned: what that name holds', async () => {
  assert.deepEqual(await callEdgesOf('js-assigned-lets'), [
    'lib/finder.js::function::useEither::37 -> lib/finder.js::method::Finder.either::18',
    'lib/finder.js::function::useFound::34 -> lib/finder.js::method::Finder.find::6',
    // `Finder.find(list).put()`: `match`, assigned only `entry`, a Store.
    'lib/finder.js::function::useFound::34 -> lib/store.js::method::Store.put::2',
    // `Finder.either(list).put()`: a Store or an Other, none; `given.put()` in Finder.passed: none.
    'lib/finder.js::method::Finder.either::18 -> lib/other.js::class::Other::1',
    'lib/finder.js::method::Finder.either::18 -> lib/store.js::class::Store::1',
    'lib/finder.js::method::Finder.find::6 -> lib/store.js::class::Store::1',
    'lib/finder.js::method::Finder.passed::27 -> lib/store.js::class::Store::1',
  ]);
});
