// The one-shot commands under a transient network failure (SPEC §Budgets and retries, §attach
// --check, §task pull, §finding close): the request is retried twice, then the command ends with
// its own "not attached" exit code and prints the cause. None of them may end while a retry pause
// is pending, which would exit 0 with nothing printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cleanEnv } from '../helpers/client.ts';
import { runCliJson } from '../helpers/cli-json-run.ts';
import { commitFiles, git, tempDir, tempRepo } from '../helpers/git.ts';
import { startFakeProxy, startHttpTarget, startRawPeer, type Listening } from '../helpers/net-fixtures.ts';

interface Fault {
  name: string;
  /** The cause token every command's output names. */
  cause: RegExp;
  start(): Promise<{ listening: Listening; env: Record<string, string> }>;
}

const FAULTS: Fault[] = [
  {
    name: 'a 503 from /bootstrap',
    cause: /anchor_unreachable: discovery http:\/\/127\.0\.0\.1:\d+ answered GET \/bootstrap with HTTP 503/,
    async start() {
      const listening = await startHttpTarget((_req, res) => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"error":"unavailable"}');
      });
      return { listening, env: { DISCOVERY_ENDPOINT: `http://127.0.0.1:${listening.port}` } };
    },
  },
  {
    name: 'a connection reset before any answer',
    cause: /connection_reset\(127\.0\.0\.1\)/,
    async start() {
      const listening = await startRawPeer((socket) => socket.once('data', () => socket.resetAndDestroy()));
      return { listening, env: { DISCOVERY_ENDPOINT: `http://127.0.0.1:${listening.port}` } };
    },
  },
  {
    name: "a proxy's 502 to CONNECT",
    cause: /anchor_unreachable\(substrate\.metabob\.test:8443\)/,
    async start() {
      const listening = await startFakeProxy('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      return { listening, env: { DISCOVERY_ENDPOINT: 'https://substrate.metabob.test:8443', HTTPS_PROXY: `http://127.0.0.1:${listening.port}` } };
    },
  },
];

/** Each one-shot command the attachment serves, with the exit code its section gives "not attached". */
function commands(scratch: string): Array<{ name: string; args: string[]; cwd: string; exit: number }> {
  const bare = tempDir('metabob-transient-origin-');
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  const work = tempRepo();
  commitFiles(work, { 'a.ts': 'export const a = 1;\n' }, 'fix\n\nFixes-Finding: agf_0123456789abcdef');
  return [
    { name: 'attach --check', args: ['attach', '--check'], cwd: scratch, exit: 1 },
    { name: 'doctor', args: ['doctor'], cwd: scratch, exit: 1 },
    {
      name: 'task pull',
      args: ['task', 'pull', '--origin', bare, '--task-dir', join(scratch, 'task'), '--work-dir', join(scratch, 'work')],
      cwd: scratch,
      exit: 2,
    },
    { name: 'finding close', args: ['finding', 'close', '--commits', 'HEAD', '--work-dir', work], cwd: work, exit: 2 },
    { name: 'call', args: ['call', 'concept_search', '{"query":"retry"}'], cwd: scratch, exit: 1 },
  ];
}

for (const fault of FAULTS) {
  test(`${fault.name}: every one-shot command retries, then exits with its code and prints the cause`, async () => {
    const { listening, env: faultEnv } = await fault.start();
    try {
      const scratch = tempDir('metabob-transient-');
      for (const command of commands(scratch)) {
        const before = listening.connections();
        const env = cleanEnv({ METABOB_API_KEY: 'mbk_transient_0123456789abcdef', METABOB_HOME: tempDir('metabob-transient-home-'), ...faultEnv });
        const out = await runCliJson(command.args, env, command.cwd);
        assert.equal(out.code, command.exit, `${command.name}: exit ${out.code}\nstdout: ${out.stdout}\nstderr: ${out.stderr}`);
        assert.match(out.stdout, fault.cause, `${command.name} prints the cause: ${out.stdout}`);
        // Three attempts of one request at least: the first and its two retries.
        assert.ok(listening.connections() - before >= 3, `${command.name}: ${listening.connections() - before} connection(s)`);
      }
    } finally {
      await listening.close();
    }
  });
}
