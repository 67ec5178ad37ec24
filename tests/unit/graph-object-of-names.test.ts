// A module-level object literal whose members name functions of the file (`{ run, stop: halt,
// local }`, imports or the file's own), in `as const` or `Object.freeze(...)` too: `api.stop()`
// reaches the function the name is (halt), as the checker reads a shorthand property or a property
// whose value is a name, through a named or a default export; a nested literal's members
// (`api.users.list`) one level down. On fixture tests/fixtures/graph/ts-object-of-names/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a module object's member that names a function reaches that function", async () => {
  assert.deepEqual(await callEdgesFrom('ts-object-of-names', 'src/use.ts'), [
    'src/use.ts::function::named::3 -> src/api.ts::function::local::3',
    'src/use.ts::function::named::3 -> src/tasks.ts::function::halt::5',
    'src/use.ts::function::named::3 -> src/tasks.ts::function::run::1',
    'src/use.ts::function::nested::9 -> src/api.ts::method::api.users.list::10',
    'src/use.ts::function::nested::9 -> src/tasks.ts::function::stop::3',
    'src/use.ts::function::viaDefault::18 -> src/tasks.ts::function::run::1',
    'src/use.ts::function::viaFreeze::14 -> src/tasks.ts::function::stop::3',
  ]);
});
