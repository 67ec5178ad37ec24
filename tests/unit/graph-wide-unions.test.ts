// A `type` alias uniting many named types (`type Primitive = | Op01 | ... | Op18`, as effect's
// channel primitives are) reaches a member any of them declares, its last members as well as its
// first: a union nests one level per `|`, and its members are counted, not the levels walked to
// reach them. On fixture tests/fixtures/graph/ts-wide-unions/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a call on a wide union alias reaches the member that declares the method, first or last', async () => {
  assert.deepEqual(await callEdgesOf('ts-wide-unions'), [
    'src/run.ts::function::run::3 -> src/ops.ts::method::Op01.step01::4',
    'src/run.ts::function::run::3 -> src/ops.ts::method::Op14.step14::56',
    'src/run.ts::function::run::3 -> src/ops.ts::method::Op18.step18::72',
  ]);
});
