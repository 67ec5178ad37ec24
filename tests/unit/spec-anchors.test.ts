// SPEC traceability: every anchor the spec names is marked in core/ or pending; the pending
// list only shrinks (an anchor that gets marked must leave it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMarked, markedAnchors, pendingAnchors, specAnchors } from '../../scripts/spec-anchors.ts';

test('every spec anchor is marked in core/ or on the pending list', () => {
  const marks = markedAnchors();
  const pending = new Set(pendingAnchors());
  const missing = specAnchors().filter((ref) => !isMarked(ref, marks) && !pending.has(ref));
  assert.deepEqual(missing, [], 'unmarked anchors must be built and marked (// @anchor name) or listed as pending');
});

test('the pending list only holds anchors still unmarked (run scripts/spec-anchors.ts --prune)', () => {
  const marks = markedAnchors();
  const stale = pendingAnchors().filter((ref) => isMarked(ref, marks));
  assert.deepEqual(stale, []);
});

test('the pending list names only anchors the spec names', () => {
  const spec = new Set(specAnchors());
  assert.deepEqual(pendingAnchors().filter((ref) => !spec.has(ref)), []);
});
