// Co-change mining on real git histories in temp folders (SPEC §predict_cochanges).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mineGitCochanges, type CochangeAnswer } from '../../core/git/git-cochange.ts';
import { commitFiles, git, tempDir, tempRepo } from '../helpers/git.ts';

const opts = { limit: 10, threshold: 0.3 };

function ok(answer: CochangeAnswer): Extract<CochangeAnswer, { status: 'ok' }> {
  assert.equal(answer.status, 'ok', JSON.stringify(answer));
  return answer as Extract<CochangeAnswer, { status: 'ok' }>;
}

/** Commits touching the named files, each with fresh content. */
function touch(repo: string, files: string[], round: number): void {
  commitFiles(repo, Object.fromEntries(files.map((f) => [f, `${f} ${round}\n`])), `touch ${files.join(' ')}`);
}

// Oldest first: a changed in 1-4; b in 1,2,4,5; c in 1,3,6; d in 5.
function craftedRepo(): string {
  const repo = tempRepo();
  const history = [['a.ts', 'b.ts', 'c.ts'], ['a.ts', 'b.ts'], ['a.ts', 'c.ts'], ['a.ts', 'b.ts'], ['b.ts', 'd.ts'], ['c.ts']];
  history.forEach((files, i) => touch(repo, files, i));
  return repo;
}

// Read-only tests share one crafted history (each git commit is a few process spawns).
let shared: string | undefined;
const sharedRepo = () => (shared ??= craftedRepo());

test("confidence is the share of the given file's commits that also touched the candidate (directional)", async () => {
  const repo = sharedRepo();
  const forA = ok(await mineGitCochanges(repo, ['a.ts'], opts));
  assert.deepEqual(forA, {
    status: 'ok',
    predictions: [
      { file: 'b.ts', confidence: 0.75, commits: 3 },
      { file: 'c.ts', confidence: 0.5, commits: 2 },
    ],
    givenCommits: 4,
    scannedCommits: 6,
    skippedLargeCommits: 0,
    belowThreshold: 0,
    pastLimit: 0,
  });
  // From b's side a is as likely (3 of 4), while c and d (1 of 4 each) fall below 0.3.
  const forB = ok(await mineGitCochanges(repo, ['b.ts'], opts));
  assert.deepEqual(forB.predictions, [{ file: 'a.ts', confidence: 0.75, commits: 3 }]);
  assert.equal(forB.givenCommits, 4);
  assert.equal(forB.belowThreshold, 2);
  // A threshold met exactly is included; ties order by path.
  const atQuarter = ok(await mineGitCochanges(repo, ['b.ts'], { limit: 10, threshold: 0.25 }));
  assert.deepEqual(atQuarter.predictions, [
    { file: 'a.ts', confidence: 0.75, commits: 3 },
    { file: 'c.ts', confidence: 0.25, commits: 1 },
    { file: 'd.ts', confidence: 0.25, commits: 1 },
  ]);
  assert.equal(atQuarter.belowThreshold, 0);
});

test('several given files pool their commits, exclude themselves, and the limit cuts the list', async () => {
  const repo = sharedRepo();
  const both = ok(await mineGitCochanges(repo, ['a.ts', join(repo, 'b.ts')], { limit: 10, threshold: 0 }));
  assert.deepEqual(both.predictions, [
    { file: 'c.ts', confidence: 0.4, commits: 2 },
    { file: 'd.ts', confidence: 0.2, commits: 1 },
  ]);
  assert.equal(both.givenCommits, 5);
  const one = ok(await mineGitCochanges(repo, ['a.ts'], { limit: 1, threshold: 0 }));
  assert.deepEqual(one.predictions, [{ file: 'b.ts', confidence: 0.75, commits: 3 }]);
  const capped = ok(await mineGitCochanges(repo, ['a.ts'], { limit: 500, threshold: 0 }));
  assert.equal(capped.predictions.length, 2);
});

test('maxCommits bounds the window to the newest commits', async () => {
  const repo = sharedRepo();
  // The newest 3 commits: [a,b], [b,d], [c]: a changed once, with b.
  const recent = ok(await mineGitCochanges(repo, ['a.ts'], { limit: 10, threshold: 0, maxCommits: 3 }));
  assert.deepEqual(recent.predictions, [{ file: 'b.ts', confidence: 1, commits: 1 }]);
  assert.equal(recent.scannedCommits, 3);
  assert.equal(recent.givenCommits, 1);
});

