// A Python import inside a function binds its names in that function and those nested in it
// (LanguageTraits.functionImports): `from .fallback import helper` in one function reaches the
// fallback's helper there, a bare call and a module's member alike, while the module's own
// `from .primary import helper` holds everywhere else, before and after that function. On
// fixture tests/fixtures/graph/py-function-imports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("Python: a function's own import binds in it alone; the module's import holds in every other function", async () => {
  assert.deepEqual(await callEdgesOf('py-function-imports'), [
    'app/use.py::function::after_own_import::20 -> app/primary.py::function::helper::1',
    'app/use.py::function::from_module::5 -> app/primary.py::function::helper::1',
    'app/use.py::function::from_own_import.nested::14 -> app/fallback.py::function::helper::1',
    'app/use.py::function::from_own_import::9 -> app/fallback.py::function::helper::1',
    'app/use.py::function::from_own_import::9 -> app/use.py::function::from_own_import.nested::14',
  ]);
});
