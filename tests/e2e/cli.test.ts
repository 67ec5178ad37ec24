// The CLI edge: exact --help text, --version, usage errors (exit 2), and `call`, which runs
// one tool headless through the same boundary as stdio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { capabilityProbe } from '../helpers/probe.ts';
import { usageText } from '../../core/cli/main.ts';
import { ULID_PATTERN } from '../../core/process/ulid.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';

const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

function run(args: string[], env: Record<string, string | undefined> = {}) {
  const out = spawnSync(process.execPath, [CLI, ...args], { cwd: tempDir(), env: cleanEnv(env), encoding: 'utf8', timeout: 30000 });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

test('--help prints the usage, naming every subcommand the spec names', () => {
  const { code, stdout } = run(['--help']);
  assert.equal(code, 0);
  assert.equal(stdout, usageText() + '\n');
  assert.match(stdout, new RegExp(`^metabob-mcp ${VERSION.replace(/\./g, '\\.')}: `));
  for (const sub of ['call <tool> [json-args] [--json]', 'doctor', 'attach --check', 'task pull', 'finding close', 'index [path]', 'configure']) {
    assert.ok(stdout.includes(`metabob-mcp ${sub}`), `--help names ${sub}`);
  }
});

test('--version prints the package version', () => {
  const { code, stdout } = run(['--version']);
  assert.equal(code, 0);
  assert.equal(stdout, `${VERSION}\n`);
});

test('an unknown subcommand prints usage to stderr and exits 2', () => {
  const { code, stdout, stderr } = run(['frobnicate']);
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.ok(stderr.startsWith('metabob-mcp: unknown subcommand "frobnicate"\n\n'));
  assert.ok(stderr.includes(usageText()));
});

capabilityProbe('headless_call', () => {
  const { code, stdout } = run(['call', 'get_metrics', '{}', '--json']);
  const result = JSON.parse(stdout);
  assert.match(result._meta.request_id, ULID_PATTERN);
  assert.equal(result._meta.complexity_tier, 'lite');
  assert.equal(code, result.isError ? 1 : 0);
  assert.ok(result._meta.capabilities.includes('headless_call'));
});

test('call prints the text only, and exits 1 when the result is an error', () => {
  const unknown = run(['call', 'no_such_tool']);
  assert.equal(unknown.code, 1);
  assert.equal(unknown.stdout, `unknown_tool: "no_such_tool" is not a tool of this server; tools/list names its ${TOOL_REGISTRY.length} tools\n`);
  // The headless plane answers a name no tool has as a result; its _meta carries complexity_tier like every answer (META-ENVELOPE).
  const unknownJson = JSON.parse(run(['call', 'no_such_tool', '{}', '--json']).stdout);
  assert.equal(unknownJson._meta.complexity_tier, 'lite');
  assert.equal(unknownJson._meta.diagnosis_v2[0].code, 'unknown_tool');

  const invalid = run(['call', 'search_codebase', '{"query": 3}']);
  assert.equal(invalid.code, 1);
  assert.equal(invalid.stdout, 'invalid_arguments: search_codebase: query: Expected string, received number\n');
});

test('a headless call of a graph tool answers in its one process: it indexes first, never asking for an init_workspace it cannot follow', () => {
  const workspace = tempDir();
  writeFileSync(join(workspace, 'a.py'), 'def helper():\n    return 1\n\ndef main():\n    return helper()\n');
  const env = cleanEnv({});
  const search = spawnSync(process.execPath, [CLI, 'call', 'search_codebase', '{"query":"helper"}', '--json'], {
    cwd: workspace,
    env,
    encoding: 'utf8',
    timeout: 60000,
  });
  assert.equal(search.status, 0, search.stdout + search.stderr);
  const result = JSON.parse(search.stdout);
  const text = result.content[0].text;
  assert.match(text, /^Components matching "helper" \(1\):\n {2}function {2}helper {2}a\.py:1-2/);
  assert.doesNotMatch(text, /init_workspace/);
  assert.notEqual(result._meta.empty_reason, 'no_workspace_indexed');
  assert.match(search.stderr, /search_codebase needs the code graph, so this headless call ran init_workspace first: Indexed .+: 1 files parsed/);
  // A second call is a new process: it indexes again (from the warm-start cache) and answers too.
  const impact = spawnSync(process.execPath, [CLI, 'call', 'analyze_impact', '{"changed_files":["a.py"]}'], {
    cwd: workspace,
    env,
    encoding: 'utf8',
    timeout: 60000,
  });
  assert.equal(impact.status, 0, impact.stdout + impact.stderr);
  assert.doesNotMatch(impact.stdout, /no_workspace_indexed|then retry/);
});

test('call with bad input is one line naming the fix, exit 2', () => {
  const badJson = run(['call', 'get_metrics', '{not json']);
  assert.equal(badJson.code, 2);
  assert.match(badJson.stderr, /^metabob-mcp call: json-args is not valid JSON \(.+\); pass one object such as '\{"query":"auth"\}'\n$/);
  const noTool = run(['call']);
  assert.equal(noTool.code, 2);
  assert.equal(noTool.stderr, 'metabob-mcp call: call needs a tool name: metabob-mcp call <tool> [json-args]\n');
  const notObject = run(['call', 'get_metrics', '[1,2]']);
  assert.equal(notObject.code, 1);
  assert.equal(notObject.stdout, 'invalid_arguments: get_metrics: arguments must be a JSON object\n');
});

test("a reader that went away before the answer (`| true`) ends the writing quietly: no EPIPE crash, the exit code is the command's", () => {
  const workspace = tempDir();
  writeFileSync(join(workspace, 'a.py'), 'def f():\n    return 1\n');
  for (const args of [['index', workspace, '--json'], ['call', 'get_metrics', '{}'], ['--help']]) {
    const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    // `true` exits at once, so by the time the command writes, nobody reads the pipe.
    const out = spawnSync('bash', ['-c', `${quoted} | true; echo "exit \${PIPESTATUS[0]}" >&2`], {
      cwd: workspace,
      env: cleanEnv({}),
      encoding: 'utf8',
      timeout: 60000,
    });
    assert.doesNotMatch(out.stderr, /EPIPE|Unhandled 'error'/, `${args[0]}: ${out.stderr}`);
    assert.match(out.stderr, /exit 0\n$/, `${args[0]}: ${out.stderr}`);
  }
});
