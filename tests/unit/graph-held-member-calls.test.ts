// A local destructured from a typed value (`const { connector } = config`) types what calling it
// returns by the member's declared type (`connector: () => Subject`), as the checker reads the
// call; a holder of no declared type types nothing. On fixture tests/fixtures/graph/ts-held-member-calls/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("calling a local that holds a typed value's member returns what the member declares", async () => {
  assert.deepEqual(await callEdgesFrom('ts-held-member-calls', 'src/connect.ts'), [
    'src/connect.ts::function::connectable::5 -> src/types.ts::method::Config.connector::6',
    'src/connect.ts::function::connectable::5 -> src/types.ts::method::Subject.subscribe::2',
  ]);
});
