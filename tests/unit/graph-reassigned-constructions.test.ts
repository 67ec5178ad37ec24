// JavaScript as sshpk writes it: `var buf; ... buf = new SSHBuffer({}); ... buf.writeChar(n);
// buf = buf.toBuffer()`, a local constructed as one class and later assigned something else,
// holds the class from the construction's line to that assignment's line, whose right side
// reads it first, as the checker's control flow reads an unannotated `var`. Constructed as two
// classes, it holds neither after the second; declared with another value first, the
// declaration's type holds. On fixture tests/fixtures/graph/js-reassigned-constructions/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a construction later reassigned: the class until the reassignment', async () => {
  assert.deepEqual(await callEdgesOf('js-reassigned-constructions'), [
    'lib/other.js::method::Other.make::5 -> lib/other.js::class::Other::1',
    // `out.writeChar(2)` after `out = new SSHBuffer()` and `out = new Other()`: neither.
    'lib/writer.js::function::eitherWay::16 -> lib/buffer.js::class::SSHBuffer::1',
    'lib/writer.js::function::eitherWay::16 -> lib/other.js::class::Other::1',
    // `b.writeChar(3)` with `let b = Other.make()`: Other's, the declaration's type.
    'lib/writer.js::function::madeFirst::28 -> lib/buffer.js::class::SSHBuffer::1',
    'lib/writer.js::function::madeFirst::28 -> lib/other.js::method::Other.make::5',
    'lib/writer.js::function::madeFirst::28 -> lib/other.js::method::Other.writeChar::2',
    'lib/writer.js::function::write::5 -> lib/buffer.js::class::SSHBuffer::1',
    // `buf.toBuffer()` on the reassignment's line, and `buf.writeChar(1)` in the loop before it.
    'lib/writer.js::function::write::5 -> lib/buffer.js::method::SSHBuffer.toBuffer::5',
    'lib/writer.js::function::write::5 -> lib/buffer.js::method::SSHBuffer.writeChar::2',
  ]);
});
