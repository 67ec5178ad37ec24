// A const annotated with a type literal (`export const environment: { value: EnvironmentDependencies
// } = {...}` in puppeteer-core) types the members the literal declares, as a parameter so typed
// does: `environment.value.readFile()` in another module, and through a local bound to
// `environment.value`, reaches the interface's member. On fixture
// tests/fixtures/graph/ts-literal-typed-consts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a const's type-literal annotation types its members for importers", async () => {
  assert.deepEqual(await callEdgesFrom('ts-literal-typed-consts', 'files.ts'), [
    'files.ts::function::makeDirectory::11 -> environment.ts::method::Dependencies.mkdir::7',
    'files.ts::function::read::3 -> environment.ts::method::Dependencies.readFile::2',
    'files.ts::function::write::7 -> environment.ts::method::Dependencies.writeFile::6',
  ]);
});
