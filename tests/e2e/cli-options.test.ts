// Each subcommand's options, as the built bin reads them: the usage lines the top-level --help
// prints from the declarations, a command's own --help, and the one line (exit 2) for an
// unknown flag or a missing value, which names what the command takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { CLI, cleanEnv } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

function run(args: string[]) {
  const out = spawnSync(process.execPath, [CLI, ...args], { cwd: tempDir(), env: cleanEnv(), encoding: 'utf8', timeout: 30000 });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

test('the top-level --help lists each command with the synopsis its option declaration gives', () => {
  const { code, stdout } = run(['--help']);
  assert.equal(code, 0);
  const usage = stdout.split('\n').filter((l) => l.startsWith('  metabob-mcp '));
  assert.deepEqual(usage, [
    '  metabob-mcp [serve] [--api-key KEY] [--endpoint URL]',
    '  metabob-mcp call <tool> [json-args] [--json]',
    '  metabob-mcp index [path] [--json] [--graph out.jsonl]',
    '  metabob-mcp doctor [--json] [--attach]',
    '  metabob-mcp attach --check [--json]',
    '  metabob-mcp configure [--endpoint URL | --discovery-endpoint URL] [--api-key KEY] [--yes] | --trust-project',
    '  metabob-mcp edit-check [--host claude-code|codex]',
    '  metabob-mcp task pull --origin URL [--task-dir DIR] [--work-dir DIR] [--minutes N] [--trust IDS] [--json]',
    '  metabob-mcp finding close [--commits-from FILE | --commits RANGE] [--target BRANCH] [--work-dir DIR] [--task FILE] [--json]',
    '  metabob-mcp --help | --version',
  ]);
});

test("a command's own --help: its usage line, summary and every option, the configuration flags included", () => {
  const { code, stdout, stderr } = run(['doctor', '--help']);
  assert.equal(code, 0, stderr);
  assert.equal(
    stdout,
    [
      'Usage: metabob-mcp doctor [--json] [--attach]',
      '',
      'check the runtime, configuration, attachment, network, store, parser and workspace',
      '',
      'Options:',
      '  --json          print the report as one JSON object (docs/doctor.md)',
      '  --attach        run attach --check instead: the attachment hops only',
      '  --api-key KEY   the API key, as if METABOB_API_KEY were set to it',
      '  --endpoint URL  the substrate endpoint, as if METABOB_ENDPOINT were set to it',
      '  -h, --help      show this help',
      '',
    ].join('\n'),
  );
  const attach = run(['attach', '-h']);
  assert.equal(attach.code, 0, 'help needs no --check');
  assert.ok(attach.stdout.startsWith('Usage: metabob-mcp attach --check [--json]\n'));
  const serve = run(['serve', '--help']);
  assert.equal(serve.code, 0);
  assert.ok(serve.stdout.startsWith('Usage: metabob-mcp [serve] [--api-key KEY] [--endpoint URL]\n'));
});

test('an unknown flag is one line naming what the command takes, exit 2, for every built command', () => {
  const expected: Record<string, string> = {
    call: 'call takes <tool> [json-args] [--json]',
    index: 'index takes [path] [--json] [--graph out.jsonl]',
    doctor: 'doctor takes [--json] [--attach] [--api-key KEY] [--endpoint URL]',
    attach: 'attach takes --check [--json] [--api-key KEY] [--endpoint URL]',
    configure: 'configure takes [--endpoint URL | --discovery-endpoint URL] [--api-key KEY] [--yes] | --trust-project',
  };
  for (const [command, takes] of Object.entries(expected)) {
    const out = run([command, '--frob']);
    assert.equal(out.code, 2, command);
    assert.equal(out.stdout, '');
    assert.equal(out.stderr, `metabob-mcp ${command}: unknown flag --frob; ${takes}\n`);
  }
});

test('a missing or ambiguous value, a value given to a switch, a flag beside one taken alone, and a stray argument are each one line, exit 2', () => {
  const cases: Array<[string[], string]> = [
    [['index', '--graph'], 'metabob-mcp index: --graph needs a value: --graph out.jsonl\n'],
    [['doctor', '--json=yes'], 'metabob-mcp doctor: --json takes no value; pass --json alone\n'],
    [
      ['configure', '--api-key', '--yes'],
      'metabob-mcp configure: --api-key needs a value, and the next argument starts with "-": --api-key KEY, or --api-key=VALUE for a value that starts with "-"\n',
    ],
    [['configure', '--trust-project', '--yes'], 'metabob-mcp configure: --trust-project takes no value and no other flag; got --yes\n'],
    [['doctor', 'now'], 'metabob-mcp doctor: doctor takes no arguments; got "now"\n'],
    [['attach', '--check', 'now'], 'metabob-mcp attach: attach takes no arguments; got "now"\n'],
  ];
  for (const [args, line] of cases) {
    const out = run(args);
    assert.equal(out.code, 2, args.join(' '));
    assert.equal(out.stderr, line);
  }
});
