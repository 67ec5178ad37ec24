// SPEC §Proxy `redact-credentials`, applied to every URL shown: an endpoint given with user info
// (DISCOVERY_ENDPOINT, METABOB_ENDPOINT, IDENTITY_ENDPOINT, a proxy, the OTLP endpoint, a task's
// git origin) still attaches as before, and its password shows nowhere: doctor and attach --check
// (text and --json, attached and failing), the server's stderr, GET /health, /v1/events, a tool's
// text and `_meta`, the OTLP spans, and task pull's echo of --origin.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tempHome } from '../helpers/client.ts';
import { git, tempDir, tempRepo, commitFiles } from '../helpers/git.ts';
import { OtlpReceiver } from '../helpers/otlp-receiver.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';
import { runCli, type CliRun } from './attach-check-helpers.ts';

const SECRET = 's3cretpw';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

let shared: Emulator | undefined;
async function emulator(): Promise<Emulator> {
  if (!shared) {
    shared = await startEmulator();
    const started = shared;
    cleanups.push(() => started.stop());
  }
  return shared;
}

/** `http://127.0.0.1:8100` -> `http://user:s3cretpw@127.0.0.1:8100`. */
const withUserInfo = (url: string, user = 'user') => url.replace('://', `://${user}:${SECRET}@`);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function assertNoSecret(where: string, text: string): void {
  assert.ok(
    !text.includes(SECRET),
    `${where} shows the password:\n${text
      .split('\n')
      .filter((l) => l.includes(SECRET))
      .join('\n')}`,
  );
}

function assertRunHidesSecret(name: string, run: CliRun): void {
  assertNoSecret(`${name} stdout`, run.stdout);
  assertNoSecret(`${name} stderr`, run.stderr);
}

test('doctor and attach --check attach through endpoints with user info and show them redacted', async () => {
  const e = await emulator();
  const home = tempHome();
  const cwd = tempDir('metabob-cwd-');
  const env = {
    HOME: home,
    METABOB_API_KEY: e.key,
    DISCOVERY_ENDPOINT: withUserInfo(e.discoveryUrl),
    METABOB_ENDPOINT: withUserInfo('http://127.0.0.1:18080'),
    // A loopback target never takes the proxy; its URL is still shown, redacted.
    HTTPS_PROXY: withUserInfo('http://127.0.0.1:3128', 'proxyuser'),
    METABOB_LOG_LEVEL: 'debug',
  };
  const shown = withUserInfo(e.discoveryUrl).replace(`user:${SECRET}@`, '***@');

  const check = await runCli(['attach', '--check'], { env, cwd, home });
  assert.equal(check.code, 0, check.stdout + check.stderr);
  assertRunHidesSecret('attach --check', check);
  assert.match(check.stdout, new RegExp(`anchor ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(explicit\\)`));

  const checkJson = await runCli(['attach', '--check', '--json'], { env, cwd, home });
  assert.equal(checkJson.code, 0, checkJson.stderr);
  assertRunHidesSecret('attach --check --json', checkJson);
  const report = JSON.parse(checkJson.stdout);
  assert.equal(report.checks.find((c: any) => c.id === 'result').data.attachment.anchor.discovery, shown);

  const doctor = await runCli(['doctor'], { env, cwd, home });
  assertRunHidesSecret('doctor', doctor);
  assert.match(doctor.stdout, /through http:\/\/\*\*\*@127\.0\.0\.1:/);
  const doctorJson = await runCli(['doctor', '--json'], { env, cwd, home });
  assertRunHidesSecret('doctor --json', doctorJson);
  assert.equal(JSON.parse(doctorJson.stdout).headline, `attached: org org_emulated through ${shown}; vesselRegistry resolved; every check passed`);
});

test('failing attachments name the endpoint without its user info', async () => {
  const e = await emulator();
  const closed = await closedPort();
  const variants: Record<string, Record<string, string>> = {
    'discovery refuses connections': { DISCOVERY_ENDPOINT: withUserInfo(`http://127.0.0.1:${closed}`) },
    'discovery does not parse': { DISCOVERY_ENDPOINT: `http://user:${SECRET}@127.0.0.1:notaport` },
    'a password with a slash': { DISCOVERY_ENDPOINT: `http://user:pa/${SECRET}@127.0.0.1:${closed}` },
    'an explicit identity that does not answer': {
      DISCOVERY_ENDPOINT: withUserInfo(e.discoveryUrl),
      IDENTITY_ENDPOINT: withUserInfo(`http://127.0.0.1:${closed}`),
    },
    'an endpoint that derives no discovery': { METABOB_ENDPOINT: withUserInfo(`https://127.0.0.1:${closed}`) },
  };
  for (const [name, vars] of Object.entries(variants)) {
    const home = tempHome();
    const env = { HOME: home, METABOB_API_KEY: e.key, METABOB_LOG_LEVEL: 'debug', ...vars };
    for (const args of [['attach', '--check'], ['attach', '--check', '--json'], ['doctor'], ['doctor', '--json']]) {
      const run = await runCli(args, { env, cwd: tempDir('metabob-cwd-'), home });
      assert.equal(run.code, 1, `${name}: ${args.join(' ')} fails\n${run.stdout}`);
      assertRunHidesSecret(`${name}: ${args.join(' ')}`, run);
    }
  }
});

async function attachedServer(env: Record<string, string>): Promise<ServerUnderTest> {
  const server = await startServer({ METABOB_LOG_LEVEL: 'debug', ...env });
  cleanups.push(() => server.close());
  return server;
}

