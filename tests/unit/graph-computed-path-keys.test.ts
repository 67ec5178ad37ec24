// A call through a computed key that is a path (`df[_.tarballFromResolved]()` with `const _ =
// require('./protected.js')` in pacote, `it[Symbol.iterator]()`) reaches the member declared under
// that key (`[_.tarballFromResolved] () {}`), as one through a plain name (`this[kAddClient]()`)
// already did; the checker names the declaration by the bracketed text, as the graph does. On
// fixture tests/fixtures/graph/cjs-computed-path-keys/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a call through a computed key that is a path reaches the member declared under it', async () => {
  assert.deepEqual(await callEdgesFrom('cjs-computed-path-keys', 'lib/git.js'), [
    'lib/git.js::method::GitFetcher.close::10 -> lib/dir.js::class::DirFetcher::3',
    'lib/git.js::method::GitFetcher.close::10 -> lib/dir.js::method::DirFetcher.[Symbol.iterator]::8',
    'lib/git.js::method::GitFetcher.run::5 -> lib/dir.js::class::DirFetcher::3',
    'lib/git.js::method::GitFetcher.run::5 -> lib/dir.js::method::DirFetcher.[_.tarballFromResolved]::4',
  ]);
});
