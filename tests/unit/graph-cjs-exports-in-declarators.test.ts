// JavaScript as pngjs writes it: `let SyncReader = (module.exports = function (buffer) {...})`, then
// `SyncReader.prototype.read = ...`, and an importer's `new SyncReader(buf)` with `let SyncReader =
// require('./sync-reader')`. The function is the module's default export, a definition at the
// file's top that the importer's call reaches (the checker's declaration is that assignment, named
// `default` as every anonymous `module.exports = function` is); the declared name holds the
// prototype's methods (`SyncReader.read`) without holding that definition inside it. Without the parentheses it was
// already so. On fixture tests/fixtures/graph/cjs-exports-in-declarators/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf, indexedFixture } from '../helpers/graph-fixture.ts';

test('a function exported in a declarator: the importers reach the default export', async () => {
  assert.deepEqual(await callEdgesOf('cjs-exports-in-declarators'), [
    'lib/use.js::function::default::3 -> lib/reader.js::function::default::2',
    'lib/use.js::function::default::3 -> lib/writer.js::function::default::2',
  ]);
});

test('the exported function is at the top of its file, beside the name its methods are named by', async () => {
  const graph = (await indexedFixture('cjs-exports-in-declarators')).graph!;
  const contains = graph.edges.filter((e) => e.type === 'contains' && e.from.startsWith('lib/reader.js')).map((e) => `${e.from} > ${e.to}`);
  assert.deepEqual(contains.sort(), [
    'lib/reader.js > lib/reader.js::function::SyncReader::2',
    'lib/reader.js > lib/reader.js::function::default::2',
    'lib/reader.js > lib/reader.js::method::SyncReader.read::6',
  ]);
});
