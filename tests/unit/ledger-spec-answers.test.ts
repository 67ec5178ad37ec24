// The ledger tools' answers held to SPEC §mark_complete, §get_problems, §get_metrics and
// META-ENVELOPE's notice shape, in this process (tests/helpers/in-process.ts) over a real temp
// repository and a real temp store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';
import { workspacePath, workspacePathOrGiven } from '../../core/tools/workspace-path.ts';
import { LONG_AGO, commitAt } from '../e2e/ledger-fixture.ts';

type Call = (name: string, args?: Record<string, unknown>) => Promise<{ text: string; isError: boolean; meta: Record<string, unknown> }>;

async function withServer(cwd: string, body: (call: Call) => Promise<void>): Promise<void> {
  const s = await startInProcess({ cwd });
  const call: Call = async (name, args = {}) => {
    const r = await s.client.callTool({ name, arguments: args });
    return { text: textOf(r), isError: r.isError === true, meta: (r._meta ?? {}) as Record<string, unknown> };
  };
  try {
    await body(call);
  } finally {
    await s.close();
  }
}

async function record(call: Call, args: Record<string, unknown>): Promise<string> {
  const r = await call('record_finding', { severity: 'HIGH', category: 'correctness', ...args });
  assert.equal(r.isError, false, r.text);
  return /agf_[0-9a-f]{16}/.exec(r.text)![0];
}

test('mark_complete: an ignored file that is nowhere (not on disk, not tracked, not in history) is not here, never fix: local', async () => {
  const repo = tempRepo();
  commitFiles(repo, { '.gitignore': '*.env\n', 'src/a.ts': 'export const a = 1;\n' }, 'init');
  await withServer(repo, async (call) => {
    const id = await record(call, { files: ['prod.env'], summary: 'production secrets in plain text' });
    const r = await call('mark_complete', { problem_id: id });
    assert.equal(r.isError, true, r.text);
    assert.equal(
      r.text,
      "not_here: none of the finding's files (prod.env) is known in this checkout (not on disk, not tracked, not in its history), so this is not where the fix is; nothing was recorded (endorse where the fix is, or discard it)",
    );
    assert.doesNotMatch(r.text, /fix: local/);
    assert.match((await call('get_problems', {})).text, new RegExp(`production secrets in plain text \\(${id}`));
  });
});

test('every path-taking tool reads workspace-relative, ./-prefixed and absolute paths as the same file', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/x.ts': 'export function x() { return 1; }\n', 'src/y.ts': "import { x } from './x';\nexport const y = x();\n" }, 'init');
  commitFiles(repo, { 'src/x.ts': 'export function x() { return 2; }\n', 'src/y.ts': "import { x } from './x';\nexport const y = x() + 1;\n" }, 'both');
  const forms = ['src/x.ts', './src/x.ts', join(repo, 'src/x.ts'), join(realpathSync(repo), 'src/x.ts')];
  await withServer(repo, async (call) => {
    const id = await record(call, { files: ['./src/x.ts'], summary: 'x() returns a magic number' });
    assert.equal((await record(call, { files: [join(repo, 'src/x.ts')], summary: 'x() has no tests', force: true })).length, 20);
    assert.equal((await call('init_workspace', {})).isError, false);
    for (const form of forms) {
      const problems = await call('get_problems', { file_path: form });
      assert.match(problems.text, new RegExp(`Local store \\(.*\\): 2 open on files matching`), `get_problems ${form}: ${problems.text}`);
      assert.match(problems.text, new RegExp(`src/x\\.ts x\\(\\) returns a magic number \\(${id}`), `get_problems ${form}`);
      const search = await call('search_codebase', { query: 'magic', target: 'problems', file_filter: [form] });
      assert.match(search.text, new RegExp(`Problems matching "magic" \\(1\\):\\n.*${id}`), `search_codebase ${form}: ${search.text}`);
      for (const tool of ['analyze_impact', 'predict_cochanges', 'assign_git_changes']) {
        const r = await call(tool, { changed_files: [form] });
        assert.match(r.text, new RegExp(`Local store findings for the changed files \\(2\\):[\\s\\S]*${id}`), `${tool} ${form}: ${r.text}`);
      }
    }
    const outside = await call('record_finding', { files: [join(repo, '..', 'elsewhere.ts')], summary: 'outside', severity: 'LOW', category: 'correctness' });
    assert.equal(outside.isError, true);
    assert.match(outside.text, /^file_outside_workspace: /);
  });
});

