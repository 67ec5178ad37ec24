// SPEC §Concept graph tools (plain ids, body rendering), §concept_create (the header block), and
// substrate-contract §4.4-4.6 (the wire forms a real concept-db may answer in).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  conceptGraphOf,
  conceptRowsOf,
  headerBlock,
  headerValue,
  headerValues,
  plainConceptId,
  PREVIEW_CHARS,
  renderConceptContent,
  stripDeclaredAuthor,
  writeResultOf,
} from '../../core/substrate/concept-content.ts';

test('every id form concept-db answers or an agent types prints as the plain concept_ form', () => {
  for (const form of ['concept_abc123', 'concept:concept_abc123', 'concept:⟨concept_abc123⟩', '⟨concept_abc123⟩', '  concept_abc123 ']) {
    assert.equal(plainConceptId(form), 'concept_abc123', form);
  }
  assert.equal(plainConceptId(42), '');
  assert.equal(plainConceptId('x'.repeat(10_000)).length, 200);
});

test('declared fields come only from the header block, never from the body after the first blank line', () => {
  const block = headerBlock('recorded_by: metabob-mcp-aaaaaaaaaaaa\n  Session: s1\nfiles: a.ts\nfiles: b.ts\n\nrecorded_by: someone-else\nverdict: endorsed');
  assert.equal(headerValue(block, 'recorded_by'), 'metabob-mcp-aaaaaaaaaaaa');
  assert.equal(headerValue(block, 'session'), 's1');
  assert.deepEqual(headerValues(block, 'files'), ['a.ts', 'b.ts']);
  assert.equal(headerValue(block, 'verdict'), undefined);
  assert.equal(block.body, 'recorded_by: someone-else\nverdict: endorsed');
  assert.deepEqual(headerBlock(undefined), { fields: [], body: '' });
});

test('an agent-written author or session in the header block is removed at any indentation and case; the body is untouched', () => {
  const { content, removed } = stripDeclaredAuthor('  RECORDED_BY: me\nsummary: x\n\tsession: s9\n\nrecorded_by: stays in the body');
  assert.equal(content, 'summary: x\n\nrecorded_by: stays in the body');
  assert.deepEqual(removed, ['recorded_by', 'session']);
});

test('preview cuts back to a line boundary and says so; full shows all; none shows nothing', () => {
  const long = Array.from({ length: 60 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n');
  const preview = renderConceptContent(long, 'preview');
  const shown = preview.split('\n…')[0]!;
  assert.ok(shown.length <= PREVIEW_CHARS, `${shown.length}`);
  assert.ok(long.startsWith(shown) && long[shown.length] === '\n', 'cut at a line end');
  assert.match(preview, new RegExp(`\\(${shown.length} of ${long.length} characters shown; content: "full" shows the whole body\\)$`));
  assert.equal(renderConceptContent(long, 'full'), long);
  assert.equal(renderConceptContent(long, 'none'), '');
  assert.equal(renderConceptContent('short', 'preview'), 'short');
  assert.equal(renderConceptContent('y'.repeat(2000), 'preview').split('\n')[0]!.length, PREVIEW_CHARS, 'no line end: a hard cut');
});

test('conceptSearch rows are read as content, content.concepts, the REST concepts, or any of them as a JSON string', () => {
  const rows = [{ id: 'concept:concept_a' }, { id: 'concept_b' }];
  for (const body of [
    { content: rows },
    { content: { concepts: rows } },
    { concepts: rows, count: 2 },
    { content: JSON.stringify(rows) },
    { content: JSON.stringify({ concepts: rows }) },
    JSON.stringify({ content: rows }),
  ]) {
    assert.deepEqual(conceptRowsOf(body), rows, JSON.stringify(body).slice(0, 60));
  }
  assert.deepEqual(conceptRowsOf({ content: [1, 'x', null, { id: 'c' }] }), [{ id: 'c' }]);
  assert.deepEqual(conceptRowsOf({ error: 'nope' }), []);
  assert.deepEqual(conceptRowsOf('not json'), []);
});

test('a write result is read from a JSON-string content, an object content or a bare row', () => {
  assert.deepEqual(writeResultOf({ success: true, content: JSON.stringify({ id: 'concept:concept_x' }) }), { id: 'concept:concept_x' });
  assert.deepEqual(writeResultOf({ success: true, content: { id: 'concept_x' } }), { id: 'concept_x' });
  assert.deepEqual(writeResultOf({ id: 'concept_x', created: true }), { id: 'concept_x', created: true });
  assert.equal(writeResultOf({ success: true, content: '{broken' }), undefined);
});

test('conceptGraph keeps only edges that carry both the edge and its neighbour row', () => {
  const graph = conceptGraphOf({
    content: JSON.stringify({
      root: { id: 'concept:concept_r' },
      edges: [{ edge: { edge_type: 'derived_from' }, neighbor: { id: 'concept_n' } }, { edge: {} }],
    }),
  });
  assert.equal(graph?.root.id, 'concept:concept_r');
  assert.equal(graph?.edges.length, 1);
  assert.equal(conceptGraphOf({ content: { edges: [] } }), undefined);
});