test('a commit touching more than 30 files is skipped; one touching exactly 30 counts', async () => {
  const repo = tempRepo();
  touch(repo, ['a.ts', 'b.ts'], 0);
  const thirty = ['a.ts', ...Array.from({ length: 29 }, (_, i) => `gen/f${i}.ts`)];
  touch(repo, thirty, 1);
  const thirtyOne = ['a.ts', 'b.ts', ...Array.from({ length: 29 }, (_, i) => `bulk/g${i}.ts`)];
  touch(repo, thirtyOne, 2);
  const answer = ok(await mineGitCochanges(repo, ['a.ts'], { limit: 3, threshold: 0 }));
  assert.equal(answer.givenCommits, 2);
  assert.equal(answer.skippedLargeCommits, 1);
  assert.equal(answer.scannedCommits, 3);
  // b: only the first commit counts (the 31-file one is skipped); gen/* files 1 of 2 each.
  assert.deepEqual(answer.predictions, [
    { file: 'b.ts', confidence: 0.5, commits: 1 },
    { file: 'gen/f0.ts', confidence: 0.5, commits: 1 },
    { file: 'gen/f1.ts', confidence: 0.5, commits: 1 },
  ]);
  assert.equal(answer.belowThreshold, 0);
  assert.ok(!answer.predictions.some((p) => p.file.startsWith('bulk/')));
});

test('renames are followed: history under the old name counts for the new name, deleted files are not predicted', async () => {
  const repo = tempRepo();
  touch(repo, ['old/name.ts', 'partner.ts', 'gone.ts'], 0);
  touch(repo, ['old/name.ts', 'partner.ts'], 1);
  mkdirSync(join(repo, 'new'));
  git(repo, 'mv', 'old/name.ts', 'new/name.ts');
  git(repo, 'commit', '-q', '-m', 'move');
  touch(repo, ['new/name.ts', 'partner.ts'], 2);
  git(repo, 'rm', '-q', 'gone.ts');
  git(repo, 'commit', '-q', '-m', 'delete gone');

  const fromNew = ok(await mineGitCochanges(repo, ['new/name.ts'], { limit: 10, threshold: 0 }));
  // Commits: create, edit, move (touches only the file), edit after the move.
  assert.deepEqual(fromNew.predictions, [{ file: 'partner.ts', confidence: 0.75, commits: 3 }]);
  assert.equal(fromNew.givenCommits, 4);
  const fromPartner = ok(await mineGitCochanges(repo, ['partner.ts'], { limit: 10, threshold: 0 }));
  assert.deepEqual(fromPartner.predictions, [{ file: 'new/name.ts', confidence: 1, commits: 3 }]);
});

test('a name reused after a rename keeps the two files apart', async () => {
  const repo = tempRepo();
  touch(repo, ['lib.ts', 'x.ts'], 0);
  git(repo, 'mv', 'lib.ts', 'core.ts');
  git(repo, 'commit', '-q', '-m', 'move');
  touch(repo, ['lib.ts', 'y.ts'], 1);
  const reused = ok(await mineGitCochanges(repo, ['lib.ts'], { limit: 10, threshold: 0 }));
  assert.deepEqual(reused.predictions, [{ file: 'y.ts', confidence: 1, commits: 1 }]);
  const moved = ok(await mineGitCochanges(repo, ['core.ts'], { limit: 10, threshold: 0 }));
  assert.deepEqual(moved.predictions, [{ file: 'x.ts', confidence: 0.5, commits: 1 }]);
});

test('lockfiles, build output, minified bundles and source maps are never predicted', async () => {
  const repo = tempRepo();
  const noise = [
    'package-lock.json',
    'yarn.lock',
    'pnpm-lock.yaml',
    'Cargo.lock',
    'poetry.lock',
    'go.sum',
    'web/app.min.js',
    'dist/cli.js',
    'packages/ui/build/index.js',
    'web/app.js.map',
  ];
  touch(repo, ['src/a.ts', 'src/b.ts', ...noise], 0);
  touch(repo, ['src/a.ts', ...noise], 1);
  const answer = ok(await mineGitCochanges(repo, ['src/a.ts'], { limit: 50, threshold: 0 }));
  assert.deepEqual(answer.predictions, [{ file: 'src/b.ts', confidence: 0.5, commits: 1 }]);
  // A lockfile may still be asked about.
  const fromLock = ok(await mineGitCochanges(repo, ['yarn.lock'], { limit: 1, threshold: 0 }));
  assert.deepEqual(fromLock.predictions, [{ file: 'src/a.ts', confidence: 1, commits: 2 }]);
});

