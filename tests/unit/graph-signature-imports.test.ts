// `fromAsync(register: (emit: Emit) => void)` beside `import * as emit from './emit'`: the name a
// callback type gives its parameter binds nothing in the function's body, so `emit.make()` there
// is the import's `make`, not a member of Emit. A callback's own parameter of that name
// (`(emit: Emit) => emit.single(2)`) is the callback's. On fixture
// tests/fixtures/graph/ts-signature-imports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a callback type's parameter name leaves the import of that name in the body", async () => {
  assert.deepEqual(await callEdgesFrom('ts-signature-imports', 'src/stream.ts'), [
    'src/stream.ts::function::forwardTo.forward::11 -> src/emit.ts::method::Emit.single::2',
    'src/stream.ts::function::forwardTo::10 -> src/stream.ts::function::forwardTo.forward::11',
    'src/stream.ts::function::fromAsync::5 -> src/emit.ts::function::make::5',
  ]);
});
