// A method assigned to a JavaScript constructor function's prototype returns what its body
// constructs or returns (`Pool.prototype.make = function () { return new Sock() }`, `return
// this.current`), or what its doc comment's `@returns` declares, as a class's method does: a call
// on its result reaches Sock's methods. In the constructor function's own body `this` is the
// instance it makes (`this.current.open()`). On fixture tests/fixtures/graph/js-prototype-returns/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a prototype method’s result is typed by what it constructs, returns or documents', async () => {
  assert.deepEqual(await callEdgesOf('js-prototype-returns'), [
    'lib/sock.js::function::Pool::8 -> lib/sock.js::function::Sock::3',
    'lib/sock.js::function::Pool::8 -> lib/sock.js::method::Sock.open::4',
    'lib/sock.js::method::Pool.held::19 -> lib/sock.js::function::lookup::23',
    'lib/sock.js::method::Pool.make::12 -> lib/sock.js::function::Sock::3',
    'lib/use.js::function::run::4 -> lib/sock.js::function::Pool::8',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Pool.held::19',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Pool.latest::15',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Pool.make::12',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Sock.close::5',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Sock.drain::6',
    'lib/use.js::function::run::4 -> lib/sock.js::method::Sock.open::4',
  ]);
});
