// A conditional type's branches give what holds it their members, as a union's parts do, where
// every branch declares the member alike (`[P] extends [never] ? { client: Client } : { client:
// Client; page: Page }`); a member written one way in one branch and another in the other
// (`{ page: Page } : { page: Other }`) is typed by neither. On fixture
// tests/fixtures/graph/ts-conditional-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a conditional type's members are read where its branches agree", async () => {
  assert.deepEqual(await callEdgesFrom('ts-conditional-members', 'src/use.ts'), [
    'src/use.ts::function::viaBranch::7 -> src/types.ts::method::Page.next::5',
    'src/use.ts::function::viaParameter::3 -> src/types.ts::method::Client.fetch::2',
    'src/use.ts::function::viaReturned::11 -> src/types.ts::method::Client.fetch::2',
  ]);
});
