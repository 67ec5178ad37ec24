// SPEC §mark_complete "Where the fix is", "An unpushed fix doesn't close the finding", "A fix
// only on task branches awaits its merge": each rule over stdio, on a real repository with a
// real bare remote in a temp folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitFiles, git, tempDir } from '../helpers/git.ts';
import { LONG_AGO, commitAt, repoWithHistory, startLedgerServer, verdictLines } from './ledger-fixture.ts';

test("a pushed commit touching the finding's files closes it, with every seed of a multi-file finding", async () => {
  const { repo } = repoWithHistory({ remote: true });
  const s = await startLedgerServer(repo);
  try {
    const [id, second] = await s.record({ files: ['src/a.ts', 'src/b.ts'], summary: 'off by one in the loop' });
    const sha = commitFiles(repo, { 'src/a.ts': 'export const a = 2;\n' }, 'fix a');
    git(repo, 'push', '-q', 'origin', 'main');
    const r = await s.call('mark_complete', { problem_id: second });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, new RegExp(`^Endorsed ${second} as fixed: 2 local seeds retired \\(${id}, ${second}\\)\\.`));
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', `fix: commit ${sha}`, 'fix_branch: main']);
    const after = await s.call('get_problems', {});
    assert.match(after.text, /^Open findings: 0 \(0 in the local store; recall not run: /);
    assert.equal(after.meta.empty_reason, 'recall_not_run');
    const again = await s.call('mark_complete', { problem_id: id });
    assert.equal(again.text, `already_closed: ${id} is already closed (fix: commit ${sha}); nothing was recorded`);
  } finally {
    await s.close();
  }
});

test("uncommitted changes in the finding's files come first, even with fix_commit; the finding stays open", async () => {
  const { repo } = repoWithHistory({ remote: true });
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'null dereference on empty input' });
    const other = commitFiles(repo, { 'src/b.ts': 'export const b = 3;\n' }, 'unrelated');
    appendFileSync(join(repo, 'src/a.ts'), '// fixed\n');
    const r = await s.call('mark_complete', { problem_id: id, fix_commit: other });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, new RegExp(`^Not closed: ${id} stays open — fix pending \\(uncommitted\\)\\.`));
    assert.deepEqual(verdictLines(r.text), [
      'verdict: fix pending (uncommitted)',
      'fix: uncommitted',
      'fix_branch: main',
      'fix_base: HEAD',
      'fix_files: src/a.ts',
    ]);
    assert.match(r.text, new RegExp(`fix_commit ${other} was not applied: the finding's files have uncommitted changes, which come first\\.`));
    assert.match(r.text, /commit it, then mark_complete endorse again/);
    const problems = await s.call('get_problems', {});
    assert.match(problems.text, new RegExp(`null dereference on empty input \\(${id}, 0 min old\\) \\[fix pending: uncommitted in this checkout on main\\]`));
    // An untracked new file among the finding's files is a change still to commit too.
    const [newer] = await s.record({ files: ['src/new.ts'], summary: 'new module lacks validation' });
    writeFileSync(join(repo, 'src/new.ts'), 'export {};\n');
    const untracked = await s.call('mark_complete', { problem_id: newer });
    assert.deepEqual(verdictLines(untracked.text).slice(0, 2), ['verdict: fix pending (uncommitted)', 'fix: uncommitted']);
  } finally {
    await s.close();
  }
});

test('an unpushed fix stays open as fix pending (unpushed) until it is pushed', async () => {
  const { repo } = repoWithHistory({ remote: true });
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'race between reads and writes' });
    const sha = commitFiles(repo, { 'src/a.ts': 'export const a = 3;\n' }, 'fix');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.match(r.text, new RegExp(`^Not closed: ${id} stays open — fix pending \\(unpushed\\)\\.`));
    assert.deepEqual(verdictLines(r.text), ['verdict: fix pending (unpushed)', `fix: commit ${sha}`, 'fix_branch: main', 'fix_pushed: no']);
    assert.match(r.text, new RegExp(`No remote branch holds ${sha.slice(0, 12)}: push it, then mark_complete endorse again\\.`));
    assert.match((await s.call('get_problems', {})).text, /\[fix pending: committed on main but not pushed\]/);
    git(repo, 'push', '-q', 'origin', 'main');
    const closed = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(closed.text), ['verdict: endorsed', `fix: commit ${sha}`, 'fix_branch: main']);
  } finally {
    await s.close();
  }
});

