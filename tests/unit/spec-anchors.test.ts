// SPEC traceability: every anchor the spec names is marked in core/ or pending; the pending
// list only shrinks (an anchor that gets marked must leave it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { anchorsInSpec, isMarked, markedAnchors, pendingAnchors, SPEC_ANCHORS_FILE, specAnchors, specPath } from '../../scripts/spec-anchors.ts';

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
  assert.deepEqual(
    pendingAnchors().filter((ref) => !spec.has(ref)),
    [],
  );
});

test("the recorded spec anchor list (for a clone with no shared/ beside it) is the spec's own", (t) => {
  const path = specPath();
  if (!path) {
    t.diagnostic('no SPEC.md beside this checkout: the recorded list stands in for it');
    return;
  }
  const recorded = JSON.parse(readFileSync(SPEC_ANCHORS_FILE, 'utf8'));
  assert.deepEqual(recorded, anchorsInSpec(path), 'run node --import tsx scripts/spec-anchors.ts --prune');
});
