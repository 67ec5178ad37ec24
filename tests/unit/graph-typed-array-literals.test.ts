// An object literal written as an element of an array literal whose type is declared (`const
// TASKS: Task[] = [{ start: (services) => ... }]`, `ReadonlyArray<Task>`, `[...] satisfies Task[]`)
// is written against the element type: its functions take the parameters that type declares for
// their member, an arrow or a method alike. One array deep: an element of an element is not
// typed. On fixture tests/fixtures/graph/ts-typed-array-literals/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a literal in a typed array takes its members' parameters from the element type", async () => {
  assert.deepEqual(await callEdgesFrom('ts-typed-array-literals', 'src/tasks.ts'), [
    'src/tasks.ts::function::run::22 -> src/tasks.ts::method::Task.start::3',
    'src/tasks.ts::method::SATISFIED.start::17 -> src/services.ts::method::Port.status::5',
    'src/tasks.ts::method::start::15 -> src/services.ts::method::Port.restart::4',
    'src/tasks.ts::method::start::6 -> src/services.ts::method::Port.start::2',
    'src/tasks.ts::method::start::9 -> src/services.ts::method::Port.stop::3',
  ]);
});
