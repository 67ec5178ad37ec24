// A factory's returned literal member holding a member of a typed value (`return { toResult:
// processor.toResult }` with `processor: Processor`) is that member: `planner.toResult()` calls
// Processor's `toResult`. A member holding a path through an untyped value names nothing. On
// fixture tests/fixtures/graph/ts-returned-held/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a returned literal's member holding a typed value's member calls that member", async () => {
  assert.deepEqual(await callEdgesFrom('ts-returned-held', 'src/handler.ts'), [
    'src/handler.ts::function::handle::3 -> src/planner.ts::function::getPlanner::6',
    'src/handler.ts::function::handle::3 -> src/planner.ts::method::Processor.toResult::2',
    'src/handler.ts::function::handle::3 -> src/planner.ts::method::Processor.toStream::3',
    'src/handler.ts::function::other::9 -> src/planner.ts::function::getPlanner::6',
  ]);
});
