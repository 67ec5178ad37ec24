// JavaScript as webpack-sources and readable-stream write it: a JSDoc union of one named type
// with primitives or function types beside it (`@type {Source | (() => Source)}`) types the member
// as that type, for the members primitives and functions lack, as a TypeScript annotation's union
// is read, while a union of two named types types nothing; a name
// loaded on first use (`helpers = require('./helpers')` into a `let` declared before) binds the
// module as a declarator's require does, and so does a require beside an empty literal
// (`const { H1Parser } = c ? require('./parser-h1') : {}`). On fixture tests/fixtures/graph/js-lazy-loads/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('JSDoc unions beside primitives or functions, and modules required into a name on first use or beside nothing', async () => {
  assert.deepEqual(await callEdgesOf('js-lazy-loads'), [
    // `this._source()` calls the member as the function the union allows.
    'lib/cached.js::method::Cached.original::13 -> lib/cached.js::method::Cached._source::14',
    'lib/cached.js::method::Cached.size::17 -> lib/cached.js::method::Cached.original::13',
    // `{string | Source}`: `buffer` is no string's.
    'lib/cached.js::method::Cached.size::17 -> lib/source.js::method::Source.buffer::5',
    // `original()` returns `this._source`, `{Source | (() => Source)}`.
    'lib/cached.js::method::Cached.size::17 -> lib/source.js::method::Source.size::2',
    // Cached.either: `{Source | Other}` types nothing.
    'lib/lazy.js::function::hash::7 -> lib/hash.js::class::Hash::1',
    'lib/lazy.js::function::hash::7 -> lib/hash.js::method::Hash.digest::2',
    'lib/lazy.js::function::writer::3 -> lib/helpers.js::function::createWriter::1',
    // `const { createWriter } = c ? require('./helpers') : {}`; `either`, beside a value of its own, reaches nothing.
    'lib/optional.js::function::open::5 -> lib/helpers.js::function::createWriter::1',
  ]);
});
