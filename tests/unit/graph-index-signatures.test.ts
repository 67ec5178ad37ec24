// An object type whose one member is an index signature (`{ [kind: string]: Handler }`) holds
// values of that type, as `Record<string, Handler>` does: a function written as one of its values
// takes its parameters from Handler, and its values are elements (`Object.values(caches)`). A
// method written in the literal, generators too (`*list(node, context)`, `steps: function* (...)`),
// is typed as any function value there; an object type with more members than the signature
// types none. On fixture tests/fixtures/graph/ts-index-signatures/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('an index signature types its values, and generators and methods in a record literal are typed', async () => {
  assert.deepEqual(await callEdgesFrom('ts-index-signatures', 'src/handlers.ts'), [
    'src/handlers.ts -> src/api.ts::class::Builder::1',
    'src/handlers.ts -> src/api.ts::method::Builder.add::2',
    'src/handlers.ts::function::flushAll::27 -> src/api.ts::method::Cache.flush::7',
    'src/handlers.ts::function::generators::9 -> src/api.ts::method::Builder.add::2',
    'src/handlers.ts::function::generators::9 -> src/api.ts::method::Builder.close::3',
    'src/handlers.ts::function::handlers::3 -> src/api.ts::method::Builder.add::2',
  ]);
});