test('a checkout with no remote at all closes on an unpushed commit', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/b.ts'], summary: 'wrong default' });
    const sha = commitFiles(repo, { 'src/b.ts': 'export const b = 9;\n' }, 'fix');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', `fix: commit ${sha}`, 'fix_branch: main']);
  } finally {
    await s.close();
  }
});

test('a fix only on task branches awaits its merge into the origin default branch; a development branch closes it', async () => {
  const { repo } = repoWithHistory({ remote: true });
  // The origin's default branch is trunk, recorded in the clone as origin/HEAD.
  git(repo, 'push', '-q', 'origin', 'main:trunk');
  git(repo, 'remote', 'set-head', 'origin', 'trunk');
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'missing bounds check' });
    git(repo, 'checkout', '-q', '-b', 'task/bounds');
    const sha = commitFiles(repo, { 'src/a.ts': 'export const a = 4;\n' }, 'fix on task branch');
    git(repo, 'push', '-q', 'origin', 'task/bounds');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.match(r.text, new RegExp(`^Not closed: ${id} stays open — fix pending \\(awaiting merge\\)\\.`));
    assert.deepEqual(verdictLines(r.text), [
      'verdict: fix pending (awaiting merge)',
      `fix: commit ${sha}`,
      'fix_branch: task/bounds',
      'fix_remote_branches: origin/task/bounds',
      'fix_target: trunk',
    ]);
    assert.match(r.text, /fetch and mark_complete endorse again once it is merged into trunk, or run metabob-mcp finding close/);
    assert.match((await s.call('get_problems', {})).text, /\[fix pending: pushed, awaiting merge into trunk\]/);
    git(repo, 'push', '-q', 'origin', 'task/bounds:dev/bounds');
    const closed = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(closed.text), ['verdict: endorsed', `fix: commit ${sha}`, 'fix_branch: task/bounds']);
  } finally {
    await s.close();
  }
});

test('with no origin/HEAD recorded, a task-branch fix awaits merge into main', async () => {
  const { repo } = repoWithHistory({ remote: true });
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/b.ts'], summary: 'leaks a file handle' });
    git(repo, 'checkout', '-q', '-b', 'task/leak');
    commitFiles(repo, { 'src/b.ts': 'export const b = 5;\n' }, 'fix');
    git(repo, 'push', '-q', 'origin', 'task/leak');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.equal(verdictLines(r.text).at(-1), 'fix_target: main');
  } finally {
    await s.close();
  }
});

test('fix_commit: resolves, in HEAD, postdates the finding; touching none of its files is marked; every failed check is named', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'symptom here, cause elsewhere' });
    const sha = commitFiles(repo, { 'src/b.ts': 'export const b = 7;\n' }, 'fix in b');

    const unknown = await s.call('mark_complete', { problem_id: id, fix_commit: 'deadbeefdeadbeef' });
    assert.equal(unknown.isError, true);
    assert.equal(
      unknown.text,
      'fix_commit_unknown: deadbeefdeadbeef does not resolve to a commit in this checkout; nothing was recorded (fetch it, or name the fix commit)',
    );

    git(repo, 'checkout', '-q', '-b', 'side');
    const side = commitFiles(repo, { 'src/a.ts': 'export const a = 8;\n' }, 'side fix');
    git(repo, 'checkout', '-q', 'main');
    const notInHead = await s.call('mark_complete', { problem_id: id, fix_commit: side });
    assert.equal(
      notInHead.text,
      `fix_commit_not_in_head: ${side.slice(0, 12)} is not in HEAD's history on main; nothing was recorded (merge or check out the fix first)`,
    );
    assert.match((await s.call('get_problems', {})).text, /symptom here, cause elsewhere/);

    const r = await s.call('mark_complete', { problem_id: id, fix_commit: sha.slice(0, 10) });
    assert.equal(r.isError, false, r.text);
    assert.deepEqual(verdictLines(r.text), [
      'verdict: endorsed',
      `fix: commit ${sha}`,
      'fix_branch: main',
      'fix_claimed: yes',
      'fix_touches_finding_files: no',
    ]);
  } finally {
    await s.close();
  }
});

