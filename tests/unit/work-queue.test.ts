// The extraction hand-out: largest files first, and by grammar, so a lane keeps to the grammars
// it has loaded and a grammar few files use is loaded by one lane only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkQueue } from '../../core/index/extract/work-queue.ts';

const SIZES = new Map<string, { size: number }>(
  [
    ['a.py', 100],
    ['b.py', 900],
    ['c.py', 500],
    ['d.py', 300],
    ['w.js', 50],
    ['x.js', 700],
    ['t.ts', 10],
  ].map(([file, size]) => [file as string, { size: size as number }]),
);

test('a lane takes the largest files of its own grammar first', () => {
  const queue = new WorkQueue('/nowhere', [...SIZES.keys()], SIZES);
  const lane = new Set<string>();
  assert.deepEqual(queue.take(lane, 2), ['b.py', 'c.py']);
  assert.deepEqual([...lane], ['python']);
  assert.deepEqual(queue.take(lane, 1), ['d.py']);
  assert.deepEqual(queue.take(lane, 5), ['a.py']);
  assert.equal(queue.length, 3);
});

test('a second lane starts on a grammar no lane has loaded, the largest such group first', () => {
  const queue = new WorkQueue('/nowhere', [...SIZES.keys()], SIZES);
  const main = new Set<string>();
  const worker = new Set<string>();
  assert.deepEqual(queue.take(main, 1), ['b.py']);
  assert.deepEqual(queue.take(worker, 1), ['x.js']);
  assert.deepEqual(queue.take(worker, 1), ['w.js']);
  // javascript is done: the worker takes the only grammar nobody has loaded yet,
  assert.deepEqual(queue.take(worker, 1), ['t.ts']);
  // then helps with python, which main loaded.
  assert.deepEqual(queue.take(worker, 1), ['c.py']);
  assert.deepEqual(queue.take(main, 9), ['d.py', 'a.py']);
  assert.deepEqual(queue.take(main, 1), []);
  assert.equal(queue.length, 0);
});

test('files given back go out again, and remaining() lists what was never handed out', () => {
  const queue = new WorkQueue('/nowhere', [...SIZES.keys()], SIZES);
  const lane = new Set<string>();
  const taken = queue.take(lane, 3);
  queue.giveBack(taken);
  assert.equal(queue.length, SIZES.size);
  assert.deepEqual(queue.remaining().sort(), [...SIZES.keys()].sort());
});

test('without sizes from the caller, the queue reads them from the files', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'work-queue-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'small.py'), 'x = 1\n');
  writeFileSync(join(root, 'large.py'), 'x = 1\n'.repeat(100));
  const queue = new WorkQueue(root, ['small.py', 'large.py', 'gone.py']);
  // A file that cannot be stat'ed sorts as empty; extraction reports it as that file's error.
  assert.deepEqual(queue.take(new Set(), 3), ['large.py', 'small.py', 'gone.py']);
});
