// A function assigned to a member (`options.onDone = (result) => ...`, `this.onError =
// (failure) => ...`, `options.onFail = function (failure) {...}`) takes its unannotated
// parameters' types from the function type the member is declared with (a property of function
// type, a method signature or a function type alias), as the checker types an assignment's
// right by its left. A member of no function type, a receiver of no declared type and an
// annotated parameter type nothing. On fixture tests/fixtures/graph/ts-assigned-functions/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a function assigned to a member is typed by the member's function type", async () => {
  assert.deepEqual(await callEdgesFrom('ts-assigned-functions', 'src/client.ts'), [
    'src/client.ts::function::configure::11 -> src/api.ts::method::Failure.report::6',
    'src/client.ts::function::configure::11 -> src/api.ts::method::Result.read::2',
    'src/client.ts::function::retry::18 -> src/api.ts::method::Failure.report::6',
    'src/client.ts::method::Client.constructor::6 -> src/api.ts::method::Failure.report::6',
  ]);
});
