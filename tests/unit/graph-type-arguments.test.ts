// A callback passed where the callee's parameter is typed by one of its type parameters, at a call
// that writes its type arguments (`dual<DataLast, DataFirst>(2, (self, that) => self.put(that))`,
// effect's style): its parameters are those of the function type written for that type parameter,
// as the checker types them. On fixture tests/fixtures/graph/ts-type-arguments/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexedFixture } from '../helpers/graph-fixture.ts';

test('type arguments a call writes type the callback passed at the place the callee types by that type parameter; no written function type, or overloads that disagree, type nothing', async () => {
  const index = await indexedFixture('ts-type-arguments');
  const calls = index
    .graph!.edges.filter((e) => e.type === 'calls')
    .map((e) => `${e.from} -> ${e.to} ${e.confidence}`)
    .sort();
  assert.deepEqual(calls, [
    'src/use.ts::function::disagreeing::20 -> src/fn.ts::function::split::21 0.99',
    'src/use.ts::function::notAFunction::19 -> src/fn.ts::function::hold::15 0.99',
    'src/use.ts::function::unwritten::18 -> src/fn.ts::function::dual::2 0.99',
    // `hold<(s: Store) => void>(make, (s) => s.put('k'))`: `body: T`, type argument 0.
    'src/use.ts::function::viaFunction::11 -> src/fn.ts::function::hold::15 0.99',
    'src/use.ts::function::viaFunction::11 -> src/store.ts::method::Store.put::2 0.99',
    // `dual<L, (d: Differ, n: number) => number>(2, (d, n) => d.combine(n, n))`: both overloads type `body` by DataFirst.
    'src/use.ts::function::viaName::9 -> src/fn.ts::function::dual::2 0.99',
    'src/use.ts::function::viaName::9 -> src/store.ts::method::Differ.combine::8 0.99',
    // Through a namespace import (`Fn.dual<...>`), as effect's modules call it.
    'src/use.ts::function::viaNamespace::5 -> src/fn.ts::function::dual::2 0.99',
    'src/use.ts::function::viaNamespace::5 -> src/store.ts::method::Store.put::2 0.99',
  ]);
});
