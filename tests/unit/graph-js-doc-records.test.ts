// `@typedef {Object} ConfigLoaderOptions` with `@property {WarningService} [warningService]` tags is
// a type of its module, its members typed: a parameter documented with it, destructured or not,
// reaches WarningService's methods, and so does one documented with another module's typedef
// (`{import('./types').LoaderOptions}`). A comment holding two typedefs is read as neither (the
// checker's emitUnused is missed). On fixture tests/fixtures/graph/js-doc-records/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('an object typedef types the members its @property tags declare', async () => {
  assert.deepEqual(await callEdgesOf('js-doc-records'), [
    'lib/loader.js::method::Loader.load::9 -> lib/warn.js::method::WarningService.emitCircular::5',
    'lib/loader.js::method::Loader.load::9 -> lib/warn.js::method::WarningService.emitEmpty::4',
    'lib/loader.js::method::Loader.other::15 -> lib/warn.js::method::WarningService.emitEmpty::4',
  ]);
});
