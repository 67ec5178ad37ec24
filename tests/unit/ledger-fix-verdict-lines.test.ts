// SPEC §mark_complete "Where the fix is": every kind of fix location renders to its verdict lines
// and notes in one place (fixVerdictLines), and each locateFix call runs git with its own timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessSync, chmodSync, constants, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { locateFix } from '../../core/ledger/fix-location.ts';
import { fixPending, fixVerdictLines, type Fix } from '../../core/ledger/fix-verdict-lines.ts';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';

test("outside git closes as fix: unknown, naming git's answer", () => {
  const fix: Fix = { kind: 'outside_git', why: 'not a git checkout', gitLine: '/tmp/x is not inside a git checkout' };
  assert.equal(fixPending(fix), null);
  assert.deepEqual(fixVerdictLines(fix), {
    lines: ['fix: unknown (not a git checkout)'],
    notes: ['The workspace is not a git checkout (/tmp/x is not inside a git checkout), so the fix closes without a commit.'],
  });
  assert.deepEqual(fixVerdictLines({ ...fix, why: 'git is not installed' }).lines, ['fix: unknown (git is not installed)']);
});

test('ignored files close as a local fix', () => {
  const fix: Fix = { kind: 'ignored' };
  assert.equal(fixPending(fix), null);
  assert.deepEqual(fixVerdictLines(fix), {
    lines: ['fix: local (ignored files; no commit holds it)'],
    notes: ["The finding's files are ignored by git: the fix is local to this checkout, and no other checkout can check it."],
  });
});

test("uncommitted changes in the finding's files are pending, and say a named fix_commit was not applied", () => {
  const fix: Fix = { kind: 'uncommitted', branch: 'main', files: ['src/a.ts', 'src/b.ts'], where: 'finding_files', fixCommitSkipped: 'abc1234' };
  assert.equal(fixPending(fix), 'uncommitted');
  assert.deepEqual(fixVerdictLines(fix), {
    lines: ['verdict: fix pending (uncommitted)', 'fix: uncommitted', 'fix_branch: main', 'fix_base: HEAD', 'fix_files: src/a.ts, src/b.ts'],
    notes: [
      "fix_commit abc1234 was not applied: the finding's files have uncommitted changes, which come first.",
      'The fix is not committed yet: commit it, then mark_complete endorse again.',
    ],
  });
  assert.deepEqual(fixVerdictLines({ ...fix, fixCommitSkipped: undefined }).notes, [
    'The fix is not committed yet: commit it, then mark_complete endorse again.',
  ]);
});

test('uncommitted changes elsewhere are pending, and say they may be the fix', () => {
  const fix: Fix = { kind: 'uncommitted', branch: 'task/x', files: ['README.md'], where: 'elsewhere' };
  assert.deepEqual(fixVerdictLines(fix), {
    lines: ['verdict: fix pending (uncommitted)', 'fix: uncommitted', 'fix_branch: task/x', 'fix_base: HEAD', 'fix_files: README.md'],
    notes: [
      'No commit since the finding touches its files; uncommitted changes outside them (README.md) may be the fix: commit it, then mark_complete endorse again.',
    ],
  });
});

test('a pushed commit closes with its sha and branch', () => {
  const fix: Fix = { kind: 'commit', sha: SHA, branch: 'main', claimed: false, touchesFindingFiles: true, predatesFinding: false, push: { state: 'closes' } };
  assert.equal(fixPending(fix), null);
  assert.deepEqual(fixVerdictLines(fix), { lines: [`fix: commit ${SHA}`, 'fix_branch: main'], notes: [] });
});

test('a claimed commit says so, and whether it touches the files or predates the finding', () => {
  const base: Fix = { kind: 'commit', sha: SHA, branch: 'main', claimed: true, touchesFindingFiles: true, predatesFinding: false, push: { state: 'closes' } };
  assert.deepEqual(fixVerdictLines(base).lines, [`fix: commit ${SHA}`, 'fix_branch: main', 'fix_claimed: yes']);
  assert.deepEqual(fixVerdictLines({ ...base, touchesFindingFiles: false }).lines, [
    `fix: commit ${SHA}`,
    'fix_branch: main',
    'fix_claimed: yes',
    'fix_touches_finding_files: no',
  ]);
  assert.deepEqual(fixVerdictLines({ ...base, predatesFinding: true }), {
    lines: [`fix: commit ${SHA}`, 'fix_branch: main', 'fix_claimed: yes', 'fix_predates_finding: yes'],
    notes: [`${SHA.slice(0, 12)} was committed before the finding was recorded; it is taken as the fix because it touches the finding's files.`],
  });
});

