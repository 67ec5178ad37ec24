// A module object made by `Object.assign({}, base, { extra() {} })` (a module's top const, its
// `export default`, or `module.exports`): its literals' function members are its methods, and the
// names it merges in are spread into it, so an importer's `m.first()` reaches base's `first`, as the
// checker types the intersection. Merged into anything else (`registry.tools = Object.assign(...)`),
// the literals' functions are members where the call is, as any argument's are. On fixture
// tests/fixtures/graph/js-object-assign-exports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a module object Object.assign makes has the members of everything it merges', async () => {
  assert.deepEqual(await callEdgesFrom('js-object-assign-exports', 'use.js'), [
    'use.js::function::run::5 -> cjs.js::method::merged.close::6',
    'use.js::function::run::5 -> cjs.js::method::shared.open::2',
    'use.js::function::run::5 -> direct.js::method::default.write::6',
    'use.js::function::run::5 -> direct.js::method::parts.read::2',
    'use.js::function::run::5 -> esm.js::method::default.second::8',
    'use.js::function::run::5 -> esm.js::method::local.first::2',
  ]);
});

test('an Object.assign no module object holds leaves its literals members of what encloses the call', async () => {
  assert.deepEqual(await callEdgesFrom('js-object-assign-exports', 'plain.js'), ['plain.js::method::pick::7 -> plain.js::function::helper::1']);
});
