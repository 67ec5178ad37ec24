// Generated references must match the code (STYLE habit 11): run `npm run docs` after
// changing a tool, an empty_reason or a capability tag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { META_DOC, README, SURFACE_DOC, metaEnvelopeDoc, readmeWithTable, surfaceDocWithTable } from '../../scripts/gen-docs.ts';

test('docs/meta-envelope.md is generated from the code', () => {
  assert.equal(readFileSync(META_DOC, 'utf8'), metaEnvelopeDoc(), 'stale: run npm run docs');
});

test("README's tool table is generated from the registry", () => {
  const readme = readFileSync(README, 'utf8');
  assert.equal(readme, readmeWithTable(readme), 'stale: run npm run docs');
});

test("docs/tool-surface.md's hints table is generated from the effects table", () => {
  const doc = readFileSync(SURFACE_DOC, 'utf8');
  assert.equal(doc, surfaceDocWithTable(doc), 'stale: run npm run docs');
});
