// `type Visitor = (arg: { report: Report; utils: Utils }) => void`: a function passed where a
// Visitor is expected takes `arg` as that literal, so its destructured `utils` is a Utils (an
// intersection's members too) and `report` the literal's own member, as the checker types them. On
// fixture tests/fixtures/graph/ts-function-type-literal-parameter/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a function type's object-typed parameter types the members a callback destructures from it", async () => {
  assert.deepEqual(await callEdgesFrom('ts-function-type-literal-parameter', 'rule.ts'), [
    'rule.ts -> iterate.ts::function::iterate::7',
    'rule.ts -> iterate.ts::method::BasicUtils.forEachPreferredTag::2',
    'rule.ts -> iterate.ts::method::Utils.getTags::3',
    'rule.ts -> iterate.ts::method::Utils.hasTag::3',
    'rule.ts -> iterate.ts::method::Visitor.arg.report::5',
  ]);
});