test('a workspace below the repository root: paths relative to it, only files inside it', async () => {
  const repo = tempRepo();
  touch(repo, ['svc/api/handler.ts', 'svc/api/routes.ts', 'web/page.ts', 'README.md'], 0);
  touch(repo, ['svc/api/handler.ts', 'svc/api/routes.ts'], 1);
  const root = join(repo, 'svc');
  const answer = ok(await mineGitCochanges(root, ['api/handler.ts'], { limit: 10, threshold: 0 }));
  assert.deepEqual(answer.predictions, [{ file: 'api/routes.ts', confidence: 1, commits: 2 }]);
  const absolute = ok(await mineGitCochanges(root, [join(root, 'api/routes.ts')], { limit: 10, threshold: 0 }));
  assert.deepEqual(absolute.predictions, [{ file: 'api/handler.ts', confidence: 1, commits: 2 }]);
});

test('outside a git repository, and in a repository with no commits', async () => {
  const dir = tempDir();
  const answer = await mineGitCochanges(dir, ['a.ts'], opts);
  assert.deepEqual(answer, { status: 'not_a_git_repository', line: `not_a_git_repository: ${dir} is not inside a git checkout` });
  const empty = tempRepo();
  assert.deepEqual(await mineGitCochanges(empty, ['a.ts'], opts), {
    status: 'ok',
    predictions: [],
    givenCommits: 0,
    scannedCommits: 0,
    skippedLargeCommits: 0,
    belowThreshold: 0,
    pastLimit: 0,
  });
});

test('a git log that fails is git_failed, never "not a git repository"', async () => {
  const repo = craftedRepo();
  // Remove every tree object: rev-parse still works, the log's --name-status cannot.
  const trees = git(repo, 'rev-list', '--all', '--objects')
    .split('\n')
    .map((l) => l.split(' ')[0]);
  for (const sha of trees) {
    if (git(repo, 'cat-file', '-t', sha) === 'tree') rmSync(join(repo, '.git/objects', sha.slice(0, 2), sha.slice(2)));
  }
  assert.ok(readdirSync(join(repo, '.git/objects')).length > 0);
  const answer = await mineGitCochanges(repo, ['a.ts'], opts);
  assert.equal(answer.status, 'git_failed');
  assert.match((answer as { line: string }).line, /^git_failed: git log failed: (fatal|error): /);
});

test('a linked worktree is a checkout; a bare repository is not', async () => {
  const repo = craftedRepo();
  const worktree = join(tempDir(), 'wt');
  git(repo, 'worktree', 'add', '-q', worktree, '-b', 'side');
  const fromWorktree = ok(await mineGitCochanges(worktree, ['a.ts'], opts));
  assert.deepEqual(fromWorktree.predictions, [
    { file: 'b.ts', confidence: 0.75, commits: 3 },
    { file: 'c.ts', confidence: 0.5, commits: 2 },
  ]);
  const bare = join(tempDir(), 'bare.git');
  git(repo, 'clone', '-q', '--bare', repo, bare);
  assert.deepEqual(await mineGitCochanges(bare, ['a.ts'], opts), {
    status: 'not_a_git_repository',
    line: `not_a_git_repository: ${bare} is a bare repository or .git folder, not a checkout`,
  });
});

test('a git log that does not answer in time is git_failed naming the timeout', async () => {
  const repo = sharedRepo();
  // A git on PATH whose `log` stops answering (every other command is the real git's), so the
  // 1 ms budget is always what ends it, however fast the machine. `log` is looked for in every
  // argument: the policy's `-c` settings come before the subcommand.
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = tempDir('metabob-slow-log-');
  const slowLog = `#!/bin/sh\nfor arg in "$@"; do if [ "$arg" = log ]; then exec sleep 5; fi; done\nexec ${realGit} "$@"\n`;
  writeFileSync(join(bin, 'git'), slowLog);
  chmodSync(join(bin, 'git'), 0o755);
  const savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${savedPath}`;
  let answer;
  try {
    answer = await mineGitCochanges(repo, ['a.ts'], { ...opts, timeoutMs: 1 });
  } finally {
    process.env.PATH = savedPath;
  }
  assert.deepEqual(answer, {
    status: 'git_failed',
    line: 'git_failed: git log did not answer within 1 ms',
  });
});