test('workspacePath: one form for every way of naming a file, undefined outside the workspace', () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/x.ts': 'export {};\n' }, 'init');
  const link = join(tempDir('metabob-link-'), 'ws');
  symlinkSync(repo, link);
  for (const root of [repo, link, realpathSync(repo)]) {
    for (const given of [
      'src/x.ts',
      './src/x.ts',
      ' ./src//x.ts ',
      'src\\x.ts',
      join(repo, 'src/x.ts'),
      join(link, 'src/x.ts'),
      join(realpathSync(repo), 'src/x.ts'),
    ]) {
      assert.equal(workspacePath(root, given), 'src/x.ts', `${root} ${given}`);
    }
    assert.equal(workspacePath(root, './src/'), 'src/');
    assert.equal(workspacePath(root, '.'), '');
    assert.equal(workspacePath(root, '../x.ts'), undefined);
    assert.equal(workspacePath(root, '/etc/passwd'), undefined);
    assert.equal(workspacePath(root, '..foo/x.ts'), '..foo/x.ts');
    assert.equal(workspacePathOrGiven(root, '/etc/passwd'), '/etc/passwd');
  }
});

test('the category line decides what is a task; a [SEV][task] summary under another category is a finding', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' }, 'init');
  await withServer(repo, async (call) => {
    const finding = await record(call, { files: ['src/a.ts'], summary: '[HIGH][task] the queue drops the last item', category: 'correctness' });
    const task = await record(call, { files: ['src/a.ts'], summary: 'write the migration guide', category: 'task' });
    const r = await call('get_problems', {});
    assert.match(r.text, /^Open findings: 1 \(1 in the local store; recall not run: .*\); 1 open task, listed apart$/m);
    const [findingsPart, tasksPart] = r.text.split(/^Tasks \(/m);
    assert.match(findingsPart, new RegExp(`\\[HIGH\\]\\[correctness\\] src/a\\.ts \\[HIGH\\]\\[task\\] the queue drops the last item \\(${finding}`));
    assert.ok(tasksPart, r.text);
    assert.doesNotMatch(tasksPart, new RegExp(finding));
    assert.match(tasksPart, new RegExp(task));
    const impact = await call('predict_cochanges', { changed_files: ['src/a.ts'] });
    assert.match(impact.text, new RegExp(`Local store findings for the changed files \\(1\\):\\n.*${finding}`));
  });
});

test('get_metrics counts findings without tasks, the same 3 get_problems counts, and the tasks apart', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n' }, 'init');
  await withServer(repo, async (call) => {
    await record(call, { files: ['src/a.ts', 'src/b.ts'], summary: 'a and b disagree on units', severity: 'HIGH' });
    await record(call, { files: ['src/a.ts'], summary: 'a leaks a handle', severity: 'MEDIUM', category: 'performance' });
    await record(call, { files: ['src/b.ts'], summary: 'b swallows errors', severity: 'LOW' });
    await record(call, { files: ['src/a.ts'], summary: 'port a to the new API', severity: 'HIGH', category: 'task' });
    await record(call, { files: ['src/b.ts'], summary: 'document b', severity: 'INFO', category: 'task' });
    assert.match((await call('get_problems', {})).text, /^Open findings: 3 \(3 in the local store; .*\); 2 open tasks, listed apart$/m);
    const m = await call('get_metrics', {});
    assert.match(m.text, /^Open findings in the local store: 3 \(4 seeds\): CRITICAL 0, HIGH 1, MEDIUM 1, LOW 1, INFO 0$/m);
    assert.match(m.text, /^Agent-recorded \(agf_\*\): 3; other: 0$/m);
    assert.match(m.text, /^Top categories: correctness 2, performance 1$/m);
    assert.match(m.text, /^Open tasks in the local store: 2 \(listed apart by get_problems\)$/m);
  });
});

test('mark_complete {fix_commit} outside a git checkout closes as fix: unknown and says the commit was not applied', async () => {
  const dir = tempDir('metabob-nogit-');
  await withServer(dir, async (call) => {
    const id = await record(call, { files: ['notes.txt'], summary: 'typo in notes' });
    const r = await call('mark_complete', { problem_id: id, fix_commit: 'abcdef1' });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, new RegExp(`^Endorsed ${id} as fixed: `));
    assert.match(r.text, /^fix: unknown \(not a git checkout\)$/m);
    assert.match(
      r.text,
      /^fix_commit abcdef1 was not applied: the workspace is not a git checkout, so no commit can be checked; the finding closes without one\.$/m,
    );
    const warnings = r.meta.warnings_v2 as Array<{ code: string; data: Record<string, unknown> }>;
    assert.deepEqual(warnings.find((w) => w.code === 'fix_commit_not_applied')?.data, { fix_commit: 'abcdef1', finding_id: id, reason: 'not a git checkout' });
  });
});

