// A JavaScript function whose doc comment says it returns an object type written in place
// (`@returns {{ match: (filePath: string) => boolean }}`) has that type's function-typed members
// as its methods, which a caller's `getNpmignore(p).match()` reaches, as the checker resolves it
// to the member; members of other types (`size: number`) are no methods. On fixture
// tests/fixtures/graph/js-doc-returned-objects/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("an object type a doc comment's @returns writes in place gives its function members to the function's result", async () => {
  assert.deepEqual(await callEdgesFrom('js-doc-returned-objects', 'use.js'), [
    'use.js::function::check::3 -> ignore.js::function::getNpmignore::11',
    'use.js::function::check::3 -> ignore.js::method::getNpmignore.match::11',
    'use.js::function::measure::8 -> ignore.js::function::sizeOf::21',
  ]);
});
