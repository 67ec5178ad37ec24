// A module whose default export is an instance (`module.exports = new Logger()`, `export default
// new Registry()`): an importer's calls on it reach the class's methods, as the checker types the
// import. A module exporting a function keeps its other members as the module object's, and one
// exporting an object literal it named exposes its methods. On
// fixture tests/fixtures/graph/default-instances/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('calls on an imported or required default instance reach its class; a required function module keeps its members', async () => {
  assert.deepEqual(await callEdgesOf('default-instances'), [
    // The instance each module constructs at its top level.
    'src/logger.js -> src/logger.js::class::Logger::1',
    'src/registry.ts -> src/registry.ts::class::Registry::1',
    'src/use-esm.ts::function::viaImport::3 -> src/registry.ts::method::Registry.add::2',
    // `module.exports = helper; module.exports.extra = ...`: `plain.extra()` is the module object's member.
    'src/use.js::function::viaModuleObject::10 -> src/plain.js::function::extra::5',
    // `module.exports = tools` with `const tools = { format() {} }`: `tools.format()` through the require.
    'src/use.js::function::viaObject::15 -> src/tools.js::method::tools.format::2',
    'src/use.js::function::viaRequire::5 -> src/logger.js::method::Logger.info::2',
  ]);
});
