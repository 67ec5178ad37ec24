// JavaScript's module objects: in a function (not an arrow) a module-level literal holds (a
// const's, `exports.tools = {...}`, `module.exports = {...}`), `this` is the literal, as the checker reads it (`this.log()` reaches what the literal's `log` holds);
// a nested function has a `this` of its own, an arrow the one around it; and a member holding a
// `require`d module whose value is a function (`log: log` with `var log = require('./log')`)
// holds that function, for a call through the object from anywhere. On fixture
// tests/fixtures/graph/js-literal-this/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("`this` in a module object's function is the object", async () => {
  assert.deepEqual(await callEdgesOf('js-literal-this'), [
    // `server.log(1, 2)` from another module.
    'client.js::function::ping::5 -> log.js::function::log::4',
    // `this.close()` in `module.exports = {...}`: the module's export.
    'exported.js::function::open::5 -> exported.js::function::close::8',
    // In `Object.freeze({...})`, one node per member (none nested under itself).
    'kit.js::method::kit.run::7 -> kit.js::method::kit.stop::11',
    // An arrow bound in the method sees the method's `this`; the nested `function later()` and
    // the arrow-valued member `quick` call nothing.
    'server.js::function::fakeServer.respond.again::22 -> server.js::method::fakeServer.create::10',
    'server.js::method::fakeServer.respond::15 -> log.js::function::log::4',
    'server.js::method::fakeServer.respond::15 -> server.js::function::format::4',
    // `exports.tools = {...}`.
    'tools.js::method::tools.run::5 -> tools.js::method::tools.stop::8',
  ]);
});