test('a server attached through user info: stderr, /health, get_analysis_context and the OTLP spans never hold the password', async () => {
  const e = await emulator();
  const receiver = new OtlpReceiver();
  await receiver.start();
  cleanups.push(() => receiver.stop());
  const server = await attachedServer({
    METABOB_API_KEY: e.key,
    DISCOVERY_ENDPOINT: withUserInfo(e.discoveryUrl),
    METABOB_ENDPOINT: withUserInfo('http://127.0.0.1:18080'),
    OTEL_EXPORTER_OTLP_ENDPOINT: withUserInfo(receiver.url, 'otel'),
    OTEL_BSP_SCHEDULE_DELAY: '50',
  });
  const health = await server.waitForHealth((h) => h.attached === true);
  assertNoSecret('/health', JSON.stringify(health));
  assert.equal(health.attachment.anchor.discovery, withUserInfo(e.discoveryUrl).replace(`user:${SECRET}@`, '***@'));

  const context = await server.call('get_analysis_context');
  assert.match(context.text, /^Attachment: attached to http:\/\/\*\*\*@127\.0\.0\.1:\d+ /);
  assertNoSecret('get_analysis_context text', context.text);
  assertNoSecret('get_analysis_context _meta', JSON.stringify(context.meta));

  await waitFor(() => receiver.spans.some((span) => span.attributes.request_id === context.meta.request_id), 10_000, 'the span of the call');
  assertNoSecret('the OTLP exports', receiver.bodies.join('\n'));
  await waitFor(() => server.stderr.some((line) => /attached to http:\/\/\*\*\*@127\.0\.0\.1:\d+/.test(line)), 5_000, 'the attach log line');
  assertNoSecret('stderr', server.stderr.join('\n'));
});

test('a server that cannot attach names the endpoint redacted in /health, /v1/events, refusals and its log', async () => {
  const e = await emulator();
  const closed = await closedPort();
  const server = await attachedServer({
    METABOB_API_KEY: e.key,
    DISCOVERY_ENDPOINT: withUserInfo(`http://127.0.0.1:${closed}`),
    IDENTITY_ENDPOINT: withUserInfo(`http://127.0.0.1:${closed}`),
  });
  const health = await server.waitForHealth((h) => h.attached === false && typeof h.reason === 'string' && h.reason !== 'attaching');
  assert.match(health.reason, /^anchor_unreachable: discovery http:\/\/\*\*\*@127\.0\.0\.1:\d+ did not answer/);
  assertNoSecret('/health', JSON.stringify(health));

  const controller = new AbortController();
  const events = await fetch(`${server.url}/v1/events`, { signal: controller.signal, headers: { authorization: `Bearer ${server.token}` } });
  const reader = events.body!.getReader();
  const decoder = new TextDecoder();
  let hello = '';
  while (!/event: hello\n[^]*?\n\n/.test(hello)) {
    const { value, done } = await reader.read();
    if (done) break;
    hello += decoder.decode(value, { stream: true });
  }
  controller.abort();
  assert.match(hello, /"reason":"anchor_unreachable: discovery http:\/\/\*\*\*@/);
  assertNoSecret('/v1/events', hello);

  const context = await server.call('get_analysis_context');
  assert.match(context.text, /^Attachment: not attached: anchor_unreachable: discovery http:\/\/\*\*\*@/);
  assertNoSecret('get_analysis_context text', context.text);
  assertNoSecret('get_analysis_context _meta', JSON.stringify(context.meta));
  const refused = await server.call('concept_search', { query: 'anything' });
  assert.equal(refused.isError, true, refused.text);
  assertNoSecret('a substrate tool refusal', refused.text + JSON.stringify(refused.meta));
  assertNoSecret('stderr', server.stderr.join('\n'));
});

test("task pull's echo of a credentialed --origin hides the password", async () => {
  const e = await emulator();
  const closed = await closedPort();
  const origin = withUserInfo(`http://127.0.0.1:${closed}/team/repo.git`);
  // A task recorded in a checkout of that origin, so the pull finds it, claims it, and fails at the clone.
  const checkout = tempRepo();
  commitFiles(checkout, { 'src/a.ts': 'export const a = 1;\n' }, 'initial');
  git(checkout, 'remote', 'add', 'origin', origin);
  const recorder = await startServer({ METABOB_API_KEY: e.key, DISCOVERY_ENDPOINT: e.discoveryUrl, VESSEL_ID: 'recorder' }, { cwd: checkout });
  try {
    await recorder.waitForHealth((h) => h.attached === true);
    const recorded = await recorder.call('record_finding', {
      files: ['src/a.ts'],
      summary: 'Make a two',
      details: 'a should be 2.',
      severity: 'HIGH',
      category: 'task',
    });
    assert.equal(recorded.isError, false, recorded.text);
  } finally {
    await recorder.close();
  }
  const scratch = tempDir('metabob-cells-');
  const env = { METABOB_API_KEY: e.key, DISCOVERY_ENDPOINT: e.discoveryUrl, VESSEL_ID: 'cell-a', METABOB_HOME: tempDir('metabob-cell-home-') };
  for (const [i, json] of [false, true].entries()) {
    const args = ['task', 'pull', '--origin', origin, '--task-dir', join(scratch, `t${i}`), '--work-dir', join(scratch, `w${i}`)];
    const pull = await runCli(json ? [...args, '--json'] : args, { env, cwd: scratch });
    assert.equal(pull.code, 1, pull.stdout + pull.stderr);
    assert.match(pull.stdout, /clone_failed: git clone of http:\/\/\*\*\*@127\.0\.0\.1:\d+\/team\/repo\.git into /);
    assertRunHidesSecret(`task pull${json ? ' --json' : ''}`, pull);
  }
});
