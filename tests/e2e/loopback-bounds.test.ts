// The loopback server bounds its callers (core/loopback/bounds.ts, docs/input-caps.md "The
// loopback server"): the built server, real sockets on 127.0.0.1. Half-sent requests fill its
// connection cap, a complete request past the cap is answered 503 loopback_busy, connections
// past the refusing band are closed as they are accepted, each held connection is answered 408
// at its deadline, and the stdio server answers throughout. The resolver refuses a request over
// its impulse cap before running any of them. The deadlines are the shipped ones: the flood
// test waits for the 15 s whole-request deadline of its slow body, and stops by itself.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOOPBACK_BOUNDS } from '../../core/loopback/bounds.ts';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

const KEY = 'mbk_loopback_bounds_test_key_0123456789';
const CAP = LOOPBACK_BOUNDS.connections;
const HARD = LOOPBACK_BOUNDS.connections + LOOPBACK_BOUNDS.refusing;
const MAX_IMPULSES_PER_REQUEST = LOOPBACK_BOUNDS.impulsesPerRequest;

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn();
});
async function server(env: Record<string, string> = {}): Promise<{ s: ServerUnderTest; port: number; pid: number }> {
  // The flood test asks the stdio server whether it still answers with ping, a 2025-era request.
  const s = await startServer({ METABOB_API_KEY: KEY, ...env }, { era: 'legacy' });
  cleanups.push(() => s.close());
  const { pid } = JSON.parse(readFileSync(s.runFile, 'utf8')) as { pid: number };
  return { s, port: Number(new URL(s.url).port), pid };
}

interface Held {
  /** Everything the server sent until it closed the connection, and when it closed (ms after connecting). */
  closed: Promise<{ text: string; ms: number }>;
  socket: Socket;
}

/** Connects, writes `sent` (a request never finished), and collects what comes back until the server closes. */
function hold(port: number, sent: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    cleanups.push(() => void socket.destroy());
    let text = '';
    const closed = new Promise<{ text: string; ms: number }>((done) => {
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('error', () => {}); // a reset is an answer too: what was sent, then nothing
      socket.on('close', () => done({ text, ms: Date.now() - started }));
    });
    socket.once('connect', () => {
      socket.write(sent);
      resolve({ closed, socket });
    });
    socket.once('error', reject);
  });
}

/** One complete request on a new connection, read until the server closes it. */
async function request(port: number, path: string): Promise<{ status: number; body: string; text: string }> {
  const held = await hold(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  const { text } = await held.closed;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, body: text.slice(text.indexOf('\r\n\r\n') + 4), text };
}

function oneLineCause(body: string, code: string): string {
  assert.ok(!body.includes('\n'), `a one-line body: ${body}`);
  const parsed = JSON.parse(body) as { error: { code: string; message: string } };
  assert.equal(parsed.error.code, code, body);
  return parsed.error.message;
}

async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's open descriptors, where /proc shows them. */
function openFds(pid: number): number | undefined {
  return process.platform === 'linux' ? readdirSync(`/proc/${pid}/fd`).length : undefined;
}

