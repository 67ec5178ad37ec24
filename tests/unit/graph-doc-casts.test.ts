// JavaScript as webpack-sources writes it: a doc comment stating a type right before a
// parenthesized value (`/** @type {Source[]} *\/ (this._children)`) is a cast, as the checker reads
// it, so the local, the member, the return and the receiver holding that value have the type
// cast to; a cast to two named types types nothing, a plain comment casts nothing, and in a
// TypeScript file such a comment is no cast. A typedef naming one type, alone or intersected with
// an object type (`@typedef {Source & { streamChunks?: Fn }} Alias`), is an alias with that type's
// members; one naming a primitive aliases nothing. On fixture tests/fixtures/graph/js-doc-casts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('JSDoc casts type the local, member, return and receiver they hold, in JavaScript only; typedef aliases', async () => {
  assert.deepEqual(await callEdgesOf('js-doc-casts'), [
    // `@param {SourceMaybeWithChunks} source`, `@param {PlainSource} plain`: Source's members.
    'lib/chunks.js::function::chunksOf::11 -> lib/source.js::method::Source.map::8',
    'lib/chunks.js::function::chunksOf::11 -> lib/source.js::method::Source.size::2',
    // `const children = /** @type {Source[]} */ (this._children)`: `children[i].size()`.
    'lib/concat.js::method::Concat.size::14 -> lib/source.js::method::Source.size::2',
    'lib/concat.js::method::Concat.source::20 -> lib/concat.js::method::Concat.children::11',
    // `/** @type {Source} */ (this._first).map()`: the receiver cast in place.
    'lib/concat.js::method::Concat.source::20 -> lib/source.js::method::Source.map::8',
    // `children()` returns its cast, `Source[]`.
    'lib/concat.js::method::Concat.source::20 -> lib/source.js::method::Source.source::5',
    // Concat.either (`Source | import('./other')`) and Concat.uncast reach nothing.
    'lib/typed.ts::function::sizeOf::4 -> lib/source.js::class::Source::1',
    // `fallback.size()`; `s.size()` is on `unknown`, the comment no cast.
    'lib/typed.ts::function::sizeOf::4 -> lib/source.js::method::Source.size::2',
  ]);
});
