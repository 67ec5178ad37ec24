// A constructor a namespace object holds (`ns.Builder = function () {}`) has the methods assigned
// to its prototype (`ns.Builder.prototype.add = function () {}`) and its statics assigned at the
// module's top (`ns.Builder.create = function () {}`) as definitions of their own, nested in it,
// so the calls they make are theirs, not the file's. On fixture
// tests/fixtures/graph/js-namespaced-constructor/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a namespaced constructor's prototype methods and statics make their own calls", async () => {
  assert.deepEqual(await callEdgesFrom('js-namespaced-constructor', 'ns.js'), [
    'ns.js::method::ns.Builder.add::11 -> ns.js::function::normalize::3',
    'ns.js::method::ns.Builder.create::15 -> ns.js::method::ns.Builder::7',
  ]);
});
