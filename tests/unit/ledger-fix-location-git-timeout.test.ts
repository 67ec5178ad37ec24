// SPEC §mark_complete: a git call that times out is never read as "not a git checkout". A
// real `git` on PATH that stops answering (a script that sleeps) stands in for a hung git.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateFix } from '../../core/ledger/fix-location.ts';
import { tempDir } from '../helpers/git.ts';

test('a git that does not answer gives git_failed, no verdict, never fix: unknown', async () => {
  const bin = tempDir('metabob-slow-git-');
  writeFileSync(join(bin, 'git'), '#!/bin/sh\nsleep 5\n');
  chmodSync(join(bin, 'git'), 0o755);
  const savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${savedPath}`;
  try {
    const started = Date.now();
    const loc = await locateFix({ root: tempDir(), files: ['a.ts'], findingTime: Date.now(), gitTimeoutMs: 300 });
    assert.deepEqual(loc, {
      kind: 'none',
      reason: 'git_failed',
      line: 'git_failed: git rev-parse did not answer within 300 ms; git did not answer, so where the fix is is unknown and nothing was recorded; try again',
      data: { files: ['a.ts'] },
    });
    assert.ok(Date.now() - started < 4000, 'the timeout cut the call');
  } finally {
    process.env.PATH = savedPath;
  }
});

test('outside git (git answers "not a git repository") closes as fix: unknown', async () => {
  const loc = await locateFix({ root: tempDir(), files: ['a.ts'], findingTime: Date.now() });
  assert.equal(loc.kind, 'closed');
  assert.deepEqual(loc.kind === 'closed' && loc.lines, ['fix: unknown (not a git checkout)']);
});
