// A factory's returned literal holds the members of what it spreads (`return { reset,
// ...createGroupUtils(n) }`), as the checker's spread type does: through a `ReturnType<typeof
// factory>` parameter, a destructuring of it, a held result, a spread local, and a member the
// spread factory constructs. A spread nothing types adds no member. On fixture
// tests/fixtures/graph/ts-spread-factories/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a factory's returned literal holds the members of the calls it spreads", async () => {
  assert.deepEqual(await callEdgesFrom('ts-spread-factories', 'src/merge.ts'), [
    'src/merge.ts::function::held::14 -> src/config-utils.ts::function::createConfigUtils::5',
    'src/merge.ts::function::held::14 -> src/config-utils.ts::function::createLoose::18',
    'src/merge.ts::function::held::14 -> src/config-utils.ts::method::createLoose.own::19',
    'src/merge.ts::function::held::14 -> src/group-utils.ts::function::createGroupUtils.getConflicts::5',
    'src/merge.ts::function::lookup::9 -> src/group-utils.ts::function::createGroupUtils.getGroupId::4',
    'src/merge.ts::function::lookup::9 -> src/store.ts::method::Store.save::2',
    'src/merge.ts::function::merge::3 -> src/config-utils.ts::method::createConfigUtils.reset::7',
    'src/merge.ts::function::merge::3 -> src/group-utils.ts::function::createGroupUtils.getConflicts::5',
    'src/merge.ts::function::merge::3 -> src/group-utils.ts::function::createGroupUtils.getGroupId::4',
    // A spread of a local the call types: `const inner = createGroupUtils(size); return { ...inner }`.
    'src/merge.ts::function::viaLocal::23 -> src/config-utils.ts::function::createHeld::12',
    'src/merge.ts::function::viaLocal::23 -> src/group-utils.ts::function::createGroupUtils.getConflicts::5',
  ]);
});
