// A method written in an object literal whose type is named (`const p: Plugin = { apply(c) {} }`,
// returned under `(): Plugin`, `satisfies Plugin`, `as Plugin`) takes its plain parameters from
// what that type declares for the member, as the checker types them contextually. A literal with
// no type, a generic type (its members take type arguments) or `as const` types nothing. On
// fixture tests/fixtures/graph/ts-literal-methods/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a literal’s methods take their parameters from the type the literal is written against', async () => {
  assert.deepEqual(await callEdgesOf('ts-literal-methods'), [
    // `annotated`: a typed const's literal defines no methods, so its call is the module's.
    'src/plugins.ts -> src/compiler.ts::method::Compiler.run::2',
    'src/plugins.ts::function::returned::10 -> src/compiler.ts::method::Compiler.close::5',
    'src/plugins.ts::method::cast.apply::28 -> src/compiler.ts::method::Compiler.close::5',
    'src/plugins.ts::method::satisfied.apply::21 -> src/compiler.ts::method::Compiler.run::2',
  ]);
});
