// A JavaScript doc comment's typedefs over several lines, read as the checker reads them:
// `@typedef {BasicUtils & { getTags: GetTags }} Utils` has BasicUtils's members and its own (a
// member typed by a `@callback`, or by a function typedef over several lines, is a method);
// `@typedef {(arg: { report: Report, utils: Utils }) => void} Visitor` types a function passed
// where a parameter is documented `{Visitor}`, so its destructured `utils` and `report` reach those
// members. On fixture tests/fixtures/graph/jsdoc-visitor-typedefs/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a visitor's destructured parameters reach the members its multi-line typedefs declare", async () => {
  assert.deepEqual(await callEdgesFrom('jsdoc-visitor-typedefs', 'rule.js'), [
    'rule.js -> iterate.js::function::iterate::54',
    'rule.js -> iterate.js::method::BasicUtils.forEachPreferredTag::1',
    'rule.js -> iterate.js::method::Utils.changeTag::20',
    'rule.js -> iterate.js::method::Utils.getTags::20',
    'rule.js -> iterate.js::method::Utils.hasTag::20',
    'rule.js -> iterate.js::method::Visitor.arg.report::37',
  ]);
});
