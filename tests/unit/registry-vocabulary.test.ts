// SPEC §resolve_impulse: tests/fixtures/registry-vocabulary.json decides every shape of a live
// vocabulary, and the code's allowlist is held to it, so a refreshed snapshot (or an emulator
// registry) with a new shape fails here until someone decides it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { COORDINATION_WRITES, ESCAPE_HATCH_READS, ESCAPE_HATCH_WRITES, decideShape } from '../../core/tools/resolve-impulse-allowlist.ts';
import { startEmulator } from '../substrate/emulator.ts';

interface Fixture {
  snapshots: Record<string, string[]>;
  shapes: Record<string, { decision: 'allowed'; kind: 'read' | 'write' } | { decision: 'refused'; why: string; instead: string }>;
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/registry-vocabulary.json', import.meta.url), 'utf8')) as Fixture;

function undecided(shapes: string[]): string[] {
  return shapes.filter((s) => {
    const d = fixture.shapes[s];
    if (!d) return true;
    if (d.decision === 'allowed') return d.kind !== 'read' && d.kind !== 'write';
    return d.decision !== 'refused' || !d.why?.trim() || !d.instead?.trim();
  });
}

test('every shape of every recorded snapshot is decided, allowed or refused with a reason and an alternative', () => {
  for (const [source, shapes] of Object.entries(fixture.snapshots)) {
    assert.ok(shapes.length > 0, source);
    assert.deepEqual(undecided(shapes), [], `undecided shapes in the snapshot of ${source}; decide them in tests/fixtures/registry-vocabulary.json`);
  }
  assert.deepEqual(undecided(Object.keys(fixture.shapes)), []);
});

test("every shape the emulator's discovery advertises is decided", async () => {
  const emulator = await startEmulator();
  try {
    const vocabulary = emulator.discovery.vocabulary();
    assert.ok(vocabulary.length > 0);
    assert.deepEqual(undecided(vocabulary), [], 'the emulator advertises shapes no snapshot decides');
  } finally {
    await emulator.stop();
  }
});

test("the code's decision is the fixture's for every decided shape", () => {
  const differing = Object.entries(fixture.shapes)
    .filter(([shape, expected]) => JSON.stringify(decideShape(shape)) !== JSON.stringify(expected))
    .map(([shape]) => shape);
  assert.deepEqual(differing, []);
});

test('the code allows nothing and names no refused write that the fixture does not decide', () => {
  const named = [...ESCAPE_HATCH_READS, ...ESCAPE_HATCH_WRITES, ...COORDINATION_WRITES.flatMap((row) => row.shapes)];
  assert.deepEqual(
    named.filter((s) => !fixture.shapes[s]),
    [],
  );
});

test('an undecided shape is refused, whatever its name reads like', () => {
  for (const shape of ['brandNewReport', 'bash', 'code_replace_lines', 'surrealdb_import', 'llm_completion', 'git_push', 'concept']) {
    assert.equal(decideShape(shape).decision, 'refused', shape);
  }
  assert.equal(decideShape('interactorSession_write').decision, 'refused');
  assert.match((decideShape('interactorSession_write') as { why: string }).why, /human surface/);
  assert.match((decideShape('activityTemplate_write') as { why: string }).why, /learns these/);
});
