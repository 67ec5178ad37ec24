// TypeScript's and Babel's CommonJS output call an import as `(0, util_1.baz)(x)`, so that it runs
// with no receiver: the call reaches what `util_1.baz()` would, a function, an arrow const, a
// default export or a function expression held by a `let`. Only a `0` before the comma is read
// so. So too the module object's other uses: `new util_1.Thing()`, and the members of a literal
// assigned to `exports.tools`. On fixture tests/fixtures/graph/js-compiled-imports/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a compiled module’s (0, m.f)() calls reach the imported functions', async () => {
  assert.deepEqual(await callEdgesOf('js-compiled-imports'), [
    // `new util_1.Thing()`: the class through the module object, and what is called on the instance.
    'src/use.js::function::constructed::19 -> src/util.js::class::Thing::18',
    'src/use.js::function::constructed::19 -> src/util.js::method::Thing.go::19',
    // `exports.tools = {...}`: its members through the module object, and what `run()` returns.
    // `const thing = (0, util_1.make)()`: what `make` returns.
    'src/use.js::function::held::32 -> src/util.js::function::make::32',
    'src/use.js::function::held::32 -> src/util.js::method::Thing.go::19',
    'src/use.js::function::member::23 -> src/util.js::method::Thing.go::19',
    'src/use.js::function::member::23 -> src/util.js::method::tools.run::25',
    'src/use.js::function::member::23 -> src/util.js::method::tools.stop::28',
    // `(1, util_1.baz)()` in other: no edge.
    'src/use.js::function::other::14 -> src/util.js::function::counter::14',
    'src/use.js::function::run::7 -> src/util.js::function::baz::6',
    'src/use.js::function::run::7 -> src/util.js::function::main::11',
    'src/use.js::function::run::7 -> src/util.js::function::qux::9',
    'src/util.js::function::make::32 -> src/util.js::class::Thing::18',
    'src/util.js::method::tools.run::25 -> src/util.js::class::Thing::18',
  ]);
});
