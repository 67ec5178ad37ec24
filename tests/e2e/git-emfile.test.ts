// A git call made when the process has no file descriptor left answers a named failure
// (fd_exhausted, naming EMFILE and the fix) instead of ending the process; reading the
// OS proxy settings under the same limit answers "none found". Real exhaustion: a child
// process under `ulimit -n` opens files until open() fails (tests/helpers/emfile-git-probe.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tempRepo } from '../helpers/git.ts';

const PROBE = fileURLToPath(new URL('../helpers/emfile-git-probe.ts', import.meta.url));
const skip = process.platform === 'win32' ? 'needs a POSIX shell for ulimit -n' : false;

test('runGit without a free descriptor answers fd_exhausted and the process lives on', { skip }, () => {
  const repo = tempRepo();
  const out = execFileSync('bash', ['-c', 'ulimit -n 64 && exec "$0" --import tsx "$1" "$2"', process.execPath, PROBE, repo], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const report = JSON.parse(out.trim().split('\n').pop()!);
  assert.ok(report.held > 0, out);
  assert.equal(report.git.ok, false, out);
  assert.equal(report.git.kind, 'fd_exhausted', out);
  assert.match(report.git.line, /^fd_exhausted\(EMFILE\): git rev-parse could not start, this process has too many files open; .*ulimit -n/);
  assert.equal(report.proxy, null, out);
});
