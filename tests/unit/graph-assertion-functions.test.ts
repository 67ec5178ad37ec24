// A call of an assertion function as a statement (`assertStore(value);`, a method's too:
// `checker.assertCache(value);`) narrows its first argument, a plain name, by the predicate
// (`asserts value is Store`) from the next line to the end of the block around the call, as the
// checker reads it. A guard called as a statement (`x is T`, no `asserts`), a call in an inner
// block, and a name assigned after the call narrow nothing; a function named so that asserts
// nothing (`assertLoose(store): boolean`) leaves the name its own type. On fixture
// tests/fixtures/graph/ts-assertion-functions/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('an assertion function narrows its argument after the call', async () => {
  assert.deepEqual(await callEdgesFrom('ts-assertion-functions', 'src/use.ts'), [
    'src/use.ts::function::keepsItsType::26 -> src/checks.ts::function::assertLoose::23',
    'src/use.ts::function::keepsItsType::26 -> src/checks.ts::method::Store.open::2',
    'src/use.ts::function::notAsserted::14 -> src/checks.ts::function::assertStore::9',
    'src/use.ts::function::notAsserted::14 -> src/checks.ts::function::isCache::13',
    'src/use.ts::function::opened::3 -> src/checks.ts::function::assertStore::9',
    'src/use.ts::function::opened::3 -> src/checks.ts::method::Store.open::2',
    'src/use.ts::function::viaMethod::9 -> src/checks.ts::method::Cache.flush::6',
    'src/use.ts::function::viaMethod::9 -> src/checks.ts::method::Checker.assertCache::18',
  ]);
});
