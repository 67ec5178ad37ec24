// `const { findPython, locate: where } = require('./lib/finder')` where the module exports a class
// as a whole (`module.exports = PythonFinder`), and `const { run } = require('./lib/cli')` where
// it exports an object (`module.exports = cli`): each name is that value's member, as the checker
// reads a destructured require; of a static and an instance member of one name, the first
// declared. A name the module exports itself still answers first (`parse`), and one neither the
// module nor its value has (`missing`) reaches nothing. On fixture
// tests/fixtures/graph/cjs-destructured/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a name destructured from a require is a member of what the module exports as a whole', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-destructured', 'configure.js'), [
    'configure.js::function::configure::7 -> lib/cli.js::method::cli.run::4',
    'configure.js::function::configure::7 -> lib/cli.js::method::cli.stop::7',
    'configure.js::function::configure::7 -> lib/finder.js::method::PythonFinder.findPython::4',
    'configure.js::function::configure::7 -> lib/finder.js::method::PythonFinder.locate::6',
    'configure.js::function::configure::7 -> lib/named.js::function::parse::3',
  ]);
});