test('half-sent requests fill the cap and are refused past it; stdio answers meanwhile; each is answered 408 at its deadline, then /health answers', async () => {
  const { s, port, pid } = await server();
  const ws = s.cwd;
  mkdirSync(join(ws, 'src'), { recursive: true });
  for (let i = 0; i < 5; i++) writeFileSync(join(ws, 'src', `f${i}.ts`), `export function f${i}() { return ${i}; }\n`);
  const fdsBefore = openFds(pid);
  const partial = `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`;
  // Headers complete, 10 of 100 body bytes sent: only the whole-request deadline ends it.
  const slowBody = `POST /v2/impulses/resolve HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ApiKey ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"impulses`;

  const slow = await hold(port, slowBody);
  const served = await Promise.all(Array.from({ length: CAP - 1 }, () => hold(port, partial)));

  // A complete request past the cap: refused, with the cause as one line of JSON.
  const busy = await request(port, '/health');
  assert.equal(busy.status, 503, busy.text);
  assert.match(
    oneLineCause(busy.body, 'loopback_busy'),
    new RegExp(`^${CAP + 1} connections are open to this server, over its cap of ${CAP}; retry when one closes$`),
  );
  await sleep(300); // the refused connection closes

  // The refusing band fills; every connection past it is closed as it is accepted.
  const refusing = await Promise.all(Array.from({ length: HARD - CAP }, () => hold(port, partial)));
  const past = await Promise.all(Array.from({ length: 200 }, () => hold(port, partial)));
  const dropped = await within(5_000, 'closing the connections past the hard cap', Promise.all(past.map((h) => h.closed)));
  assert.deepEqual(new Set(dropped.map((d) => d.text)), new Set(['']), 'closed without an answer');
  const fdsDuring = openFds(pid);
  if (fdsBefore !== undefined && fdsDuring !== undefined) {
    assert.ok(fdsDuring <= fdsBefore + HARD + 8, `${fdsDuring} descriptors open during the flood, ${fdsBefore} before it`);
  }

  // The MCP stdio server is not starved: ping and a whole index answer during the flood.
  const pinged = Date.now();
  await s.client.ping();
  assert.ok(Date.now() - pinged < 2_000, `ping took ${Date.now() - pinged} ms`);
  const indexed = await within(20_000, 'init_workspace during the flood', s.call('init_workspace', { workspace_path: ws }));
  assert.equal(indexed.isError, false, indexed.text);
  assert.match(indexed.text, /^Indexed .*: 5 files parsed/);
  process.kill(pid, 0);

  // Each held connection is answered 408 at its deadline (checked every checkEveryMs) and closed.
  const headersBy = LOOPBACK_BOUNDS.headersMs + LOOPBACK_BOUNDS.checkEveryMs + 3_000;
  for (const held of [...served, ...refusing]) {
    const { text, ms } = await within(headersBy, 'the headers deadline', held.closed);
    assert.ok(ms >= LOOPBACK_BOUNDS.headersMs - 50, `answered after ${ms} ms, before the headers deadline`);
    assert.match(text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.match(oneLineCause(text.slice(text.indexOf('\r\n\r\n') + 4), 'request_timeout'), /^the request did not arrive in time/);
  }
  const body = await within(LOOPBACK_BOUNDS.requestMs + LOOPBACK_BOUNDS.checkEveryMs + 5_000, 'the whole-request deadline', slow.closed);
  assert.ok(body.ms >= LOOPBACK_BOUNDS.requestMs - 50, `the slow body was cut after ${body.ms} ms`);
  assert.match(body.text, /^HTTP\/1\.1 408 Request Timeout\r\n/);

  const health = await request(port, '/health');
  assert.equal(health.status, 200, health.text);
  assert.deepEqual(JSON.parse(health.body), { status: 'ok' });
  assert.equal((await s.get('/health')).json.pid, pid);
  await s.client.ping();
  process.kill(pid, 0);
});

test('headers over the size cap are answered 431 with a one-line cause', async () => {
  const { port } = await server();
  const held = await hold(port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Padding: ${'a'.repeat(LOOPBACK_BOUNDS.headerBytes)}\r\n\r\n`);
  const { text } = await within(5_000, 'the header-size refusal', held.closed);
  assert.match(text, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  assert.equal(
    oneLineCause(text.slice(text.indexOf('\r\n\r\n') + 4), 'headers_too_large'),
    `the request's headers are over ${LOOPBACK_BOUNDS.headerBytes} bytes`,
  );
});

test('a resolver request over the impulse cap is refused at once naming the cap, and no impulse runs', async () => {
  const { s } = await server();
  const auth = { authorization: `ApiKey ${KEY}` };
  const pointer = { type: 'mcp:tool_call', tool: 'get_metrics' };
  const impulses = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}`, pointer }));

  const started = Date.now();
  // No ids: 15,000 pointers alone stay under the 1 MB body cap, as the attacker's did.
  const flood = await s.post('/v2/impulses/resolve', { impulses: Array.from({ length: 15_000 }, () => ({ pointer })) }, auth);
  const ms = Date.now() - started;
  assert.equal(flood.status, 413, flood.text.slice(0, 300));
  assert.ok(!flood.text.includes('\n'));
  assert.equal(
    flood.json.error.message,
    `15000 impulses is over the ${MAX_IMPULSES_PER_REQUEST}-impulse cap of one request; none was resolved; send at most ${MAX_IMPULSES_PER_REQUEST} per request`,
  );
  assert.equal(flood.json.error.code, 'too_many_impulses');
  assert.ok(ms < 3_000, `refused after ${ms} ms`);
  const over = await s.post('/v2/impulses/resolve', { impulses: impulses(MAX_IMPULSES_PER_REQUEST + 1) }, auth);
  assert.equal(over.status, 413, over.text.slice(0, 300));
  const metrics = await s.get('/v1/metrics');
  assert.doesNotMatch(metrics.text, /tool="get_metrics"/, 'no impulse of a refused request ran');

  const at = await s.post('/v2/impulses/resolve', { impulses: impulses(MAX_IMPULSES_PER_REQUEST) }, auth);
  assert.equal(at.status, 200, at.text);
  assert.equal(at.json.results.length, MAX_IMPULSES_PER_REQUEST);
  assert.ok(at.json.results.every((r: { loaded: boolean }) => r.loaded));
});

test("docs/input-caps.md lists the loopback server's bounds as the code holds them", () => {
  const doc = readFileSync(new URL('../../docs/input-caps.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## The loopback server'), doc.indexOf('## Per tool'));
  for (const row of [
    `| connections served at once | ${LOOPBACK_BOUNDS.connections} |`,
    `| connections accepted only to be refused | ${LOOPBACK_BOUNDS.refusing} more |`,
    `| request headers, arrival | ${LOOPBACK_BOUNDS.headersMs} ms |`,
    `| whole request, body included | ${LOOPBACK_BOUNDS.requestMs} ms |`,
    `| idle kept-alive connection | ${LOOPBACK_BOUNDS.keepAliveMs} ms |`,
    `| request headers, size | ${LOOPBACK_BOUNDS.headerBytes} bytes |`,
    `| request body | ${LOOPBACK_BOUNDS.bodyBytes} bytes |`,
    `| impulses of one request | ${MAX_IMPULSES_PER_REQUEST} |`,
  ]) {
    assert.ok(section.includes(row), `docs/input-caps.md "The loopback server" lacks: ${row}`);
  }
});
