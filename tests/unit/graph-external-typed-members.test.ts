// A member typed by a name (`retry: RetryFunction`, `onError?: RetryFunction`) is a method where the
// name is a function type: followed where the file's imports lead, in an interface or in the object
// type a function declares it returns (`(): { retry: RetryFunction }`, then `const { retry } =
// prepareRetries(); retry()`). A name imported from a package the workspace does not hold, which
// the graph cannot follow, makes the member a method where the workspace calls its name, as the
// checker names the member at such a call; one called nowhere stays no node. On fixture
// tests/fixtures/graph/ts-external-typed-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf, indexedFixture } from '../helpers/graph-fixture.ts';

test('a member typed by a function type, or by a name from outside the workspace that is called, is called', async () => {
  assert.deepEqual(await callEdgesOf('ts-external-typed-members'), [
    'use.ts::function::run::3 -> prepare.ts::function::prepareRetries::6',
    'use.ts::function::run::3 -> prepare.ts::method::Options.onError::12',
    'use.ts::function::run::3 -> prepare.ts::method::Options.onLocal::13',
    'use.ts::function::run::3 -> prepare.ts::method::prepareRetries.local::6',
    'use.ts::function::run::3 -> prepare.ts::method::prepareRetries.retry::6',
  ]);
  const names = [...(await indexedFixture('ts-external-typed-members')).graph!.nodes.values()].map((n) => n.name);
  assert.ok(!names.some((name) => name.endsWith('.child')), `no node for the member called nowhere: ${names.join(', ')}`);
});
