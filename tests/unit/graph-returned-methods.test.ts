// A function declared to return an object type, or a union of object types, through a promise
// too, returns its own object even where no property has a named type: its methods
// (`remove(): void`) are reached on what a call returns (`shaped.remove()` once narrowed,
// `plainFolder(o).size()`), at the function's nested definition of that name. A union with a
// primitive beside the object type types nothing. On fixture tests/fixtures/graph/ts-returned-methods/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('the methods of an object type a function declares it returns are reached on its result', async () => {
  assert.deepEqual(await callEdgesFrom('ts-returned-methods', 'src/use.ts'), [
    'src/use.ts::function::run::3 -> src/folders.ts::function::shapedFolder.remove::3',
    'src/use.ts::function::run::3 -> src/folders.ts::function::shapedFolder::1',
    'src/use.ts::function::runMaybe::20 -> src/folders.ts::function::maybeFolder::23',
    'src/use.ts::function::runPlain::15 -> src/folders.ts::function::plainFolder::13',
    'src/use.ts::function::runPlain::15 -> src/folders.ts::method::plainFolder.remove::13',
    'src/use.ts::function::runPlain::15 -> src/folders.ts::method::plainFolder.size::13',
    'src/use.ts::function::runSync::9 -> src/folders.ts::function::syncFolder.remove::9',
    'src/use.ts::function::runSync::9 -> src/folders.ts::function::syncFolder::8',
  ]);
});
