// An array or set copied from what one path iterates (`[...this.sockets]`, `Array.from(this.sockets)`,
// `[...this.byId.values()]`, `new Set(listed)`) holds that path's elements: a callback on it, a local bound to it, an
// element of it and a `for...of` over it reach the element type's members. A mapping
// `Array.from(x, f)` and a spread of two paths are typed by nothing (the checker's drain edge is
// missed, no other reached). On fixture tests/fixtures/graph/ts-iterated-copies/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('an array spread, Array.from or new Set of one path holds that path’s elements', async () => {
  assert.deepEqual(await callEdgesOf('ts-iterated-copies'), [
    'src/pool.ts::method::Pool.closeAll::7 -> src/socket.ts::method::Socket.close::2',
    'src/pool.ts::method::Pool.closeAll::7 -> src/socket.ts::method::Socket.pause::3',
    'src/pool.ts::method::Pool.pingDistinct::21 -> src/socket.ts::method::Socket.close::2',
    'src/pool.ts::method::Pool.pingDistinct::21 -> src/socket.ts::method::Socket.ping::5',
    'src/pool.ts::method::Pool.resumeAll::12 -> src/socket.ts::method::Socket.ping::5',
    'src/pool.ts::method::Pool.resumeAll::12 -> src/socket.ts::method::Socket.resume::4',
    'src/pool.ts::method::Pool.resumeAll::12 -> src/socket.ts::method::Socket.send::6',
  ]);
});
