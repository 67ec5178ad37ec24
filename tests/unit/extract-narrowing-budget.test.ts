// A name narrowed after an `if` that leaves, or after an assertion call, is narrowed to the end
// of its block unless the block assigns it after: a scan of the rest of the block per narrowing.
// A block of thousands of narrowings would make those scans quadratic in the file, so each scan
// is bounded (a narrowing with more than 64 KB of block after it is not made) and all of a file's
// are held to its inference budget (inference-budget.ts): the file still extracts, a bounded
// number of narrowings is kept, and the rest are dropped, never scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractSource } from '../../core/index/extract/extract-file.ts';

const NARROWINGS = 20_000;

function hostile(): string {
  const lines = ['export function f(x: any) {'];
  for (let i = 0; i < NARROWINGS; i++) lines.push(i % 2 === 0 ? '  if (!isFoo(x)) return;' : '  assertFoo(x);');
  lines.push('  x.m();', '}');
  return lines.join('\n');
}

test('narrowings in one block are bounded by the scan bound and the file budget', async () => {
  const result = await extractSource('hostile.ts', hostile());
  assert.equal(result.error, undefined);
  const narrowed = (result.declaredTypes ?? []).filter((d) => d.name === 'x' && d.lines !== undefined);
  assert.ok(narrowed.length > 0, 'the narrowings near the end of the block are declared');
  assert.ok(narrowed.length < NARROWINGS / 10, `at most a tenth of ${NARROWINGS} narrowings is scanned, got ${narrowed.length}`);
  // Each one kept reaches the block's last line and starts within the bound of it.
  for (const d of narrowed) assert.equal(d.lines![1], NARROWINGS + 3);
  assert.ok(narrowed.every((d) => d.lines![0] > NARROWINGS - (64 * 1024) / 16));
});

test('a small block keeps every narrowing', async () => {
  const source = ['export function g(x: any) {', '  if (!isFoo(x)) return;', '  assertFoo(x);', '  x.m();', '}'].join('\n');
  const result = await extractSource('small.ts', source);
  const narrowed = (result.declaredTypes ?? []).filter((d) => d.name === 'x' && d.lines !== undefined);
  assert.deepEqual(
    narrowed.map((d) => [d.type, d.lines]),
    [
      ['isFoo(is)', [3, 5]],
      ['assertFoo(asserts)', [4, 5]],
    ],
  );
});
