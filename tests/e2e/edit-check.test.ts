// The edit check the plugins install as a host hook (READING-NOTES §"The attached marker and
// the edit check"): the built CLI reads a real hook input on stdin and finds the marker and the
// edit news a real server wrote for its workspace, over findings recorded by real other sessions.
// It never blocks: every run exits 0, and it prints nothing when it has no news.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, startClient } from '../helpers/client.ts';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

function editCheck(stdin: string, env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI, 'edit-check', ...args], { env: cleanEnv(env), timeout: 20_000, maxBuffer: 1 << 20 }, (err, stdout) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout });
    });
    child.stdin!.on('error', () => {});
    child.stdin!.end(stdin);
  });
}

const hookInput = (file: string, cwd: string, extra: Record<string, unknown> = {}, event = 'PostToolUse', tool = 'Read') =>
  JSON.stringify({ session_id: 's', hook_event_name: event, tool_name: tool, cwd, tool_input: { file_path: file, ...extra } });

/** Runs `metabob-mcp call <tool>` headless: another session, writing the same store. */
function callHeadless(tool: string, args: Record<string, unknown>, env: Record<string, string>, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, 'call', tool, JSON.stringify(args)], { cwd, env: cleanEnv(env), timeout: 60_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${tool}: ${stderr}`)) : resolve(stdout),
    );
  });
}

async function until(what: string, ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(ready(), what);
}

test('when a file is read, the hook names the open findings other agents recorded on it, once, unless get_problems was asked; silent otherwise', async () => {
  const repo = tempRepo();
  commitFiles(repo, {
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'src/c.ts': 'export const c = 3;\n',
    'src/d.ts': 'export const d = 4;\n',
  });
  const env = { METABOB_HOME: tempDir('metabob-store-') };
  // Another agent's findings, in an earlier session.
  const seeded = await callHeadless(
    'record_finding',
    { files: ['src/a.ts'], summary: 'a is read before it is set', severity: 'HIGH', category: 'correctness' },
    env,
    repo,
  );
  await callHeadless('record_finding', { files: ['src/c.ts'], summary: 'c is never exported', severity: 'LOW', category: 'design' }, env, repo);
  await callHeadless('record_finding', { files: ['src/e.ts'], summary: 'e throws on empty input', severity: 'CRITICAL', category: 'correctness' }, env, repo);
  const id = /agf_\w+/.exec(seeded)?.[0];
  assert.ok(id, seeded);
  const { client, close } = await startClient({ cwd: repo, env });
  try {
    await client.callTool({ name: 'init_workspace', arguments: { workspace_path: repo } });
    await client.callTool({
      name: 'record_finding',
      arguments: { files: ['src/d.ts'], summary: "d is this session's own", severity: 'LOW', category: 'design' },
    });
    await client.callTool({ name: 'get_problems', arguments: { file_path: 'src/c.ts' } });
    // The context's one most severe open finding (src/e.ts's) is shown, so it is no news either.
    await client.callTool({ name: 'get_analysis_context', arguments: { problem_limit: 1 } });
    // The news is written by the server after each call, beside its marker.
    const markers = join(env.METABOB_HOME, 'edit-news');
    // Only files the server's atomic write has renamed into place: a `.tmp` listed here may be renamed away before it is read.
    const news = () => (existsSync(markers) ? readdirSync(markers).filter((f) => f.endsWith('.json') && !f.endsWith('.reminded.json')) : []);
    const written = () => (news().length ? JSON.parse(readFileSync(join(markers, news()[0]), 'utf8')) : { files: {}, asked: [] });
    await until('the server wrote its edit news after the last call', () => written().asked.includes('src/c.ts') && !written().files['src/e.ts']);

    const run = await editCheck(hookInput(join(repo, 'src/a.ts'), repo), env);
    assert.equal(run.code, 0);
    const out = JSON.parse(run.stdout);
    assert.equal(out.hookSpecificOutput.hookEventName, 'PostToolUse', 'the output answers the event the host ran it for');
    assert.equal(out.decision, undefined, 'the edit check never blocks');
    assert.equal(out.hookSpecificOutput.permissionDecision, undefined, 'the edit check never decides the permission');
    const said = out.hookSpecificOutput.additionalContext as string;
    assert.match(said.split('\n')[0], /^metabob: src\/a\.ts has open findings/);
    assert.ok(said.includes(`${id} [HIGH, correctness] a is read before it is set`), said);
    assert.match(said, /get_problems \{"file_path": "src\/a\.ts"\}/);

    // Once per file per session: the same read again, or the edit after it, says nothing.
    assert.deepEqual(await editCheck(hookInput(join(repo, 'src/a.ts'), repo), env), { code: 0, stdout: '' });
    assert.deepEqual(await editCheck(hookInput('src/a.ts', repo, { old_string: 'a', new_string: 'b' }, 'PreToolUse', 'Edit'), env), { code: 0, stdout: '' });
    // Nothing open (b), asked already (c), only the session's own finding (d), shown in an answer (e): nothing.
    for (const file of ['src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts'])
      assert.deepEqual(await editCheck(hookInput(join(repo, file), repo), env), { code: 0, stdout: '' }, file);

    // Outside the workspace, malformed input, or no input: no answer, exit 0.
    const outside = await editCheck(hookInput(join(tempDir(), 'b.ts'), repo), env);
    assert.deepEqual(outside, { code: 0, stdout: '' });
    assert.deepEqual(await editCheck('{not json', env), { code: 0, stdout: '' });
    assert.deepEqual(await editCheck('', env), { code: 0, stdout: '' });
  } finally {
    await close();
  }
  assert.equal(readdirSync(join(env.METABOB_HOME, 'edit-news')).length, 0, 'a clean shutdown removes the news');
});

test('Codex: an apply_patch names its files in the patch, a shell read in its command; a Write past the input cap still finds its path', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n', 'src/c.ts': 'export const c = 3;\n' });
  const env = { METABOB_HOME: tempDir('metabob-store-') };
  for (const file of ['src/a.ts', 'src/b.ts', 'src/c.ts']) {
    await callHeadless('record_finding', { files: [file], summary: `${file} needs a test`, severity: 'MEDIUM', category: 'testing' }, env, repo);
  }
  const { client, close } = await startClient({ cwd: repo, env });
  try {
    await client.callTool({ name: 'init_workspace', arguments: { workspace_path: repo } });
    const markers = join(env.METABOB_HOME, 'edit-news');
    await until('the server wrote its edit news', () => existsSync(markers) && readdirSync(markers).length > 0);
    const codex = (event: string, tool: string, command: string) =>
      JSON.stringify({ session_id: 's', hook_event_name: event, tool_name: tool, cwd: repo, tool_input: { command } });
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-export const a = 1;\n+export const a = 2;\n*** End Patch\n';
    const patched = JSON.parse((await editCheck(codex('PreToolUse', 'apply_patch', patch), env, ['--host', 'codex'])).stdout);
    assert.match(patched.hookSpecificOutput.additionalContext, /^metabob: src\/a\.ts has open findings/);
    const read = JSON.parse((await editCheck(codex('PostToolUse', 'Bash', "sed -n '1,80p' src/b.ts"), env, ['--host', 'codex'])).stdout);
    assert.equal(read.hookSpecificOutput.hookEventName, 'PostToolUse');
    assert.match(read.hookSpecificOutput.additionalContext, /src\/b\.ts needs a test/);
    const huge = await editCheck(hookInput(join(repo, 'src/c.ts'), repo, { content: 'x'.repeat(3 * 1024 * 1024) }, 'PreToolUse', 'Write'), env);
    assert.equal(huge.code, 0);
    assert.match(JSON.parse(huge.stdout).hookSpecificOutput.additionalContext, /src\/c\.ts needs a test/);
  } finally {
    await close();
  }
});

test('each plugin runs the edit check, pinned to this version, after the read its host makes before an edit', () => {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  // Measured in the hosts (tests/hosts/host-loop.test.ts): both put a PostToolUse hook's text with
  // the read's result, before the model's next move; a PreToolUse hook's text on the edit arrives
  // with the edit's result, after it. Claude Code's Edit needs a Read first; Codex reads with its shell.
  const readers = { 'claude-code': 'Read', codex: 'Bash' } as const;
  for (const [host, matcher] of Object.entries(readers)) {
    const hooks = JSON.parse(readFileSync(join(ROOT, `plugins/${host}/hooks/hooks.json`), 'utf8')).hooks;
    assert.deepEqual(Object.keys(hooks), ['PostToolUse'], host);
    const [entry] = hooks.PostToolUse;
    assert.equal(entry.matcher, matcher, host);
    assert.equal(entry.hooks[0].command, `npx -y @metabob/mcp@${version} edit-check --host ${host}`, host);
  }
});

test('an unknown --host is a usage error, exit 2', async () => {
  const run = await editCheck('', {}, ['--host', 'vim']);
  assert.equal(run.code, 2);
});
