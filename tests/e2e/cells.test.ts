// SPEC §task pull and §finding close as a scripted cell loop: a bare origin, the substrate
// emulator, a recorder and cells run as the built CLI. Two cells pull different tasks, a third
// waits (exit 4 with retry_after); a fix pushed on a task branch is pending until merged into
// main, then closed; a revert on main is reported as reverted; a bad ref: is refused and the
// claim withdrawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv } from '../helpers/client.ts';
import { runCliJson as runCli } from '../helpers/cli-json-run.ts';
import { commitFiles, git, tempDir, tempRepo } from '../helpers/git.ts';
import { withEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer } from '../substrate/server-fixture.ts';
import { call } from './claim-race-fixture.ts';
import { normalizeRemoteUrl } from '../../core/identity/normalize-remote-url.ts';

function bareOrigin(): string {
  const bare = tempDir('metabob-cell-origin-');
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  const seed = tempRepo();
  commitFiles(seed, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n', 'src/c.ts': 'export const c = 1;\n' }, 'initial');
  git(seed, 'remote', 'add', 'origin', bare);
  git(seed, 'push', '-q', 'origin', 'main');
  return bare;
}

function cloneOf(bare: string): string {
  const dir = tempDir('metabob-cell-clone-');
  git(dir, 'clone', '-q', bare, '.');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.invalid');
  return dir;
}

function cellEnv(emulator: Emulator, vesselId: string): Record<string, string> {
  return cleanEnv({
    METABOB_API_KEY: emulator.key,
    DISCOVERY_ENDPOINT: emulator.discoveryUrl,
    VESSEL_ID: vesselId,
    METABOB_HOME: tempDir('metabob-cell-home-'),
    GIT_AUTHOR_NAME: 'Cell',
    GIT_AUTHOR_EMAIL: 'cell@example.invalid',
    GIT_COMMITTER_NAME: 'Cell',
    GIT_COMMITTER_EMAIL: 'cell@example.invalid',
  });
}

async function recordTasks(
  emulator: Emulator,
  bare: string,
  tasks: Array<{ file: string; summary: string; details: string; severity: string }>,
): Promise<void> {
  const server = await startServer({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl, VESSEL_ID: 'recorder' }, { cwd: cloneOf(bare) });
  try {
    for (const t of tasks) {
      const r = await call(server, 'record_finding', { files: [t.file], summary: t.summary, details: t.details, severity: t.severity, category: 'task' });
      assert.equal(r.isError, false, r.text);
      assert.match(r.text, /concept_/, 'minted to concept-db');
    }
  } finally {
    await server.close();
  }
}

/** The cell's own commits since the target, as the entrypoint lists them before finding close. */
function commitsFile(work: string, target: string): string {
  const file = join(tempDir('metabob-cell-commits-'), 'commits.txt');
  writeFileSync(file, git(work, 'rev-list', `origin/${target}..HEAD`) + '\n');
  return file;
}

test('two cells pull different tasks and a third waits; a task-branch fix is pending until merged, then closed; a revert is reported', async () => {
  await withEmulator(async (emulator) => {
    const bare = bareOrigin();
    await recordTasks(emulator, bare, [
      { file: 'src/a.ts', summary: 'Make a two', details: 'a should be 2.\npush_to: task', severity: 'HIGH' },
      { file: 'src/b.ts', summary: 'Make b two', details: 'b should be 2.', severity: 'MEDIUM' },
    ]);
    const envA = cellEnv(emulator, 'cell-a');
    const envB = cellEnv(emulator, 'cell-b');
    const scratch = tempDir('metabob-cells-');
    const pull = (env: Record<string, string>, name: string) =>
      runCli(
        ['task', 'pull', '--origin', bare, '--task-dir', join(scratch, `${name}-task`), '--work-dir', join(scratch, `${name}-work`), '--json'],
        env,
        scratch,
      );

    const [a, b] = await Promise.all([pull(envA, 'a'), pull(envB, 'b')]);
    assert.equal(a.code, 0, a.stdout + a.stderr);
    assert.equal(b.code, 0, b.stdout + b.stderr);
    assert.notEqual(a.json.task.task_id, b.json.task.task_id, 'each cell holds a different task');
    const taskA = JSON.parse(readFileSync(join(scratch, 'a-task', 'task.json'), 'utf8'));
    assert.equal(taskA.claim.holder, 'cell-a');
    assert.equal(taskA.base, git(join(scratch, 'a-work'), 'rev-parse', 'HEAD'));
    assert.ok(existsSync(join(scratch, 'a-task', 'context.md')));

    // A third cell finds both open tasks held: exit 4 with the earliest claim end.
    const c = await pull(cellEnv(emulator, 'cell-c'), 'c');
    assert.equal(c.code, 4, c.stdout + c.stderr);
    assert.ok(Date.parse(c.json.retry_after) > Date.now(), c.stdout);

    // Which cell got the push_to: task task, and which the other.
    const [branchCell, mainCell] = taskA.details.includes('push_to: task') ? ['a', 'b'] : ['b', 'a'];
    const branchTask = JSON.parse(readFileSync(join(scratch, `${branchCell}-task`, 'task.json'), 'utf8'));
    const mainTask = JSON.parse(readFileSync(join(scratch, `${mainCell}-task`, 'task.json'), 'utf8'));
    assert.deepEqual([branchTask.policy.push_to.value, branchTask.policy.push_to.source], ['task', 'task']);
    const envOf = (cell: string) => (cell === 'a' ? envA : envB);

    // The task-branch fix: pushed to task/<id>, pending until a merge into main.
    const work = join(scratch, `${branchCell}-work`);
    const file = branchTask.files[0];
    writeFileSync(join(work, file), readFileSync(join(work, file), 'utf8').replace('= 1', '= 2'));
    git(work, 'checkout', '-q', '-b', `task/${branchTask.task_id}`);
    git(work, '-c', 'user.name=Cell', '-c', 'user.email=cell@example.invalid', 'commit', '-qam', `fix\n\nFixes-Finding: ${branchTask.task_id}`);
    const listed = commitsFile(work, 'main');
    git(work, 'push', '-q', 'origin', `task/${branchTask.task_id}`);
    const closeTask = (cell: string, commits: string, dir: string) =>
      runCli(['finding', 'close', '--commits-from', commits, '--target', 'main', '--work-dir', dir, '--json'], envOf(cell), dir);
    const pending = await closeTask(branchCell, listed, work);
    assert.equal(pending.code, 0, pending.stdout + pending.stderr);
    assert.equal(pending.json.findings[0].outcome, 'pending', pending.stdout);

    // A reviewer merges the task branch into main; finding close then closes it.
    const reviewer = cloneOf(bare);
    git(reviewer, 'fetch', '-q', 'origin', `task/${branchTask.task_id}`);
    git(reviewer, '-c', 'user.name=R', '-c', 'user.email=r@example.invalid', 'merge', '-q', '--no-ff', '-m', 'merge task', `origin/task/${branchTask.task_id}`);
    git(reviewer, 'push', '-q', 'origin', 'main');
    const closed = await closeTask(branchCell, listed, work);
    assert.equal(closed.code, 0, closed.stdout + closed.stderr);
    assert.equal(closed.json.findings[0].outcome, 'closed', closed.stdout);
    const verdicts = [...emulator.concepts.concepts.values()].map((c) => String(c.content));
    assert.ok(
      verdicts.some((v) => v.includes('verdict: fix pending (awaiting merge)') && v.includes('fix_target: main') && v.includes('reviewed_by: cell-')),
      'the pending verdict',
    );
    assert.ok(
      verdicts.some((v) => v.startsWith('verdict: endorsed') && v.includes('fix_claimed: yes') && v.includes('fix_via: trailer')),
      'the endorse by trailer',
    );

    // The other cell fixes on main, pushes, and someone reverts it on main: reverted, nothing written.
    const work2 = join(scratch, `${mainCell}-work`);
    git(work2, 'pull', '-q', '--rebase', 'origin', 'main');
    const file2 = mainTask.files[0];
    writeFileSync(join(work2, file2), readFileSync(join(work2, file2), 'utf8').replace('= 1', '= 2'));
    git(work2, '-c', 'user.name=Cell', '-c', 'user.email=cell@example.invalid', 'commit', '-qam', `fix\n\nFixes-Finding: ${mainTask.task_id}`);
    const listed2 = commitsFile(work2, 'main');
    git(work2, 'push', '-q', 'origin', 'HEAD:main');
    git(reviewer, 'pull', '-q', 'origin', 'main');
    git(reviewer, '-c', 'user.name=R', '-c', 'user.email=r@example.invalid', 'revert', '--no-edit', 'HEAD');
    git(reviewer, 'push', '-q', 'origin', 'main');
    const reverted = await closeTask(mainCell, listed2, work2);
    assert.equal(reverted.code, 0, reverted.stdout + reverted.stderr);
    assert.equal(reverted.json.findings[0].outcome, 'reverted', reverted.stdout);

    // Nothing secret went into a request: only ids and shas for the closes.
    const sent = JSON.stringify(emulator.switches.calls);
    assert.doesNotMatch(sent, new RegExp(emulator.key));
  });
});

test('a task whose ref: git refuses is not cloned, the claim is withdrawn, and the next cell can claim it', async () => {
  await withEmulator(async (emulator) => {
    const bare = bareOrigin();
    await recordTasks(emulator, bare, [{ file: 'src/c.ts', summary: 'Fix c', details: 'c is wrong.\nref: bad..ref', severity: 'LOW' }]);
    const scratch = tempDir('metabob-cells-');
    const pull = (vessel: string) =>
      runCli(
        ['task', 'pull', '--origin', bare, '--task-dir', join(scratch, `${vessel}-task`), '--work-dir', join(scratch, `${vessel}-work`), '--json'],
        cellEnv(emulator, vessel),
        scratch,
      );
    const first = await pull('cell-x');
    assert.equal(first.code, 1, first.stdout + first.stderr);
    assert.match(first.json.error, /^ref_refused: ref "bad\.\.ref" is not a branch name git check-ref-format --branch accepts/);
    assert.equal(first.json.withdrawn, true);
    assert.equal(existsSync(join(scratch, 'cell-x-work', '.git')), false, 'nothing cloned');
    // Withdrawn, the task is free: another cell's claim is taken (and refused at the ref again).
    const second = await pull('cell-y');
    assert.equal(second.code, 1, second.stdout);
    assert.match(second.json.tried[0].outcome, /^claimed until /, second.stdout);
  });
});

test("a project_convention counts only for the repository its repo: line names: one with none, or another's, steers nothing", async () => {
  await withEmulator(async (emulator) => {
    const bare = bareOrigin();
    await recordTasks(emulator, bare, [{ file: 'src/a.ts', summary: 'Make a two', details: 'a should be 2.', severity: 'HIGH' }]);
    const repository = normalizeRemoteUrl(bare);
    const convention = (header: string[], body: string, minutesAgo: number) =>
      emulator.concepts.create(
        'org_emulated',
        { shape: 'project_convention', source_type: 'memory', content: [...header, 'recorded_by: recorder', '', body].join('\n') },
        null,
        new Date(Date.now() - minutesAgo * 60_000),
      );
    // Newest first: neither of the two newer ones is for this repository.
    convention([`repo: ${repository}`], 'integrate: review', 30);
    convention([], 'push_to: task\nintegrate: push', 20);
    convention(['repo: github.com/another/repository'], 'push_to: task', 10);
    const scratch = tempDir('metabob-cells-');
    const pulled = await runCli(
      ['task', 'pull', '--origin', bare, '--task-dir', join(scratch, 'task'), '--work-dir', join(scratch, 'work'), '--json'],
      cellEnv(emulator, 'cell-conv'),
      scratch,
    );
    assert.equal(pulled.code, 0, pulled.stdout + pulled.stderr);
    // The cell's own claim reads as claimed, never as "held" (how the reply names another cell's).
    assert.deepEqual(
      pulled.json.tried.map((t: { outcome: string }) => t.outcome.replace(/\d{4}-.*Z$/, '<end>')),
      ['claimed until <end>'],
    );
    const task = JSON.parse(readFileSync(join(scratch, 'task', 'task.json'), 'utf8'));
    assert.equal(task.repository, repository);
    assert.deepEqual(task.policy.push_to, { value: 'main', source: 'default' });
    assert.deepEqual(task.policy.integrate, { value: 'review', source: 'convention', author: 'recorder' });
  });
});

test('with no attachment, task pull and finding close exit 2 naming the cause', async () => {
  const scratch = tempDir('metabob-cells-');
  const env = cleanEnv({ METABOB_HOME: tempDir('metabob-cell-home-') });
  const pull = await runCli(['task', 'pull', '--origin', bareOrigin(), '--task-dir', join(scratch, 't'), '--work-dir', join(scratch, 'w')], env, scratch);
  assert.equal(pull.code, 2, pull.stdout + pull.stderr);
  assert.match(pull.stdout, /^not_configured/);
  const repo = tempRepo();
  commitFiles(repo, { 'x.ts': 'x' }, 'x');
  const close = await runCli(['finding', 'close', '--commits', 'HEAD', '--work-dir', repo], env, repo);
  assert.equal(close.code, 2, close.stdout + close.stderr);
});
