// Scripts' shared globals: a JavaScript or TypeScript file that neither imports nor exports is a
// script, and the functions and classes it declares at its top level are globals another script's
// bare call or `new` reaches, as concatenated or `vm`-loaded sources run (uglify-js's lib/) and as
// the TypeScript checker reads them, at the unlisted-export confidence. A name two scripts declare
// reaches neither; a function inside an IIFE is no global; a module's bare call is no script's.
// On fixture tests/fixtures/graph/js-script-globals/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexedFixture } from '../helpers/graph-fixture.ts';

test("a script's bare call reaches the one other script declaring that global", async () => {
  const graph = (await indexedFixture('js-script-globals')).graph!;
  const calls = graph.edges
    .filter((e) => e.type === 'calls')
    .map((e) => `${e.from} -> ${e.to} @${e.confidence}`)
    .sort();
  assert.deepEqual(calls, [
    'lib/ast.js::function::walk::1 -> lib/utils.js::class::Dictionary::5 @0.85',
    'lib/ast.js::function::walk::1 -> lib/utils.js::function::each::2 @0.85',
    // `new Dictionary().set('a')`: the global class's method.
    'lib/ast.js::function::walk::1 -> lib/utils.js::method::Dictionary.set::6 @0.85',
    // `hidden()` in ast.js: utils.js declares it inside an IIFE, no global. `twice(2)`: two scripts declare it.
    // module.js requires a module, so its `each(list)` is no script's call.
    'lib/utils.js -> lib/utils.js::function::hidden::11 @1',
  ]);
});
