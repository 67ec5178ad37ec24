// A module-level object spreading a namespace import (`const PuppeteerUtil = Object.freeze({
// ...CSSSelector, createFunction })` with `import * as CSSSelector`) holds that module's exports
// as its members, the last spread's where two have one name, as the checker types the literal:
// `util.cssQuerySelectorAll()` and a destructured `{ cssQuerySelector }` on a value typed `typeof
// PuppeteerUtil` reach them. On fixture tests/fixtures/graph/ts-spread-namespace-object/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a spread namespace import's exports are members of the object spreading it", async () => {
  assert.deepEqual(await callEdgesOf('ts-spread-namespace-object'), [
    'common/handler.ts::method::CSSQueryHandler.all::8 -> injected/injected.ts::function::createFunction::4',
    // Both modules export it: the later spread's.
    'common/handler.ts::method::CSSQueryHandler.all::8 -> injected/legacy.ts::function::cssQuerySelectorAll::2',
    'common/handler.ts::method::CSSQueryHandler.querySelector::4 -> injected/css.ts::function::cssQuerySelector::1',
  ]);
});
