// Types a JavaScript doc comment defines on its own: `@typedef {Object} ConfigLoaderOptions` with
// `@property {WarningService} [warningService]` tags types its members, so a parameter documented
// with it, destructured or not, reaches WarningService's methods, as does one documented with
// another module's typedef (`{import('./types').LoaderOptions}`); a function type
// (`@typedef {(err: Error | null, service?: WarningService) => void} ServiceCallback`, or
// `@callback Done` with its `@param` tags) types the parameters of a function passed where a
// parameter is documented with it. A comment holding two typedefs is read as neither (the
// checker's emitUnused is missed). On fixture tests/fixtures/graph/js-doc-records/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('object and function typedefs type the members and callback parameters they declare', async () => {
  assert.deepEqual(await callEdgesFrom('js-doc-records', 'lib/loader.js'), [
    'lib/loader.js::function::callbacks::32 -> lib/warn.js::function::whenDone::23',
    'lib/loader.js::function::callbacks::32 -> lib/warn.js::function::withService::18',
    'lib/loader.js::function::callbacks::32 -> lib/warn.js::method::WarningService.emitCircular::5',
    'lib/loader.js::function::callbacks::32 -> lib/warn.js::method::WarningService.emitEmpty::4',
    'lib/loader.js::method::Loader.load::9 -> lib/warn.js::method::WarningService.emitCircular::5',
    'lib/loader.js::method::Loader.load::9 -> lib/warn.js::method::WarningService.emitEmpty::4',
    'lib/loader.js::method::Loader.other::15 -> lib/warn.js::method::WarningService.emitEmpty::4',
  ]);
});
