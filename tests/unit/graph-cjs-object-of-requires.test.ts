// JavaScript as sshpk writes it: `var formats = {}; formats['rfc4253'] = require('./formats/rfc4253');
// formats.pkcs8 = require('./formats/pkcs8')` at the module's top, then `formats.pkcs8.pkcs8ToBuffer(k)`
// and `formats['rfc4253'].write(k)`: each member of an object the top declares empty is the module
// assigned to it, as the checker declares a JavaScript object's assigned members, and a quoted key
// a name could be is read as that member. Not read: a key no name could be and an object declared in
// a function (both of which the checker reads), and a module assigned to a function's member (which
// it does not). On fixture tests/fixtures/graph/cjs-object-of-requires/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("an empty object's members assigned modules at the top: the modules' functions", async () => {
  assert.deepEqual(await callEdgesOf('cjs-object-of-requires'), [
    'key.js::method::Key.toBuffer::14 -> formats/pkcs8.js::function::pkcs8ToBuffer::1',
    'key.js::method::Key.toBuffer::14 -> formats/rfc4253.js::function::write::1',
  ]);
});
