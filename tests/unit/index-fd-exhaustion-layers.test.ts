// Each indexing layer that opens files meets EMFILE as the process's failure, not the file's
// (core/index/fd-exhaustion.ts): the scan throws rather than list a directory as empty, the
// extraction rejects rather than record read_failed files, and an index run answers
// fd_exhausted, whether its descriptors ran out before it or during it. Real exhaustion, in a child process that lowers its own limit
// (tests/helpers/fd-exhausted-index.ts); tests/e2e/index-fd-exhaustion.test.ts covers the
// built server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/git.ts';

const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));
const skip = process.platform !== 'linux' || !prlimit ? 'needs Linux and prlimit(1) to lower a process limit' : false;
const CHILD = fileURLToPath(new URL('../helpers/fd-exhausted-index.ts', import.meta.url));

test('without a free descriptor the scan and the extraction fail as EMFILE, and a run answers fd_exhausted', { skip }, () => {
  const root = tempDir('metabob-fd-');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'a.ts'), 'export function a() { return 1; }\n');
  writeFileSync(join(root, 'src', 'b.ts'), 'export function b() { return a(); }\n');
  const out = execFileSync(process.execPath, ['--import', 'tsx', CHILD, root, prlimit!], { encoding: 'utf8', timeout: 60_000 });
  const report = JSON.parse(out.trim().split('\n').pop()!);
  assert.deepEqual(report.warm, ['src/a.ts', 'src/b.ts']);
  assert.equal(report.midRun.code, 'fd_exhausted', JSON.stringify(report.midRun));
  assert.match(report.midRun.cause, /^fd_exhausted\(EMFILE\): .* while reading the files to parse; /);
  assert.deepEqual(report.scan, { threw: 'EMFILE' });
  assert.deepEqual(report.extract, { threw: 'EMFILE' });
  assert.equal(report.run.ok, false);
  assert.equal(report.run.code, 'fd_exhausted', JSON.stringify(report.run));
  assert.match(report.run.cause, /^fd_exhausted\(EMFILE\): this process has no file descriptor free .* while opening the workspace; /);
});
