// The attachment end to end (SPEC §Attachment): the built server over stdio against the
// substrate emulator on 127.0.0.1, observed through /health (the loopback server, found by
// its run file), the gate's refusals of a substrate tool (registry_query) and a local tool
// that keeps working.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textOf } from '../helpers/client.ts';
import { startEmulator, type Emulator, type EmulatorOptions } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';

const TAIL = 'substrate tools are unavailable; local tools still work';
const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function emulator(options?: EmulatorOptions): Promise<Emulator> {
  const e = await startEmulator(options);
  cleanups.push(() => e.stop());
  return e;
}
async function server(env: Record<string, string | undefined>): Promise<ServerUnderTest> {
  const s = await startServer(env);
  cleanups.push(() => s.close());
  return s;
}

async function registryShapes(s: ServerUnderTest) {
  const result = await s.client.callTool({ name: 'registry_query', arguments: { mode: 'shapes', shape: 'goal' } });
  return { text: textOf(result), isError: Boolean(result.isError), meta: (result as any)._meta };
}

async function localToolWorks(s: ServerUnderTest): Promise<void> {
  const result = await s.client.callTool({ name: 'get_metrics', arguments: {} });
  assert.equal(result.isError, undefined, textOf(result));
}

test('attached: /health reports the state, registry_query resolves, and no secret reaches a log, the call log or /health', async () => {
  const e = await emulator();
  const callLog = join((await import('../helpers/git.ts')).tempDir('metabob-calllog-'), 'calls.jsonl');
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_LOG_LEVEL: 'debug', METABOB_CALL_LOG: callLog });
  const health = await s.waitForHealth((h) => h.attached === true);
  assert.equal(health.reason, undefined);
  assert.deepEqual(health.attachment.anchor, { source: 'explicit', discovery: e.discoveryUrl });
  assert.deepEqual(health.attachment.bootstrap, { status: 'ok', identityEndpoint: e.identityUrl });
  assert.deepEqual(health.attachment.identity, { endpoint: e.identityUrl, source: 'bootstrap', advertised: e.identityUrl, tried: [e.identityUrl] });
  assert.deepEqual(health.attachment.auth, {
    status: 'authenticated',
    orgId: 'org_emulated',
    keyId: 'key_1',
    accountId: 'accounts:emulated',
    scopes: ['read', 'write'],
  });
  assert.equal(health.attachment.cause, null);
  assert.equal(health.attachment.advertised, 'none');
  assert.deepEqual(health.network, { proxy: { noProxy: [] } });

  const shapes = await registryShapes(s);
  assert.equal(shapes.isError, false);
  assert.equal(
    shapes.text,
    '3 shapes matching "goal":\n- goalDispatchAsync\n- goalWalkState\n- goal_verification_label_write\n\n' +
      'This is the anchor node\'s vocabulary: discovery answers vesselRegistry itself, while resolves also reach peer nodes; ask for a peer-served shape by name with mode "vessels".',
  );
  // The loopback resolver, authenticated with the same key, through the same boundary.
  const viaLoopback = await s.post(
    '/v2/impulses/resolve',
    { pointer: { type: 'mcp:tool_call', tool: 'registry_query', input: { mode: 'vessels', shape: 'conceptSearch' } } },
    { authorization: `ApiKey ${e.key}` },
  );
  assert.equal(viaLoopback.status, 200);
  assert.equal(viaLoopback.json.loaded, true);
  assert.match(
    viaLoopback.json.content,
    /^1 vessel serves conceptSearch:\n- concept-db-emulated: http:\/\/127\.0\.0\.1:\d+ protocol http, resolve \/v2\/impulses\/resolve$/,
  );

  const healthText = (await s.get('/health')).text;
  const logged = readFileSync(callLog, 'utf8');
  assert.equal(logged.trim().split('\n').length, 2);
  await waitFor(() => s.stderr.some((l) => l.includes('registry_query ok')), 5000, 'the debug call line');
  for (const [where, text] of [
    ['stderr', s.stderr.join('\n')],
    ['call log', logged],
    ['/health', healthText],
  ] as const) {
    assert.ok(!text.includes(e.key), `the key appears in ${where}`);
  }
});

