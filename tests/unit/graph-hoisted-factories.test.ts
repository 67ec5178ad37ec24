// A factory may end in `return { select }` followed by the function declarations it names: they
// are hoisted, so the return is the last statement run and the literal is the factory's object
// (`const { select } = build(); select()`, through a held result too). A body whose last
// statement run is not a return is no factory. On fixture tests/fixtures/graph/ts-hoisted-factories/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a factory whose named functions are declared after its return hands them out', async () => {
  assert.deepEqual(await callEdgesFrom('ts-hoisted-factories', 'src/module.ts'), [
    'src/module.ts::function::init::3 -> src/selectors.ts::function::buildSelectors.selectConfig::11',
    'src/module.ts::function::init::3 -> src/selectors.ts::function::buildSelectors.selectEntry::6',
    'src/module.ts::function::init::3 -> src/selectors.ts::function::buildSelectors::2',
    // The last statement notAFactory runs is no return: its nested selectEntry is not what it returns.
    'src/module.ts::function::notMatched::19 -> src/selectors.ts::function::notAFactory::24',
    'src/module.ts::method::coreModule.init::13 -> src/selectors.ts::function::buildHooks.useQuery::18',
    'src/module.ts::method::coreModule.init::13 -> src/selectors.ts::function::buildHooks::16',
  ]);
});
