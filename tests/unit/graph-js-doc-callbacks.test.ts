// JavaScript doc comments the checker reads as declarations: a parameter typed as a function
// (`@param {(err?: null | Error, socket?: Socket) => void} callback`, Closure's
// `{function(Socket): void}`) types the parameters of a function passed in its place; a CommonJS
// export assigned a function (`exports.later = async function () {}`) takes its comment's
// `@returns` and callback types under the exported name; and `@type` over a value
// (`/** @type {Set<Socket>} */ const all = new Set()`) is the declared type, not the value's
// class. On fixture tests/fixtures/graph/js-doc-callbacks/, every edge the TypeScript checker's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('doc comments type callbacks, CommonJS exports and values they annotate', async () => {
  assert.deepEqual(await callEdgesFrom('js-doc-callbacks', 'lib/pool.js'), [
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::function::connect::29',
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::function::visit::24',
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::method::Resolver.resolve::18',
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::method::Socket.close::5',
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::method::Socket.open::4',
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::method::Socket.pause::6',
    'lib/pool.js::method::Pool.fill::12 -> lib/socket.js::method::Socket.resume::7',
    'lib/pool.js::method::Pool.wait::19 -> lib/socket.js::function::later::34',
    'lib/pool.js::method::Pool.wait::19 -> lib/socket.js::method::Socket.ping::8',
    'lib/pool.js::method::Pool.wait::19 -> lib/socket.js::method::Socket.send::9',
  ]);
});
