// A method whose return is a constrained type parameter that one of its parameters holds whole
// (`use<T extends Base | null | undefined>(value: T): T`, puppeteer's DisposableStack) returns what
// the call passes there, as the checker infers it: `stack.use(new Emitter()).on()` reaches
// Emitter's `on`, where the constraint alone had typed the result as Base. A constrained return no
// parameter holds (`fallback<T extends Base>(): T`) stays unread: `base.ping()` is the fixture's one
// miss against the checker, which reads it as the constraint. On fixture
// tests/fixtures/graph/ts-constrained-identity/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a constrained type parameter a parameter holds is bound by the argument', async () => {
  assert.deepEqual(await callEdgesFrom('ts-constrained-identity', 'user.ts'), [
    'user.ts::function::listen::3 -> stack.ts::class::Emitter::5',
    'user.ts::function::listen::3 -> stack.ts::method::Emitter.on::6',
    'user.ts::function::listen::3 -> stack.ts::method::Stack.use::12',
    'user.ts::function::ping::8 -> stack.ts::method::Stack.fallback::16',
  ]);
});