type Entry = { code: string; severity: string; message: string; data?: Record<string, unknown> };

/** Every warnings_v2 / diagnosis_v2 entry of an answer, each held to the frozen `{code, severity, message, data}` shape. */
function notices(r: { meta: Record<string, unknown> }): Entry[] {
  const all = [...((r.meta.warnings_v2 as Entry[] | undefined) ?? []), ...((r.meta.diagnosis_v2 as Entry[] | undefined) ?? [])];
  for (const n of all) assert.deepEqual(Object.keys(n).sort(), ['code', 'data', 'message', 'severity'], JSON.stringify(n));
  return all;
}

function notice(r: { text: string; meta: Record<string, unknown> }, code: string): Record<string, unknown> {
  const found = notices(r).find((n) => n.code === code);
  assert.ok(found, `${code} in ${JSON.stringify(r.meta)}\n${r.text}`);
  return found.data!;
}

test("the ledger tools' warnings_v2 / diagnosis_v2 entries carry data: the files, ids, commit and path an agent acts on", async () => {
  const repo = tempRepo();
  // History older than every finding, so only the unrelated commit below postdates it.
  commitAt(repo, LONG_AGO, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n' }, 'init');
  await withServer(repo, async (call) => {
    const problems = await call('get_problems', { file_path: './src/a.ts' });
    assert.equal(notice(problems, 'not_configured').file_path, 'src/a.ts');

    const missing = await call('mark_complete', { problem_id: 'agf_0000000000000000' });
    assert.equal(notice(missing, 'finding_not_found').problem_id, 'agf_0000000000000000');

    const notHere = await record(call, { files: ['lib/gone.py'], summary: 'from another checkout' });
    const r1 = await call('mark_complete', { problem_id: notHere });
    assert.deepEqual(notice(r1, 'not_here'), { finding_id: notHere, files: ['lib/gone.py'] });

    const id = await record(call, { files: ['src/a.ts'], summary: 'a is off by one' });
    const r2 = await call('mark_complete', { problem_id: id, fix_commit: 'abcdef1' });
    assert.deepEqual(notice(r2, 'fix_commit_unknown'), { finding_id: id, fix_commit: 'abcdef1' });

    const unrelated = commitFiles(repo, { 'src/b.ts': 'export const b = 2;\n' }, 'unrelated');
    const r3 = await call('mark_complete', { problem_id: id });
    assert.deepEqual(notice(r3, 'no_fix_commit'), { finding_id: id, files: ['src/a.ts'], commit: unrelated, commit_files: ['src/b.ts'] });

    const closed = await call('mark_complete', { problem_id: id, action: 'discard' });
    assert.equal(closed.isError, false, closed.text);
    const again = await call('mark_complete', { problem_id: id });
    assert.equal(notice(again, 'finding_not_found').problem_id, id);
    const annotate = await call('annotate_component', { problem_id: id });
    assert.equal(notice(annotate, 'finding_not_found').problem_id, id);
    const outside = await call('record_finding', { files: ['../elsewhere.ts'], summary: 'outside', severity: 'LOW', category: 'correctness' });
    assert.deepEqual(notice(outside, 'file_outside_workspace'), { file: '../elsewhere.ts', workspace: repo });
  });
});

test('store_unavailable in every ledger tool names the store path and the workspace in data', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' }, 'init');
  // A METABOB_HOME that is a file: the store cannot be created under it.
  const home = join(tempDir('metabob-badhome-'), 'home');
  writeFileSync(home, 'not a directory\n');
  const s = await startInProcess({ cwd: repo, env: { METABOB_HOME: home } });
  try {
    for (const [name, args] of [
      ['get_problems', {}],
      ['get_metrics', {}],
      ['get_analysis_context', {}],
      ['record_finding', { files: ['src/a.ts'], summary: 'x', severity: 'LOW', category: 'correctness' }],
      ['mark_complete', { problem_id: 'agf_0000000000000000' }],
      ['annotate_component', { problem_id: 'agf_0000000000000000' }],
    ] as const) {
      const r = await s.client.callTool({ name, arguments: args });
      const data = notice({ text: textOf(r), meta: (r._meta ?? {}) as Record<string, unknown> }, 'store_unavailable');
      assert.equal(data.workspace, realpathSync(repo), name);
      assert.match(String(data.store_path), new RegExp(`^${home}/`), name);
    }
  } finally {
    await s.close();
  }
});
