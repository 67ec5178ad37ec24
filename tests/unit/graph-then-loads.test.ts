// `import('./m').then(({ make }) => make())` and `.then((m) => m.run())`: the first parameter of
// the callback handed to a load's `then` holds the module, as `const { make } = await import('./m')`
// does, renamed (`{ createPlugin: make }`), in a function expression, and in a load held by `??=`
// too. A `then` on anything but a load binds nothing. On fixture tests/fixtures/graph/ts-then-loads/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("the callback of a load's then holds the module", async () => {
  assert.deepEqual(await callEdgesFrom('ts-then-loads', 'src/loader.ts'), [
    'src/loader.ts::function::loadModule::5 -> src/plugins.ts::function::describe::5',
    'src/loader.ts::function::loadNamed::1 -> src/plugins.ts::function::createPlugin::1',
    'src/loader.ts::function::loadOnce.load::11 -> src/plugins.ts::function::createPlugin::1',
  ]);
});
