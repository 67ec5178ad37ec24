// A name a negated guard or `instanceof` tests in an `if` whose branch leaves (`if
// (!isComputedValue(adm)) return`, `if (!x || !(x instanceof Store)) throw ...`, `continue` in a
// loop) is narrowed after the `if`, to the end of the block around it, as the checker reads it,
// callbacks written there included. Not on the `if`'s own line (its branch is where the guard
// failed), not where the branch may fall through, not after an assignment to the name, not with
// an `else`. On fixture tests/fixtures/graph/ts-narrowed-after-exit/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a guard that failed leaves the block, so what follows sees the name narrowed', async () => {
  assert.deepEqual(await callEdgesFrom('ts-narrowed-after-exit', 'src/observe.ts'), [
    'src/observe.ts::function::notNarrowed::22 -> src/values.ts::function::isComputedValue::11',
    'src/observe.ts::function::openEach::15 -> src/values.ts::method::Store.open::8',
    'src/observe.ts::function::openOrThrow::8 -> src/values.ts::method::Store.open::8',
    'src/observe.ts::function::readEarly::3 -> src/values.ts::function::autorun::15',
    'src/observe.ts::function::readEarly::3 -> src/values.ts::function::isComputedValue::11',
    'src/observe.ts::function::readEarly::3 -> src/values.ts::method::ComputedValue.get::2',
  ]);
});