test('fix_commit older than the finding: taken when it touches its files (fix_predates_finding), refused when it touches none', async () => {
  const { repo } = repoWithHistory();
  const old = commitAt(repo, '2024-06-01T00:00:00Z', { 'src/a.ts': 'export const a = 10;\n' }, 'old fix of a');
  const oldOther = commitAt(repo, '2024-06-02T00:00:00Z', { 'README.md': '# docs\n' }, 'old docs');
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'recorded after its fix' });
    const refused = await s.call('mark_complete', { problem_id: id, fix_commit: oldOther });
    assert.equal(refused.isError, true);
    assert.equal(
      refused.text,
      `fix_commit_predates_finding: ${oldOther.slice(0, 12)} was committed before the finding was recorded and touches none of its files (src/a.ts); nothing was recorded`,
    );
    const r = await s.call('mark_complete', { problem_id: id, fix_commit: old });
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', `fix: commit ${old}`, 'fix_branch: main', 'fix_claimed: yes', 'fix_predates_finding: yes']);
    assert.match(r.text, /was committed before the finding was recorded; it is taken as the fix because it touches the finding's files\./);
  } finally {
    await s.close();
  }
});

test('a newer commit touching none of the files is named with fix_commit offered, never taken', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'wrong rounding' });
    const sha = commitFiles(repo, { 'README.md': '# pulled work\n', 'docs/x.md': 'x\n' }, 'unrelated');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.equal(r.isError, true);
    assert.equal(
      r.text,
      `no_fix_commit: no commit since the finding touches its files (src/a.ts); the newest commit since it, ${sha.slice(0, 12)}, touches README.md, docs/x.md and is not taken as the fix. ` +
        `Nothing was recorded; if it is the fix, call mark_complete with fix_commit: "${sha}"`,
    );
    assert.equal(r.meta.diagnosis_v2[0].code, 'no_fix_commit');
    assert.match((await s.call('get_problems', {})).text, /wrong rounding/);
  } finally {
    await s.close();
  }
});

test('nothing in the checkout postdates the finding: no verdict', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'stale cache' });
    const r = await s.call('mark_complete', { problem_id: id });
    assert.equal(
      r.text,
      'not_here: nothing in this checkout postdates the finding, so nothing here can be its fix; nothing was recorded (endorse where the fix is, or discard it)',
    );
  } finally {
    await s.close();
  }
});

test("uncommitted changes in other tracked files: fix pending (uncommitted) with fix_files outside the finding's files", async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'validation in the wrong layer' });
    appendFileSync(join(repo, 'src/b.ts'), '// moved validation here\n');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(r.text), [
      'verdict: fix pending (uncommitted)',
      'fix: uncommitted',
      'fix_branch: main',
      'fix_base: HEAD',
      'fix_files: src/b.ts',
    ]);
    assert.match(r.text, /uncommitted changes outside them \(src\/b\.ts\) may be the fix/);
  } finally {
    await s.close();
  }
});

test("a checkout where none of the finding's files is known is not where the fix is", async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['lib/elsewhere.py'], summary: 'from another checkout' });
    const r = await s.call('mark_complete', { problem_id: id });
    assert.equal(
      r.text,
      "not_here: none of the finding's files (lib/elsewhere.py) is known in this checkout (not on disk, not tracked, not in its history), so this is not where the fix is; nothing was recorded (endorse where the fix is, or discard it)",
    );
  } finally {
    await s.close();
  }
});

