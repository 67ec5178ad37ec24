// Members declared under a computed key, on fixture tests/fixtures/graph/ts-computed-keys/: a
// field `[$admin] = new Administration()` or `[$admin]: Administration` in an interface, and a
// JavaScript constructor's `this[kSender] = new Sender()`, type the calls made through that key
// (`this[$admin].set()`, `(target as Administered)[$admin].set()`), as the TypeScript checker reads
// a unique symbol's member; an array indexed by a name stays an element. The exact call edges,
// and the near miss that gets none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a call through a computed key reaches the member declared under that key; an array indexed by a name gives its element; a key nothing declares gives no edge', async () => {
  assert.deepEqual(await callEdgesOf('ts-computed-keys'), [
    // The field initializer `[$admin] = new Administration()` runs at class level: the file's call.
    'src/admin.ts -> src/admin.ts::class::Administration::4',
    // `this[$admin].set(key)`; `Box.other`'s `[$other]` is declared nowhere, so it has no edge.
    'src/admin.ts::method::Box.update::17 -> src/admin.ts::method::Administration.set::5',
    'src/socket.js::method::Socket.constructor::8 -> src/socket.js::class::Sender::3',
    // `this[kSender] = new Sender()` in the constructor, then `this[kSender].send()`.
    'src/socket.js::method::Socket.write::12 -> src/socket.js::method::Sender.send::4',
    // `all[i]` with `all: Administration[]`.
    'src/use.ts::function::byIndex::11 -> src/admin.ts::method::Administration.set::5',
    // `target[$admin]` with `target: Administered`, and `(target as Administered)[$admin]`.
    'src/use.ts::function::viaAnnotation::7 -> src/admin.ts::method::Administration.set::5',
    'src/use.ts::function::viaCast::3 -> src/admin.ts::method::Administration.set::5',
  ]);
});
