// A call in an `if` condition narrows the name it is handed only when its callee declares a
// predicate (`view is SpecialView`): `if (!owns(view)) return` and `if (owns(view)) {...}` with
// `owns(view: View): boolean`, a method's `if (!this.ready(view)) return`, and a callee from
// outside the workspace leave `view` its declared type, as the checker reads them; a guard's
// predicate still narrows. On fixture tests/fixtures/graph/ts-predicateless-guards/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a call that declares no predicate leaves the name it tests its declared type', async () => {
  assert.deepEqual(await callEdgesFrom('ts-predicateless-guards', 'use.ts'), [
    'use.ts::function::afterExit::5 -> guards.ts::function::owns::3',
    'use.ts::function::afterExit::5 -> view.ts::method::Observer.flush::2',
    'use.ts::function::inBranch::10 -> guards.ts::function::owns::3',
    'use.ts::function::inBranch::10 -> view.ts::method::Observer.stop::3',
    'use.ts::function::outsideCallee::16 -> view.ts::method::View.render::8',
    'use.ts::function::realGuard::21 -> guards.ts::function::isSpecial::7',
    'use.ts::function::realGuard::21 -> view.ts::method::SpecialView.special::12',
    // `if (!node.isText(node)) return`: finding the callee reads `node` itself, once.
    'use.ts::function::selfTested::38 -> view.ts::method::Node.isText::17',
    'use.ts::function::selfTested::38 -> view.ts::method::View.render::8',
    'use.ts::method::Controller.ready::28 -> guards.ts::function::owns::3',
    'use.ts::method::Controller.run::32 -> use.ts::method::Controller.ready::28',
    'use.ts::method::Controller.run::32 -> view.ts::method::Observer.flush::2',
  ]);
});
