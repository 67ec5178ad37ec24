// A method's overloads that type one place apart (`on(e: 'socket', l: (s: Socket) => void)` and
// `on(e: 'server', l: (s: Server) => void)`; `find('socket'): Socket` and `find('server'):
// Server`) leave that place untyped: the checker picks the overload by the argument, which the
// graph does not, and the first overload's type drew an edge to the wrong class. Overloads that
// agree on a place still type it. On fixture tests/fixtures/graph/ts-overloaded-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('overloads that disagree on a place type nothing there; overloads that agree do', async () => {
  assert.deepEqual(await callEdgesFrom('ts-overloaded-members', 'src/use.ts'), [
    'src/use.ts::function::eachSocket::11 -> src/events.ts::method::Pool.each::20',
    'src/use.ts::function::eachSocket::11 -> src/events.ts::method::Socket.send::2',
    'src/use.ts::function::findServer::7 -> src/events.ts::method::Emitter.find::14',
    'src/use.ts::function::onServer::3 -> src/events.ts::method::Emitter.on::12',
    'src/use.ts::function::takeSocket::15 -> src/events.ts::method::Pool.take::22',
    'src/use.ts::function::takeSocket::15 -> src/events.ts::method::Socket.send::2',
  ]);
});
