// README "Git in untrusted repositories": a checkout whose own .git/config names a program at
// every key git may run one from (tests/helpers/hostile-git.ts), driven through every tool and
// CLI command that runs git: the built server over stdio attached to the substrate emulator,
// and `call`, `index`, `task pull` and `finding close` as the built CLI. No marker may run, and
// the git-backed answers are still right (the fix is found, the finding closes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv } from '../helpers/client.ts';
import { runCliJson as runCli } from '../helpers/cli-json-run.ts';
import { commitFiles, git, tempDir, tempRepo } from '../helpers/git.ts';
import { armRepository, markerBin, signHead, type MarkerBin } from '../helpers/hostile-git.ts';
import { withEmulator, type Emulator } from '../substrate/emulator.ts';
import { LONG_AGO, commitAt } from './ledger-fixture.ts';
import { startAttachedServer, startServer } from '../substrate/server-fixture.ts';

/**
 * A bare origin whose tree asks for the `x` filter, diff and merge drivers on every file, its
 * first commit long before any finding (so src/d.ts has no commit a fix could be).
 */
function bareOrigin(): string {
  const bare = tempDir('metabob-hostile-origin-');
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  const seed = tempRepo();
  commitAt(
    seed,
    LONG_AGO,
    {
      '.gitattributes': '* filter=x diff=x merge=x\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': "import { a } from './a';\nexport const b = a;\n",
      'src/c.ts': 'export const c = 1;\n',
      'src/d.ts': 'export const d = 1;\n',
    },
    'initial',
  );
  git(seed, 'remote', 'add', 'origin', bare);
  git(seed, 'push', '-q', 'origin', 'main');
  return bare;
}

function cloneOf(bare: string): string {
  const dir = tempDir('metabob-hostile-clone-');
  git(dir, 'clone', '-q', bare, '.');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.invalid');
  git(dir, 'config', 'commit.gpgsign', 'false');
  return dir;
}

function cellEnv(emulator: Emulator, vesselId: string): Record<string, string> {
  return cleanEnv({
    METABOB_API_KEY: emulator.key,
    DISCOVERY_ENDPOINT: emulator.discoveryUrl,
    VESSEL_ID: vesselId,
    METABOB_HOME: tempDir('metabob-hostile-home-'),
  });
}

/** A task on src/c.ts, recorded from a clean clone (the ledger keys it by the origin, so every clone sees it). */
async function recordTask(emulator: Emulator, bare: string): Promise<string> {
  const server = await startServer({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl, VESSEL_ID: 'recorder' }, { cwd: cloneOf(bare) });
  try {
    const r = await server.call('record_finding', {
      files: ['src/c.ts'],
      summary: 'Make c two',
      details: 'c should be 2.',
      severity: 'HIGH',
      category: 'task',
    });
    assert.equal(r.isError, false, r.text);
    const id = /agf_[0-9a-f]{16}/.exec(r.text)?.[0];
    assert.ok(id, r.text);
    return id;
  } finally {
    await server.close();
  }
}

/** Later mtimes on tracked files: git must read them again, through their filters, to know they are unchanged. */
function statDirty(dir: string, files: string[]): void {
  const later = new Date(Date.now() + 10_000);
  for (const f of files) utimesSync(join(dir, f), later, later);
}

function nothingRan(bin: MarkerBin, step: string): void {
  assert.deepEqual(bin.fired(), [], `${step} ran programs the repository's config names`);
}

