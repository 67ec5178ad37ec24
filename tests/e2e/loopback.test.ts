// The loopback HTTP server end to end (SPEC §Network): the built server's 127.0.0.1
// listener, found through its run file, with the capability probes of the tags it makes
// true (loopback_http, sse, metrics_prometheus).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { metaOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { capabilityProbe } from '../helpers/probe.ts';
import { ULID_PATTERN } from '../../core/process/ulid.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});
async function server(env: Record<string, string | undefined>): Promise<ServerUnderTest> {
  const s = await startServer(env);
  cleanups.push(() => s.close());
  return s;
}
async function emulator(options?: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const e = await startEmulator(options);
  cleanups.push(() => e.stop());
  return e;
}

/** Reads a server-sent event stream until `until` holds for the text so far. */
async function readEvents(s: ServerUnderTest, until: (text: string) => boolean, during?: () => Promise<void>): Promise<string> {
  const controller = new AbortController();
  const res = await fetch(`${s.url}/v1/events`, { signal: controller.signal, headers: { authorization: `Bearer ${s.token}` } });
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const read = (async () => {
    while (!until(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  })();
  await waitFor(() => text.includes('event: hello'), 5000, 'the hello event');
  await during?.();
  await Promise.race([read, new Promise((_, reject) => setTimeout(() => reject(new Error(`stream so far:\n${text}`)), 10_000))]);
  controller.abort();
  return text;
}

function otherAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

function refused(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

capabilityProbe('loopback_http', async () => {
  const s = await server({});
  const run = JSON.parse(readFileSync(s.runFile, 'utf8'));
  assert.deepEqual(Object.keys(run).sort(), ['pid', 'port', 'session_id', 'started_at', 'token', 'url', 'version']);
  assert.equal(run.url, `http://127.0.0.1:${run.port}`);
  assert.equal(s.runFile, join(s.home, 'run', `${run.pid}.json`));
  assert.equal(statSync(s.runFile).mode & 0o777, 0o600);
  const other = otherAddress();
  if (other) assert.equal(await refused(other, run.port), true, `the server answers on ${other}`);
  const health = await s.get('/health');
  assert.equal(health.status, 200);
  assert.equal(health.json.session_id, run.session_id);
  const result = await s.client.callTool({ name: 'get_metrics', arguments: {} });
  assert.ok(metaOf(result).capabilities.includes('loopback_http'));
  assert.ok(metaOf(result).capabilities.includes('sse'));
  assert.ok(metaOf(result).capabilities.includes('metrics_prometheus'));
  const caps = (await s.get('/v1/capabilities')).json;
  assert.ok(caps.capabilities.includes('loopback_http'));
  assert.equal(caps.tools.find((t: any) => t.name === 'registry_query').built, true);
  // Removed on clean shutdown (the client closes stdin).
  await s.close();
  await waitFor(() => !existsSync(s.runFile), 5000, 'the run file to go');
});

capabilityProbe('metrics_prometheus', async () => {
  const s = await server({});
  await s.client.callTool({ name: 'get_metrics', arguments: {} });
  await s.client.callTool({ name: 'get_metrics', arguments: {} });
  await s.client.callTool({ name: 'registry_query', arguments: { mode: 'shapes' } });
  const metrics = await s.get('/v1/metrics');
  assert.equal(metrics.status, 200);
  assert.equal(metrics.headers.get('content-type'), 'text/plain; version=0.0.4');
  const lines = metrics.text.split('\n');
  for (const expected of [
    '# TYPE metabob_tool_calls_total counter',
    'metabob_tool_calls_total{tool="get_metrics",outcome="ok"} 2',
    'metabob_tool_calls_total{tool="registry_query",outcome="not_attached"} 1',
    'metabob_tool_call_duration_seconds_count{tool="get_metrics"} 2',
    'metabob_tool_call_duration_seconds_bucket{tool="get_metrics",le="+Inf"} 2',
    'metabob_attached 0',
  ]) {
    assert.ok(lines.includes(expected), `missing: ${expected}\n${metrics.text}`);
  }
  assert.ok(lines.some((l) => /^metabob_tokens_used_total\{tool="get_metrics"\} [1-9]\d*$/.test(l)));
});

capabilityProbe('sse', async () => {
  const s = await server({ METABOB_SSE_KEEPALIVE_MS: '200' });
  const text = await readEvents(
    s,
    (t) => t.includes('event: tool_call') && t.includes(': keepalive'),
    async () => {
      await s.client.callTool({ name: 'get_metrics', arguments: {} });
    },
  );
  assert.match(text, /^: connected\n\nevent: hello\ndata: \{"session_id":"[^"]+","attached":false,"reason":"not_configured: /);
  const frame = /event: tool_call\ndata: (.*)\n\n/.exec(text)!;
  const event = JSON.parse(frame[1]);
  assert.deepEqual([event.tool, event.plane, event.outcome], ['get_metrics', 'stdio', 'ok']);
  assert.match(event.requestId, ULID_PATTERN);
});

test('/v1/events streams the attachment change when the attachment settles', async () => {
  const e = await emulator({ switches: { bootstrapDelayMs: 2500 } });
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
  const text = await readEvents(s, (t) => t.includes('event: attachment'));
  const change = JSON.parse(/event: attachment\ndata: (.*)\n\n/.exec(text)![1]);
  assert.deepEqual([change.attached, change.cause, change.message], [true, null, null]);
});

test('POST /v2/impulses/resolve: fails closed with no key, checks the key, echoes X-Request-ID', async () => {
  const open = await server({});
  const closed = await open.post('/v2/impulses/resolve', { pointer: { type: 'mcp:tool_call', tool: 'get_metrics' } }, { authorization: 'ApiKey anything' });
  assert.equal(closed.status, 401);
  assert.equal(closed.json.error.message, 'no API key is configured on this server (METABOB_API_KEY), so the resolver accepts no caller');
  assert.match(closed.headers.get('x-request-id')!, ULID_PATTERN);

  const key = 'mbk_local_test_key_0123456789';
  const s = await server({ METABOB_API_KEY: key });
  const body = { pointer: { type: 'mcp:tool_call', tool: 'get_metrics' } };
  assert.equal((await s.post('/v2/impulses/resolve', body)).status, 401);
  const wrong = await s.post('/v2/impulses/resolve', body, { authorization: 'ApiKey mbk_other' });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.json.error.message, "the API key does not match this server's METABOB_API_KEY");
  for (const authorization of [`ApiKey ${key}`, `Bearer ${key}`, key]) {
    const ok = await s.post('/v2/impulses/resolve', body, { authorization, 'x-request-id': 'req-42' });
    assert.equal(ok.status, 200, authorization);
    assert.equal(ok.headers.get('x-request-id'), 'req-42');
    assert.deepEqual([ok.json.loaded, ok.json.tool, ok.json.shape], [true, 'get_metrics', 'mcp:tool_call']);
  }
  const single = await s.post('/v2/impulses/resolve', body, { authorization: `ApiKey ${key}` });
  assert.equal(single.headers.get('x-request-id'), single.json._meta.request_id);
});

test('POST /v2/impulses/resolve: mapped shapes, per-impulse errors inside a 200, the METABOB_TOOLS allowlist', async () => {
  const key = 'mbk_local_test_key_abcdef';
  const callLog = join(tempDir('metabob-cl-'), 'calls.jsonl');
  const s = await server({ METABOB_API_KEY: key, METABOB_TOOLS: 'get_metrics,predict_cochanges', METABOB_CALL_LOG: callLog });
  const res = await s.post(
    '/v2/impulses/resolve',
    {
      impulses: [
        { id: 'metrics', pointer: { type: 'mcp:tool_call', tool: 'get_metrics', arguments: {} } },
        { id: 'blocked', pointer: { type: 'mcp:tool_call', tool: 'registry_query', input: { mode: 'shapes' } } },
        { id: 'both', pointer: { type: 'mcp:tool_call', tool: 'get_metrics', input: {}, arguments: {} } },
        { id: 'cochange', pointer: { type: 'code:cochange_prediction', changed_files: ['a.ts'], limit: 3, ignored: true } },
        { id: 'ask', pointer: { type: 'human_input', question_markdown: 'Which branch?' } },
        { id: 'odd', pointer: { type: 'code:unknown_thing' } },
        { id: 'none' },
      ],
    },
    { authorization: `ApiKey ${key}` },
  );
  assert.equal(res.status, 200);
  const byId = Object.fromEntries(res.json.results.map((r: any) => [r.id, r]));
  assert.deepEqual([byId.metrics.loaded, byId.metrics.tool], [true, 'get_metrics']);
  assert.deepEqual(byId.blocked, {
    id: 'blocked',
    shape: 'mcp:tool_call',
    loaded: false,
    error: 'tool_not_allowed(registry_query): METABOB_TOOLS allows only get_metrics, predict_cochanges',
  });
  assert.equal(byId.both.error, 'invalid_impulse: mcp:tool_call carries both input and arguments; send one of them');
  assert.equal(byId.cochange.tool, 'predict_cochanges');
  assert.equal(byId.cochange.shape, 'code:cochange_prediction');
  // human_input is queued for pull_assigned_work, not resolved inline (tests/e2e/agent-resolver.test.ts).
  assert.deepEqual([byId.ask.loaded, byId.ask.accepted, byId.ask.solicitation_id], [true, true, 'ask']);
  assert.match(byId.odd.error, /^unsupported_shape\(code:unknown_thing\): this resolver maps mcp:tool_call, code:cochange_prediction/);
  assert.equal(byId.none.error, 'invalid_impulse: each impulse needs a pointer object');
  // Both tool calls that ran are in the call log, via loopback, arguments by size only.
  const lines = readFileSync(callLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.map((l) => [l.tool, l.via]),
    [
      ['get_metrics', 'loopback'],
      ['predict_cochanges', 'loopback'],
    ],
  );
  assert.deepEqual(lines[1].args, { changed_files: 'array(1)', limit: 'number' });
  assert.ok(!readFileSync(callLog, 'utf8').includes(key));
});

test('/health before any attachment: network.proxy with credentials redacted, never the key', async () => {
  const s = await server({ METABOB_API_KEY: 'mbk_secret_value_1', HTTPS_PROXY: 'http://user:s3cret@proxy.invalid:3128', NO_PROXY: 'corp.example' });
  const health = await s.get('/health');
  assert.deepEqual(health.json.network, {
    proxy: { httpsProxy: 'http://***@proxy.invalid:3128', noProxy: ['corp.example', 'localhost', '127.0.0.1', '::1'] },
  });
  assert.equal(health.json.attached, false);
  assert.ok(!health.text.includes('s3cret'));
  assert.ok(!health.text.includes('mbk_secret_value_1'));
  const missing = await s.get('/nowhere');
  assert.equal(missing.status, 404);
  assert.equal(missing.json.error.code, 'not_found');
});

test('METABOB_LOOPBACK_PORT pins the port; a taken port falls back to an ephemeral one with a WARN', async () => {
  const { createServer } = await import('node:net');
  const holder = createServer();
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
  const taken = (holder.address() as { port: number }).port;
  cleanups.push(() => new Promise<void>((r) => holder.close(() => r())));
  const fallback = await server({ METABOB_LOOPBACK_PORT: String(taken) });
  assert.notEqual(JSON.parse(readFileSync(fallback.runFile, 'utf8')).port, taken);
  await waitFor(
    () => fallback.stderr.some((l) => l.includes(`WARNING loopback: port ${taken} on 127.0.0.1 is not available (EADDRINUSE); using an ephemeral port`)),
    5000,
    'the WARN',
  );
  // Free a port, then pin it.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const free = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
  const pinned = await server({ METABOB_LOOPBACK_PORT: String(free) });
  assert.equal(pinned.url, `http://127.0.0.1:${free}`);
  assert.equal((await pinned.get('/health')).status, 200);
});

test('a run file left by a server that is gone is removed when the next one starts', async () => {
  const { spawnSync } = await import('node:child_process');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const dead = spawnSync(process.execPath, ['-e', 'process.pid'], { encoding: 'utf8' }).pid!;
  const home = tempDir('metabob-mhome-');
  mkdirSync(join(home, 'run'));
  const stale = join(home, 'run', `${dead}.json`);
  writeFileSync(stale, JSON.stringify({ pid: dead, port: 1, url: 'http://127.0.0.1:1' }));
  const s = await startServerIn(home);
  // The stale file goes when the loopback server starts, which is when its own file appears.
  await waitForGone(stale);
  assert.equal(existsSync(stale), false);
  assert.equal(existsSync(s.runFile), true);
});

async function waitForGone(path: string): Promise<void> {
  for (let i = 0; i < 100 && existsSync(path); i++) await new Promise((r) => setTimeout(r, 50));
}

async function startServerIn(home: string): Promise<ServerUnderTest> {
  const { startServer: start } = await import('../substrate/server-fixture.ts');
  const s = await start({ METABOB_HOME: home });
  cleanups.push(() => s.close());
  return s;
}
