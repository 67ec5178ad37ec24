// The edit check the plugins install as a host hook (READING-NOTES §"The attached marker and
// the edit check"): the built CLI reads a real hook input on stdin and finds the marker a real
// server wrote for its workspace. It never blocks: every run exits 0.
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

const hookInput = (file: string, cwd: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Edit', cwd, tool_input: { file_path: file, ...extra } });

test('before an edit in a workspace a server covers, the hook output names get_problems for the file; after it stops, nothing', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' });
  const env = { METABOB_HOME: tempDir('metabob-store-') };
  const { client, close } = await startClient({ cwd: repo, env });
  try {
    await client.callTool({ name: 'init_workspace', arguments: { workspace_path: repo } });
    // The marker is written by the server's background services, started after the transport.
    const markers = join(env.METABOB_HOME, 'markers');
    for (let i = 0; i < 100 && !(existsSync(markers) && readdirSync(markers).length > 0); i++) await new Promise((r) => setTimeout(r, 50));
    const run = await editCheck(hookInput(join(repo, 'src/a.ts'), repo), env);
    assert.equal(run.code, 0);
    const out = JSON.parse(run.stdout);
    assert.equal(out.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.equal(out.decision, undefined, 'the edit check never blocks');
    assert.equal(out.hookSpecificOutput.permissionDecision, undefined, 'the edit check never decides the permission');
    assert.match(out.hookSpecificOutput.additionalContext, /call get_problems \{"file_path": "src\/a\.ts"\}/);

    // A relative path is taken from the host's cwd; a Write's content past the cap still finds the path.
    const relative = await editCheck(hookInput('src/a.ts', repo), env);
    assert.match(JSON.parse(relative.stdout).hookSpecificOutput.additionalContext, /src\/a\.ts/);
    const huge = await editCheck(hookInput(join(repo, 'src/a.ts'), repo, { content: 'x'.repeat(3 * 1024 * 1024) }), env);
    assert.equal(huge.code, 0);
    assert.match(JSON.parse(huge.stdout).hookSpecificOutput.additionalContext, /get_problems/);

    // Outside the workspace, malformed input, or no input: no answer, exit 0.
    const outside = await editCheck(hookInput(join(tempDir(), 'b.ts'), repo), env);
    assert.deepEqual(outside, { code: 0, stdout: '' });
    assert.deepEqual(await editCheck('{not json', env), { code: 0, stdout: '' });
    assert.deepEqual(await editCheck('', env), { code: 0, stdout: '' });
  } finally {
    await close();
  }
  const after = await editCheck(hookInput(join(repo, 'src/a.ts'), repo), env);
  assert.deepEqual(after, { code: 0, stdout: '' }, 'a clean shutdown removes the marker');
});

test('the Claude Code plugin runs the edit check, pinned to this version, on the tools that edit files', () => {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  const hooks = JSON.parse(readFileSync(join(ROOT, 'plugins/claude-code/hooks/hooks.json'), 'utf8')).hooks;
  const [entry] = hooks.PreToolUse;
  assert.deepEqual(entry.matcher.split('|').sort(), ['Edit', 'MultiEdit', 'NotebookEdit', 'Write']);
  assert.equal(entry.hooks[0].command, `npx -y @metabob/mcp@${version} edit-check --host claude-code`);
});

test('an unknown --host is a usage error, exit 2', async () => {
  const run = await editCheck('', {}, ['--host', 'vim']);
  assert.equal(run.code, 2);
});
