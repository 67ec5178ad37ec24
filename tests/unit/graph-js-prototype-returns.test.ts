// A method assigned to a JavaScript constructor function's prototype returns what its body
// constructs or returns (`Pool.prototype.make = function () { return new Sock() }`, `return
// this.current`), or what its doc comment's `@returns` declares, as a class's method does: a call
// on its result reaches Sock's methods. On fixture tests/fixtures/graph/js-prototype-returns/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a prototype method’s result is typed by what it constructs, returns or documents', async () => {
  assert.deepEqual(await callEdgesFrom('js-prototype-returns', 'lib/use.js'), [
    'lib/use.js::function::run::4 -> lib/sock.js::function::Pool::8',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Pool.held::18',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Pool.latest::14',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Pool.make::11',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Sock.close::5',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Sock.drain::6',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Sock.open::4',
  ]);
});