test('a file the fix deleted is in the history: its deleting commit is the fix', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/b.ts'], summary: 'dead module' });
    git(repo, 'rm', '-q', 'src/b.ts');
    git(repo, 'commit', '-q', '-m', 'delete b');
    const sha = git(repo, 'rev-parse', 'HEAD');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', `fix: commit ${sha}`, 'fix_branch: main']);
  } finally {
    await s.close();
  }
});

test('ignored files close as fix: local', async () => {
  const { repo } = repoWithHistory();
  commitAt(repo, LONG_AGO, { '.gitignore': 'build/\n' }, 'ignore build');
  mkdirSync(join(repo, 'build'), { recursive: true });
  writeFileSync(join(repo, 'build/out.js'), 'x\n');
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['build/out.js'], summary: 'generated file is stale' });
    const r = await s.call('mark_complete', { problem_id: id });
    assert.equal(r.isError, false, r.text);
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', 'fix: local (ignored files; no commit holds it)']);
    assert.match(r.text, /the fix is local to this checkout, and no other checkout can check it/);
  } finally {
    await s.close();
  }
});

test('outside git the finding closes as fix: unknown (not a git checkout)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'metabob-nogit-'));
  const s = await startLedgerServer(dir);
  try {
    const [id] = await s.record({ files: ['notes.txt'], summary: 'typo in notes' });
    const r = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', 'fix: unknown (not a git checkout)']);
  } finally {
    await s.close();
  }
});

test('with git not installed the finding closes as fix: unknown (git is not installed)', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo, { PATH: tempDir('metabob-nopath-') });
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'no git here' });
    const r = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(r.text), ['verdict: endorsed', 'fix: unknown (git is not installed)']);
  } finally {
    await s.close();
  }
});

test('a git call that fails is never read as "not a git checkout": no verdict, the finding stays open', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'index corruption case' });
    writeFileSync(join(repo, '.git/index'), 'this is not an index');
    const r = await s.call('mark_complete', { problem_id: id });
    assert.equal(r.isError, true);
    assert.match(r.text, /^git_failed: git status failed: .*; git did not answer, so where the fix is is unknown and nothing was recorded; try again$/);
    assert.match((await s.call('get_problems', {})).text, /index corruption case/);
  } finally {
    await s.close();
  }
});

test("a finding's file names reach git literally: a name with glob characters matches no other file", async () => {
  const { repo } = repoWithHistory({ remote: true });
  commitAt(repo, LONG_AGO, { 'routes/[id]/index.js': 'export const show = 1;\n', 'routes/i/index.js': 'export const list = 1;\n' }, 'routes');
  git(repo, 'push', '-q', 'origin', 'main');
  const s = await startLedgerServer(repo);
  try {
    const [id] = await s.record({ files: ['routes/[id]/index.js'], summary: 'unchecked id parameter' });
    // As a pattern, routes/[id]/index.js also names routes/d/index.js and routes/i/index.js.
    mkdirSync(join(repo, 'routes/d'), { recursive: true });
    writeFileSync(join(repo, 'routes/d/index.js'), 'export const draft = 1;\n');
    const untracked = await s.call('mark_complete', { problem_id: id });
    assert.doesNotMatch(untracked.text, /fix pending/, untracked.text);
    assert.match(untracked.text, /^not_here: nothing in this checkout postdates the finding/);
    rmSync(join(repo, 'routes/d'), { recursive: true });
    const other = commitFiles(repo, { 'routes/i/index.js': 'export const list = 2;\n' }, 'change the list route only');
    git(repo, 'push', '-q', 'origin', 'main');
    const committed = await s.call('mark_complete', { problem_id: id });
    assert.deepEqual(verdictLines(committed.text), []);
    assert.match(
      committed.text,
      new RegExp(
        `^no_fix_commit: no commit since the finding touches its files \\(routes/\\[id\\]/index\\.js\\); the newest commit since it, ${other.slice(0, 12)}, touches routes/i/index\\.js`,
      ),
    );
  } finally {
    await s.close();
  }
});
