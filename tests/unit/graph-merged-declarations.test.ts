// TypeScript as cheerio writes it: `abstract class Cheerio` and, beside it, `interface Cheerio
// extends MethodsType` with `type MethodsType = typeof Attributes & typeof Traversing` over two
// namespace imports. The checker merges the two declarations into one type, and an intersection
// of `typeof` a module object has every export of each module, so `this.find()` in a function
// declaring `this: Cheerio` reaches Traversing's `find`, and `c.attr()` Attributes' `attr`; the
// class's own `_make` is still its own. A single `typeof Traversing` is read the same way; a union
// of two modules (`typeof Attributes | typeof Traversing`) types nothing, as the checker finds
// `attr` on only one of them. On fixture tests/fixtures/graph/ts-merged-declarations/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a class's merged interface and an intersection of module objects: the modules' exports", async () => {
  assert.deepEqual(await callEdgesOf('ts-merged-declarations'), [
    'api/attributes.ts::function::attr::3 -> api/traversing.ts::function::find::3',
    'api/attributes.ts::function::attr::3 -> api/traversing.ts::function::parent::7',
    'api/traversing.ts::function::find::3 -> cheerio.ts::method::Cheerio._make::8',
    'cheerio.ts::function::load::17 -> api/attributes.ts::function::attr::3',
    'cheerio.ts::function::load::17 -> cheerio.ts::method::Cheerio._make::8',
    'single.ts::function::walk::7 -> api/traversing.ts::function::find::3',
  ]);
});
