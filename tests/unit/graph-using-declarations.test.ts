// `using` and `await using` declarations (TypeScript 5.2, ECMAScript explicit resource
// management), which tree-sitter-typescript 0.23 reads as ERROR, often over the whole file
// (puppeteer-core's api/Frame.ts: every method of its Frame class lost): the class keeps its
// methods, and a call on a name a `using` binds reaches what its initializer or for-of list
// gives, as a `const` does. On fixture tests/fixtures/graph/ts-using-declarations/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('calls on names a `using` declaration binds, and the methods after it, resolve', async () => {
  assert.deepEqual(await callEdgesFrom('ts-using-declarations', 'frame.ts'), [
    'frame.ts::method::Frame.count::6 -> handle.ts::function::openHandle::15',
    'frame.ts::method::Frame.count::6 -> handle.ts::method::Handle.size::2',
    'frame.ts::method::Frame.frames::11 -> handle.ts::method::Handle.close::6',
    'frame.ts::method::Frame.title::15 -> frame.ts::method::Frame.handle::4',
    'frame.ts::method::Frame.title::15 -> handle.ts::method::Handle.name::8',
  ]);
});
