// `export default { format() {}, parse: (t) => ..., printer: new Printer() }`: the default export is
// a module object whose function members are methods (`default.format`, a name no source can
// bind), and whose constructed members are typed, so an importer's `fmt.format()` and
// `fmt.printer.print()` reach them as the checker does. On fixture tests/fixtures/graph/ts-default-objects/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('an object literal exported as default holds the methods and typed members an importer calls', async () => {
  assert.deepEqual(await callEdgesOf('ts-default-objects'), [
    'src/format.ts -> src/format.ts::class::Printer::1',
    'src/use.ts::function::render::3 -> src/format.ts::method::Printer.print::2',
    'src/use.ts::function::render::3 -> src/format.ts::method::default.format::6',
    'src/use.ts::function::render::3 -> src/format.ts::method::default.parse::9',
  ]);
});