test('not_configured: no key; the gate refuses with the configuration line, local tools work', async () => {
  const e = await emulator();
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl });
  const health = await s.waitForHealth((h) => h.attachment.auth.status !== 'pending');
  assert.equal(health.attached, false);
  assert.equal(health.attachment.cause, 'not_configured');
  assert.equal(
    health.reason,
    'not_configured: missing the API key (METABOB_API_KEY or metabob.apiKey); substrate tools are unavailable; local tools still work (metabob-mcp configure sets them up)',
  );
  const refused = await registryShapes(s);
  assert.equal(refused.isError, true);
  assert.equal(refused.text, health.reason);
  assert.equal(refused.meta.empty_reason, 'not_attached');
  await localToolWorks(s);
});

test('key_rejected: the exact cause line on stdio and on the loopback plane; local tools work', async () => {
  const e = await emulator();
  const wrongKey = 'mbk_not_issued_by_this_identity';
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: wrongKey });
  const line = `key_rejected: the substrate's identity (${e.identityUrl}) rejected the API key (HTTP 401); ${TAIL}`;
  const health = await s.waitForHealth((h) => h.attachment.cause === 'key_rejected');
  assert.equal(health.reason, line);
  assert.deepEqual(health.attachment.auth, { status: 'key_rejected', detail: 'HTTP 401' });
  const refused = await registryShapes(s);
  assert.deepEqual([refused.isError, refused.text], [true, line]);
  const viaLoopback = await s.post(
    '/v2/impulses/resolve',
    { impulses: [{ id: 'x', pointer: { type: 'mcp:tool_call', tool: 'registry_query', input: { mode: 'shapes' } } }] },
    { authorization: `ApiKey ${wrongKey}` },
  );
  assert.equal(viaLoopback.status, 200);
  assert.deepEqual([viaLoopback.json.results[0].loaded, viaLoopback.json.results[0].error], [false, line]);
  await localToolWorks(s);
  await waitFor(() => s.stderr.some((l) => l.includes(`WARNING attachment refused: ${line} (CONFORMANCE §c3-identity)`)), 5000, 'the WARN');
  assert.ok(!s.stderr.join('\n').includes(wrongKey));
});

test('a key revoked mid-run turns the attachment to key_rejected on the heartbeat', async () => {
  const e = await emulator();
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_HEARTBEAT_MS: '300' });
  await s.waitForHealth((h) => h.attached === true);
  assert.equal((await registryShapes(s)).isError, false);
  const checksBefore = e.identity.log.length;
  e.revokeKey(e.key);
  const health = await s.waitForHealth((h) => h.attachment.cause === 'key_rejected', 10_000);
  assert.ok(e.identity.log.length > checksBefore);
  const line = `key_rejected: the substrate's identity (${e.identityUrl}) rejected the API key (HTTP 401); ${TAIL}`;
  assert.equal(health.reason, line);
  assert.equal(health.attachment.auth.status, 'key_rejected');
  const refused = await registryShapes(s);
  assert.deepEqual([refused.isError, refused.text], [true, line]);
});

test('identity_unreachable with the rehost-h1 path: attached through the rehost with a WARN, then unreachable when identity goes', async () => {
  const e = await emulator({ rehostH1: true });
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
  const health = await s.waitForHealth((h) => h.attachment.auth.status !== 'pending');
  assert.equal(health.attached, true, health.reason);
  assert.deepEqual(health.attachment.identity, {
    endpoint: e.identityUrl,
    source: 'rehosted-h1',
    advertised: 'http://127.0.0.1:8101',
    tried: ['http://127.0.0.1:8101', e.identityUrl],
  });
  await waitFor(
    () =>
      s.stderr.some((l) =>
        l.includes(`WARNING identity rehosted (H1 interim debt): discovery advertises http://127.0.0.1:8101, which does not answer; using ${e.identityUrl}`),
      ),
    5000,
    'the rehost WARN',
  );

  await e.setUp('identity', false);
  const s2 = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_REATTACH_SCALE: '1000' });
  const gone = await s2.waitForHealth((h) => h.attachment.auth.status !== 'pending');
  const port = new URL(e.identityUrl).port;
  const line =
    `identity_unreachable(advertised=http://127.0.0.1:8101, tried=[http://127.0.0.1:8101, ${e.identityUrl}]): ` +
    `neither the advertised identity nor its H1 rehost answered (connect_refused(127.0.0.1:${port}): nothing accepts connections there); ${TAIL}`;
  assert.equal(gone.reason, line);
  assert.equal(gone.attachment.network.cause, 'connect_refused');
  const refused = await registryShapes(s2);
  assert.deepEqual([refused.isError, refused.text], [true, line]);
  await localToolWorks(s2);
  await waitFor(() => s2.stderr.some((l) => l.includes(`WARNING attachment refused: ${line} (CONFORMANCE §c9-fail-visibly)`)), 5000, 'the WARN');
});

