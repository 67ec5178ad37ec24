// The streaming `git log --name-status -z` parser and the lockfile / generated-file list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { NameStatusParser, historyLogArgs, readCommitHistory } from '../../core/git/commit-history.ts';
import { isLockfileOrGenerated } from '../../core/git/generated-files.ts';
import { commitFiles, git, tempRepo } from '../helpers/git.ts';

// Output as git prints it: a \x01 line per commit, then NUL-separated status and paths.
const SAMPLE =
  '\x01\0\nM\0src/a.ts\0D\0old.ts\0' +
  '\x01\0' + // an empty commit
  '\x01\0\nR087\0lib/x.ts\0src/x.ts\0A\0with space.ts\0C100\0src/a.ts\0src/a-copy.ts\0' +
  '\x01\0\nA\0lib/x.ts\0A\0old.ts\0A\0src/a.ts\0';

const EXPECTED = [
  { size: 2, files: ['src/a.ts'] },
  { size: 0, files: [] },
  { size: 3, files: ['src/x.ts', 'with space.ts', 'src/a-copy.ts'] },
  { size: 3, files: ['src/x.ts', 'src/a.ts'] },
];

test('parses renames, copies, deletions and empty commits, newest first', () => {
  const parser = new NameStatusParser();
  parser.push(SAMPLE);
  assert.deepEqual(parser.end(), EXPECTED);
});

test('any chunking of the stream parses the same', () => {
  for (const size of [1, 2, 3, 7, 13]) {
    const parser = new NameStatusParser();
    for (let i = 0; i < SAMPLE.length; i += size) parser.push(SAMPLE.slice(i, i + size));
    assert.deepEqual(parser.end(), EXPECTED, `chunks of ${size}`);
  }
});

test("reads a real repository's history with unusual file names", async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'dir with space/ünï.ts': '1\n', 'quote"d.ts': '1\n', 'tab\tname.ts': '1\n' });
  mkdirSync(join(repo, 'moved'));
  git(repo, 'mv', 'dir with space/ünï.ts', 'moved/ünï.ts');
  git(repo, 'commit', '-q', '-m', 'move');
  const history = await readCommitHistory(repo, { maxCommits: 500 });
  assert.deepEqual(history, {
    ok: true,
    commits: [
      { size: 1, files: ['moved/ünï.ts'] },
      { size: 3, files: ['moved/ünï.ts', 'quote"d.ts', 'tab\tname.ts'] },
    ],
  });
  // The bare command the benchmark times is the same log: two commit marks.
  const bare = execFileSync('git', historyLogArgs(500), { cwd: repo, encoding: 'utf8' });
  assert.equal(bare.split('\x01').length - 1, 2);
});

test('lockfiles and generated files are recognised by name, suffix and directory', () => {
  const noise = [
    'package-lock.json',
    'web/yarn.lock',
    'pnpm-lock.yaml',
    'Cargo.lock',
    'poetry.lock',
    'go.sum',
    'Gemfile.lock',
    'static/app.min.js',
    'static/site.min.css',
    'dist/cli.js',
    'dist/cli.js.map',
    'packages/ui/build/index.js',
    'pkg/__pycache__/mod.cpython-311.pyc',
    'api/service.pb.go',
    'proto/msg_pb2.py',
    'node_modules/x/index.js',
  ];
  const real = [
    'src/build.ts',
    'scripts/build.mjs',
    'src/dist-utils.ts',
    'lock.ts',
    'docs/yarn.lock.md',
    'src/map.ts',
    'app.js',
    'distribution/a.ts',
    'src/minify.js',
    'Cargo.toml',
    'package.json',
    'go.mod',
  ];
  assert.deepEqual(
    noise.filter((p) => !isLockfileOrGenerated(p)),
    [],
  );
  assert.deepEqual(
    real.filter((p) => isLockfileOrGenerated(p)),
    [],
  );
});