test('an unpushed commit is pending, with fix_pushed: no', () => {
  const fix: Fix = { kind: 'commit', sha: SHA, branch: 'main', claimed: true, touchesFindingFiles: true, predatesFinding: true, push: { state: 'unpushed' } };
  assert.equal(fixPending(fix), 'unpushed');
  assert.deepEqual(fixVerdictLines(fix), {
    lines: ['verdict: fix pending (unpushed)', `fix: commit ${SHA}`, 'fix_branch: main', 'fix_claimed: yes', 'fix_predates_finding: yes', 'fix_pushed: no'],
    notes: [
      `${SHA.slice(0, 12)} was committed before the finding was recorded; it is taken as the fix because it touches the finding's files.`,
      `No remote branch holds ${SHA.slice(0, 12)}: push it, then mark_complete endorse again.`,
    ],
  });
});

test('a commit only on task branches is pending, awaiting merge into its target', () => {
  const push = { state: 'awaiting merge' as const, remoteBranches: ['origin/task/a', 'origin/task/b'], target: 'trunk' };
  const fix: Fix = { kind: 'commit', sha: SHA, branch: 'task/a', claimed: false, touchesFindingFiles: true, predatesFinding: false, push };
  assert.equal(fixPending(fix), 'awaiting merge');
  assert.deepEqual(fixVerdictLines(fix), {
    lines: [
      'verdict: fix pending (awaiting merge)',
      `fix: commit ${SHA}`,
      'fix_branch: task/a',
      'fix_remote_branches: origin/task/a, origin/task/b',
      'fix_target: trunk',
    ],
    notes: [
      'The fix is only on task branches (origin/task/a, origin/task/b): fetch and mark_complete endorse again once it is merged into trunk, or run metabob-mcp finding close.',
    ],
  });
});

test('locateFix returns the fix as data beside its rendering', async () => {
  const repo = tempRepo();
  const before = Date.now();
  const sha = commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' }, 'fix');
  const loc = await locateFix({ root: repo, files: ['src/a.ts'], findingTime: before });
  assert.equal(loc.kind, 'closed');
  if (loc.kind !== 'closed') return;
  assert.deepEqual(loc.fix, {
    kind: 'commit',
    sha,
    branch: 'main',
    claimed: false,
    touchesFindingFiles: true,
    predatesFinding: false,
    push: { state: 'closes' },
  });
  assert.deepEqual({ lines: loc.lines, notes: loc.notes }, fixVerdictLines(loc.fix));
});

function realGit(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'git');
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  throw new Error('no git on PATH');
}

test('two concurrent locateFix calls each run git with their own timeout', async () => {
  // rev-parse answers (so both calls get past their first git call), every later call hangs: a
  // timeout shared between the calls would show in the second call's line. The subcommand is
  // read past the runner's own switches (--no-pager, -c key=value), and its config query
  // before each call answers too (core/git/git-policy.ts).
  const repo = tempRepo();
  const bin = tempDir('metabob-half-git-');
  const fake = [
    '#!/bin/sh',
    'skip=0; sub=',
    'for a in "$@"; do',
    '  if [ "$skip" = 1 ]; then skip=0; continue; fi',
    '  case "$a" in -c) skip=1;; --no-pager) ;; *) sub="$a"; break;; esac',
    'done',
    `case "$sub" in rev-parse|config) exec '${realGit()}' "$@";; *) exec sleep 5;; esac`,
  ];
  writeFileSync(join(bin, 'git'), `${fake.join('\n')}\n`);
  chmodSync(join(bin, 'git'), 0o755);
  const savedPath = process.env.PATH;
  process.env.PATH = `${bin}${delimiter}${savedPath}`;
  try {
    const started = Date.now();
    const [fast, slow] = await Promise.all([
      locateFix({ root: repo, files: ['a.ts'], findingTime: Date.now(), gitTimeoutMs: 300 }),
      locateFix({ root: repo, files: ['a.ts'], findingTime: Date.now(), gitTimeoutMs: 1500 }),
    ]);
    // On a loaded machine the real rev-parse may itself outlast 300 ms: the line names whichever
    // call ran out, and always the caller's own timeout.
    const failed = (ms: number) =>
      new RegExp(
        `^git_failed: git (rev-parse|symbolic-ref) did not answer within ${ms} ms; git did not answer, so where the fix is is unknown and nothing was recorded; try again$`,
      );
    for (const [answer, ms] of [
      [fast, 300],
      [slow, 1500],
    ] as const) {
      assert.equal(answer.kind, 'none');
      assert.match(answer.kind === 'none' ? answer.line : '', failed(ms));
      assert.deepEqual({ ...answer, line: undefined }, { kind: 'none', reason: 'git_failed', line: undefined, data: { files: ['a.ts'] } });
    }
    assert.ok(Date.now() - started < 4500, 'the timeouts cut the calls');
  } finally {
    process.env.PATH = savedPath;
  }
});