test('blocked_by_portal: an HTML /bootstrap is named, not followed', async () => {
  const e = await emulator({ switches: { bootstrap: 'html' } });
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_REATTACH_SCALE: '1000' });
  const health = await s.waitForHealth((h) => h.attachment.auth.status !== 'pending' || h.attachment.cause !== null);
  const line =
    `blocked_by_portal: discovery ${e.discoveryUrl} answered GET /bootstrap with an HTML page (HTTP 200), not the substrate's JSON: ` +
    `a captive portal or block page; sign in or check the network; ${TAIL}`;
  assert.equal(health.reason, line);
  assert.equal(health.attachment.bootstrap.status, 'not_substrate');
  const refused = await registryShapes(s);
  assert.deepEqual([refused.isError, refused.text], [true, line]);
});

test('a substrate that comes up after the server starts is attached by the backoff', async () => {
  const e = await emulator({ discoveryDown: true });
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_REATTACH_SCALE: '0.02' });
  const down = await s.waitForHealth((h) => h.attachment.cause === 'anchor_unreachable');
  assert.match(down.reason, new RegExp(`^anchor_unreachable: discovery ${e.discoveryUrl} did not answer GET /bootstrap — connect_refused\\(`));
  await e.setUp('discovery', true);
  // No tool call: only the background schedule (100 ms, 300 ms, 600 ms, 1.2 s, ... at this scale) can attach it.
  const health = await s.waitForHealth((h) => h.attached === true, 15_000);
  assert.equal(health.attachment.auth.status, 'authenticated');
  await waitFor(() => s.stderr.some((l) => /INFO Attached on attempt \d+, after: anchor_unreachable: discovery/.test(l)), 5000, 'the recovery line');
});

test('a substrate that comes up after the server starts is attached by the first tool call after it comes up', async () => {
  const e = await emulator({ discoveryDown: true });
  // The background schedule is pushed out to 5000 s, so only the call can attach.
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_REATTACH_SCALE: '1000', METABOB_CALL_RETRY_MS: '0' });
  await s.waitForHealth((h) => h.attachment.cause === 'anchor_unreachable');
  const refused = await registryShapes(s);
  assert.equal(refused.isError, true);
  assert.match(refused.text, /^anchor_unreachable: /);
  await e.setUp('discovery', true);
  const first = await registryShapes(s);
  assert.equal(first.isError, false, first.text);
  assert.match(first.text, /^3 shapes matching "goal":/);
  assert.equal((await s.get('/health')).json.attached, true);
});

test('the gate waits for a pending attachment instead of refusing with "attaching"', async () => {
  const e = await emulator({ switches: { bootstrapDelayMs: 3000 } });
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
  const pending = (await s.get('/health')).json;
  assert.equal(pending.attached, false);
  assert.equal(pending.reason, 'attaching');
  assert.equal(pending.attachment.auth.status, 'pending');
  // /bootstrap has not answered yet, so /health says so rather than "ok".
  assert.deepEqual(pending.attachment.bootstrap, { status: 'pending' });
  const result = await registryShapes(s);
  assert.equal(result.isError, false, result.text);
  assert.equal((await s.get('/health')).json.attachment.bootstrap.status, 'ok');
});

test('the headless call plane is gated the same way', async () => {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { CLI, cleanEnv } = await import('../helpers/client.ts');
  const e = await emulator();
  const run = (key: string) =>
    promisify(execFile)(process.execPath, [CLI, 'call', 'registry_query', '{"mode":"vessels","shape":"goalWalkState"}'], {
      env: cleanEnv({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: key }),
      encoding: 'utf8',
      timeout: 20_000,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (err) => ({ code: err.code as number, stdout: err.stdout as string }),
    );
  const ok = await run(e.key);
  assert.equal(ok.code, 0);
  assert.match(ok.stdout, /^1 vessel serves goalWalkState:\n- goal-host-emulated: http:\/\/127\.0\.0\.1:\d+ protocol http, resolve \/resolve\n$/);
  const rejected = await run('mbk_wrong');
  assert.deepEqual(rejected, { code: 1, stdout: `key_rejected: the substrate's identity (${e.identityUrl}) rejected the API key (HTTP 401); ${TAIL}\n` });
});