test("no program a repository's own config names runs, through every tool and CLI command that runs git", async () => {
  await withEmulator(async (emulator) => {
    const bin = markerBin();
    const bare = bareOrigin();
    const taskId = await recordTask(emulator, bare);

    // The checkout, while it is still harmless: a submodule, a signed fix for src/a.ts, and a
    // commit whose trailer closes the task, all pushed.
    const sub = tempRepo();
    commitFiles(sub, { '.gitattributes': '* filter=y\n', 'lib.ts': 'export const l = 1;\n' }, 'sub');
    const repo = cloneOf(bare);
    git(repo, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'vendor/sub');
    git(repo, 'commit', '-qm', 'vendor sub');
    commitFiles(repo, { 'src/a.ts': 'export const a = 2;\n' }, 'fix a');
    const fixA = signHead(repo);
    commitFiles(repo, { 'src/c.ts': 'export const c = 2;\n' }, `fix c\n\nFixes-Finding: ${taskId}`);
    const commits = join(tempDir('metabob-hostile-commits-'), 'commits.txt');
    writeFileSync(commits, git(repo, 'rev-list', 'origin/main..HEAD') + '\n');
    git(repo, 'push', '-q', 'origin', 'main');

    // Armed: from here on only the code under test runs git here.
    armRepository(repo, bin, { alternateObjects: join(bare, 'objects') });
    execFileSync('git', ['config', 'filter.y.clean', bin.script('submodule.filter.clean')], { cwd: join(repo, 'vendor/sub') });
    statDirty(repo, ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'vendor/sub/lib.ts']);

    const server = await startAttachedServer(emulator, { VESSEL_ID: 'hostile-vessel' }, { cwd: repo });
    try {
      for (const [name, args] of [
        ['init_workspace', { workspace_path: repo, recently_changed_files: ['src/a.ts'] }],
        ['get_analysis_context', { recently_changed_files: ['src/a.ts'] }],
        ['predict_cochanges', { changed_files: ['src/a.ts'] }],
        ['assign_git_changes', { changed_files: ['src/a.ts'] }],
        ['analyze_impact', { changed_files: ['src/a.ts'] }],
      ] as const) {
        const r = await server.call(name, args);
        assert.equal(r.isError, false, `${name}: ${r.text}`);
        nothingRan(bin, name);
      }

      const recorded = await server.call('record_finding', { files: ['src/a.ts'], summary: 'a is off by one', severity: 'HIGH', category: 'correctness' });
      assert.equal(recorded.isError, false, recorded.text);
      const fixedId = /agf_[0-9a-f]{16}/.exec(recorded.text)![0];
      nothingRan(bin, 'record_finding');
      const fixed = await server.call('mark_complete', { problem_id: fixedId });
      assert.equal(fixed.isError, false, fixed.text);
      assert.match(fixed.text, new RegExp(`fix: commit ${fixA}`), fixed.text);
      assert.match(fixed.text, /^verdict: endorsed$/m, fixed.text);
      nothingRan(bin, 'mark_complete (fixed)');

      writeFileSync(join(repo, 'src/b.ts'), "import { a } from './a';\nexport const b = a + 1;\n");
      const pendingRecord = await server.call('record_finding', { files: ['src/b.ts'], summary: 'b ignores a', severity: 'MEDIUM', category: 'correctness' });
      const pendingId = /agf_[0-9a-f]{16}/.exec(pendingRecord.text)![0];
      const pending = await server.call('mark_complete', { problem_id: pendingId });
      assert.match(pending.text, /^verdict: fix pending \(uncommitted\)$/m, pending.text);
      nothingRan(bin, 'mark_complete (pending)');
      // No commit since the finding touches src/d.ts: the whole checkout's status is read, the submodule's with it.
      const elsewhereRecord = await server.call('record_finding', { files: ['src/d.ts'], summary: 'd is unused', severity: 'LOW', category: 'design' });
      const elsewhereId = /agf_[0-9a-f]{16}/.exec(elsewhereRecord.text)![0];
      const elsewhere = await server.call('mark_complete', { problem_id: elsewhereId });
      assert.match(elsewhere.text, /^fix_files: src\/b\.ts$/m, elsewhere.text);
      nothingRan(bin, 'mark_complete (uncommitted elsewhere)');

      for (const [name, args] of [
        ['path_activity', { paths: ['src/a.ts'] }],
        ['get_problems', {}],
      ] as const) {
        const r = await server.call(name, args);
        assert.equal(r.isError, false, `${name}: ${r.text}`);
        nothingRan(bin, name);
      }
    } finally {
      await server.close();
    }

    const env = cellEnv(emulator, 'hostile-cell');
    const called = await runCli(['call', 'get_analysis_context', '{"recently_changed_files":["src/a.ts"]}'], env, repo);
    assert.equal(called.code, 0, called.stdout + called.stderr);
    nothingRan(bin, 'metabob-mcp call');
    const indexed = await runCli(['index', repo], env, repo);
    assert.equal(indexed.code, 0, indexed.stdout + indexed.stderr);
    nothingRan(bin, 'metabob-mcp index');

    const pulled = await runCli(
      ['task', 'pull', '--origin', bare, '--task-dir', join(tempDir('metabob-hostile-task-'), 'task'), '--work-dir', join(repo, 'pulled-work'), '--json'],
      env,
      repo,
    );
    assert.equal(pulled.code, 0, pulled.stdout + pulled.stderr);
    nothingRan(bin, 'metabob-mcp task pull');

    const closed = await runCli(['finding', 'close', '--commits-from', commits, '--target', 'main', '--work-dir', repo, '--json'], env, repo);
    assert.equal(closed.code, 0, closed.stdout + closed.stderr);
    assert.equal(closed.json.findings[0].outcome, 'closed', closed.stdout);
    nothingRan(bin, 'metabob-mcp finding close');

    // An origin the repository's url.<base>.insteadOf rewrites to ext::, which its own
    // protocol.ext.allow allows: the fetch is refused, and nothing is written.
    const rewritten = cloneOf(bare);
    armRepository(rewritten, bin);
    git(rewritten, 'config', `url.ext::${bin.script('ext.origin')} %S #.insteadOf`, bare);
    const refused = await runCli(['finding', 'close', '--commits', 'HEAD~1..HEAD', '--target', 'main', '--work-dir', rewritten, '--json'], env, rewritten);
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(refused.json.error, /^fetch_failed: .*transport 'ext' not allowed/, refused.stdout);
    nothingRan(bin, 'metabob-mcp finding close (ext:: origin)');
  });
});
