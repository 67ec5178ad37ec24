// `for (const { canvas, attempt } of tx.scope.manager.take())`: each name the loop's object
// pattern binds by a plain key (renamed too, `{ attempt: current }`) holds that member of an
// element, as `const { attempt } = list[0]` does. On fixture
// tests/fixtures/graph/ts-loop-destructured-elements/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("names a loop destructures from its elements hold the elements' members", async () => {
  assert.deepEqual(await callEdgesFrom('ts-loop-destructured-elements', 'canvas.ts'), [
    'canvas.ts::function::renamed::17 -> types.ts::method::Attempt.setHash::3',
    'canvas.ts::function::renamed::17 -> types.ts::method::Manager.take::10',
    'canvas.ts::function::viaPath::11 -> types.ts::method::Attempt.isCurrent::2',
    'canvas.ts::function::viaPath::11 -> types.ts::method::Manager.take::10',
  ]);
});
