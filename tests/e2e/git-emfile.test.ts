// A git call made when the process has no file descriptor left answers a named failure
// (no_file_descriptors, naming EMFILE and the fix) instead of ending the process; reading the
// OS proxy settings under the same limit answers "none found". Real exhaustion: a child
// process under `ulimit -n` opens files until open() fails (tests/helpers/emfile-git-probe.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tempRepo } from '../helpers/git.ts';

const PROBE = fileURLToPath(new URL('../helpers/emfile-git-probe.ts', import.meta.url));
const skip = process.platform === 'win32' ? 'needs a POSIX shell for ulimit -n' : false;

test('runGit without a free descriptor answers no_file_descriptors and the process lives on', { skip }, () => {
  const repo = tempRepo();
  const out = execFileSync('bash', ['-c', 'ulimit -n 64 && exec "$0" --import tsx "$1" "$2"', process.execPath, PROBE, repo], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const report = JSON.parse(out.trim().split('\n').pop()!);
  assert.ok(report.held > 0, out);
  assert.equal(report.git.ok, false, out);
  assert.equal(report.git.kind, 'no_file_descriptors', out);
  assert.match(report.git.line, /^git rev-parse could not start: no file descriptors left \(EMFILE: this process has too many files open\); .*ulimit -n/);
  assert.equal(report.proxy, null, out);
});
