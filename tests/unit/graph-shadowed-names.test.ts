// A name a parameter, a local variable, or a loop's, comprehension's or catch clause's variable
// binds is what a call inside that scope calls (CallSite.boundInScope): never the module's import
// or definition of the same name, as the checker and Python scope it. A bare call, `new X()`, a
// receiver path starting at the name (`lib.parse()`, `Parser().parse()`) alike; a local function
// of the name is still the one called, a function's own load (`require`, a load's `then`
// callback) still binds as an import, and the module's name holds wherever nothing inside binds
// it (a sibling block's const, `global`). On fixtures tests/fixtures/graph/ts-shadowed-names/ and
// py-shadowed-names/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('TypeScript: a parameter or a local of an imported name is called, not the import', async () => {
  assert.deepEqual(await callEdgesFrom('ts-shadowed-names', 'report.ts'), [
    'report.ts::function::imported::39 -> format.ts::class::Parser::5',
    'report.ts::function::imported::39 -> format.ts::function::format::1',
    'report.ts::function::imported::39 -> format.ts::method::Parser.parse::6',
    'report.ts::function::nested::48 -> report.ts::function::nested.format::49',
    'report.ts::function::withDestructuring::21 -> format.ts::function::helpers::11',
    'report.ts::function::withLocal::12 -> format.ts::function::helpers::11',
  ]);
});

test('JavaScript: a parameter or a var of a required name is called, not the module; a function-level require still binds', async () => {
  assert.deepEqual(await callEdgesFrom('ts-shadowed-names', 'legacy.js'), [
    'legacy.js::function::renderDefault::26 -> format.ts::function::format::1',
    'legacy.js::function::renderLoaded::16 -> format.ts::function::format::1',
    'legacy.js::function::renderLoaded::16 -> format.ts::function::helpers::11',
  ]);
});

test('JavaScript: a name declared with no value, in a closure around the file, is still the load assigned to it', async () => {
  assert.deepEqual(await callEdgesFrom('ts-shadowed-names', 'compiled.js'), ['compiled.js::function::render::8 -> format.ts::function::format::1']);
});

test('Python: a parameter, an assignment, a loop or a comprehension variable of an imported name is called, not the import', async () => {
  assert.deepEqual(await callEdgesFrom('py-shadowed-names', 'app/use.py'), [
    'app/use.py::function::declared_global::47 -> app/fmt.py::function::render::1',
    'app/use.py::function::imported::43 -> app/fmt.py::class::Parser::5',
    'app/use.py::function::imported::43 -> app/fmt.py::function::render::1',
    'app/use.py::function::imported::43 -> app/fmt.py::method::Parser.parse::6',
    'app/use.py::function::imported_in_function::53 -> app/fmt.py::function::render::1',
  ]);
});
