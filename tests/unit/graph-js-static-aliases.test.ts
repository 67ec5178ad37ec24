// A static a module's top assigns a name (`SetOptionError.SetOptionInnerError =
// SetOptionInnerError`) holds what the name does, so an importer's `new
// SetOptionError.SetOptionInnerError()` reaches that class, as the checker reads the assignment.
// On fixture tests/fixtures/graph/js-static-aliases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a static assigned a name holds what the name does', async () => {
  assert.deepEqual(await callEdgesFrom('js-static-aliases', 'lib/options.js'), [
    'lib/options.js::function::set::3 -> lib/errors.js::class::SetOptionError::3',
    'lib/options.js::function::set::3 -> lib/errors.js::class::SetOptionInnerError::8',
    'lib/options.js::function::set::3 -> lib/errors.js::method::SetOptionError.addError::4',
  ]);
});
