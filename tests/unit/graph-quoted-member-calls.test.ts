// A call through a quoted key a name could be (`interceptor['predicate']()`, @mswjs/interceptors
// reaching a protected method from outside its class) is a call of that member, as
// `interceptor.predicate()` is. A key no name could be (`interceptor['with space']()`) is not
// read: the fixture keeps that miss. On fixture tests/fixtures/graph/ts-quoted-member-calls/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a call through a quoted key reaches the member of that name', async () => {
  assert.deepEqual(await callEdgesFrom('ts-quoted-member-calls', 'batch.ts'), [
    'batch.ts::function::applicable::3 -> interceptor.ts::method::Interceptor.predicate::2',
  ]);
});
