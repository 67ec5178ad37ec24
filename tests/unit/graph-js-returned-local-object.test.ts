// A factory that returns a local object literal (`const connection = { terminate, end }; return
// connection`) whose shorthand members name functions its body declares after the return: a call on
// what the factory returns (`Connection(o).end()`, `one.end()`) reaches that nested function, as
// the checker reads the shorthand; so does a call on an element of an array mapped in place from it
// (`[...Array(n)].map(() => Connection(o))`). An array mapped from a receiver the checker types
// `any` (an untyped parameter's `list.map(...)`) types nothing. On fixture
// tests/fixtures/graph/js-returned-local-object/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a shorthand member of a factory's returned local object is the factory's nested function", async () => {
  assert.deepEqual(await callEdgesFrom('js-returned-local-object', 'pool.js'), [
    'pool.js::function::pool::3 -> connection.js::function::Connection.cancel::18',
    'pool.js::function::pool::3 -> connection.js::function::Connection.end::19',
    'pool.js::function::pool::3 -> connection.js::function::Connection.terminate::17',
    'pool.js::function::pool::3 -> connection.js::function::Connection::3',
  ]);
  assert.deepEqual(await callEdgesFrom('js-returned-local-object', 'pools.js'), [
    'pools.js::function::pool2::3 -> connection.js::function::Connection.cancel::18',
    'pools.js::function::pool2::3 -> connection.js::function::Connection::3',
  ]);
});
