// A function with no declared return type whose return statements say different things (`return
// session?.current` and `return binding`, or a call and a path) returns the one type they all
// reach, as the checker's union of one type is that type; where they reach two types it returns
// none. On fixture tests/fixtures/graph/ts-choice-returns/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('returns that differ in how they say it, but agree on the type, type the call', async () => {
  assert.deepEqual(await callEdgesFrom('ts-choice-returns', 'src/use.ts'), [
    'src/use.ts::function::bindFound::3 -> src/binding.ts::function::findOrCreate::13',
    'src/use.ts::function::bindFound::3 -> src/binding.ts::method::Binding.to::2',
    'src/use.ts::function::bindLocal::7 -> src/binding.ts::function::fromEither::20',
    'src/use.ts::function::bindLocal::7 -> src/binding.ts::method::Binding.to::2',
    'src/use.ts::function::bindNeither::12 -> src/binding.ts::function::eitherKind::26',
  ]);
});
