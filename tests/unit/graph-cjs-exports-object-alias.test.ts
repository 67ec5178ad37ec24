// `var utils = (module.exports = { ... })` (nodemon's lib/utils/index.js): the name a JavaScript
// module's top binds to an object literal it assigns to `module.exports` in parentheses is an alias
// of the exports object, as `var utils = exports` is: the literal's functions are exports an
// importer's `utils.quiet()` reaches, and so is a function the top assigns through the alias
// (`utils.reset = function () {}`), which runs as an export though the checker, reading the
// literal as the object's whole type, declares no `reset`. The name is no function of its own.
// On fixture tests/fixtures/graph/cjs-exports-object-alias/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom, indexedFixture } from '../helpers/graph-fixture.ts';

test('an object assigned to module.exports in a declarator is the exports object', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-exports-object-alias', 'lib/config.js'), [
    'lib/config.js::function::describe::3 -> lib/utils.js::function::quiet::2',
    'lib/config.js::function::describe::3 -> lib/utils.js::function::stringify::5',
    'lib/config.js::function::restart::8 -> lib/utils.js::function::reset::10',
  ]);
  const graph = (await indexedFixture('cjs-exports-object-alias')).graph!;
  assert.deepEqual(
    [...graph.nodes.values()].filter((n) => n.file === 'lib/utils.js' && n.name !== 'lib/utils.js').map((n) => n.name),
    ['quiet', 'stringify', 'reset'],
  );
});
