// Receivers read through an index, typed as the checker types them: a member declared under a
// computed key path (`this[PropertySymbol.ownerDocument]`, `[PropertySymbol.ownerDocument]: Doc`),
// an element of what such a member holds (`this[PropertySymbol.items][0]`), a value of a record
// by a quoted key (`this.byName['main']`, `Record<string, Doc>`), and the first branch of a
// choice (`(waiting ? pending! : done)`); an older cast (`(<Node>value).first()`), a key path on a
// cast (`(value as Node)[PropertySymbol.ownerDocument]`) and an optional index (`parent?.[key]`).
// On fixture tests/fixtures/graph/ts-indexed-receivers/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('calls on members read through computed keys, indexes and choices reach their types', async () => {
  assert.deepEqual(await callEdgesFrom('ts-indexed-receivers', 'node.ts'), [
    'node.ts::method::Node.attach::14 -> doc.ts::method::Doc.create::2',
    'node.ts::method::Node.either::26 -> doc.ts::method::Doc.focus::12',
    'node.ts::method::Node.first::18 -> doc.ts::method::Doc.remove::8',
    'node.ts::method::Node.named::22 -> doc.ts::method::Doc.clone::9',
  ]);
  assert.deepEqual(await callEdgesFrom('ts-indexed-receivers', 'use.ts'), [
    'use.ts::function::adopt::5 -> doc.ts::method::Doc.append::5',
    'use.ts::function::adopt::5 -> node.ts::method::Node.attach::14',
  ]);
});

test('calls on casts and optional indexes reach the types they name', async () => {
  assert.deepEqual(await callEdgesFrom('ts-indexed-receivers', 'cast.ts'), [
    'cast.ts::function::detach::4 -> doc.ts::method::Doc.clone::9',
    'cast.ts::function::detach::4 -> doc.ts::method::Doc.remove::8',
    'cast.ts::function::detach::4 -> node.ts::method::Node.first::18',
  ]);
});
