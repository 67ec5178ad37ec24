// Who the loopback HTTP server answers (SPEC §impulse-shapes: local callers only): a page that
// rebinds a DNS name to 127.0.0.1 sends its own Host and Origin, and another local user can
// find the port but not read the 0600 run file. So every request names a loopback Host with
// the bound port, carries no foreign Origin, and everything but a bare liveness answer needs
// the run file's token (or the server's API key).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { request } from 'node:http';
import { connect } from 'node:net';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});
async function server(env: Record<string, string | undefined> = {}): Promise<ServerUnderTest & { port: number; token: string; run: any }> {
  const s = await startServer(env);
  cleanups.push(() => s.close());
  const run = JSON.parse(readFileSync(s.runFile, 'utf8'));
  return Object.assign(s, { port: run.port as number, token: run.token as string, run });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with exactly these headers (fetch would not let a test set Host). */
function get(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const streaming = res.headers['content-type'] === 'text/event-stream';
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
        if (streaming && text.includes('event: hello')) {
          req.destroy();
          resolve({ status: res.statusCode!, headers: res.headers, text });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function oneLineError(answer: Answer): string {
  assert.equal(answer.text.split('\n').filter(Boolean).length, 1, answer.text);
  const body = JSON.parse(answer.text);
  assert.equal(typeof body.error.message, 'string');
  assert.equal(body.error.message.includes('\n'), false);
  return body.error.code;
}

test('the run file holds a token, 0600 in a 0700 directory; /health without it is a bare liveness answer', async () => {
  const s = await server();
  assert.equal(statSync(s.runFile).mode & 0o777, 0o600);
  assert.equal(statSync(dirname(s.runFile)).mode & 0o777, 0o700);
  assert.match(s.token, /^[A-Za-z0-9_-]{43}$/, 'a 256-bit token');
  const host = `127.0.0.1:${s.port}`;

  const bare = await get(s.port, '/health', { host });
  assert.equal(bare.status, 200);
  assert.deepEqual(JSON.parse(bare.text), { status: 'ok' });
  for (const identity of [s.run.session_id, String(process.pid), String(s.run.pid)]) assert.ok(!bare.text.includes(identity));

  const full = await get(s.port, '/health', { host, authorization: `Bearer ${s.token}` });
  assert.equal(full.status, 200);
  const health = JSON.parse(full.text);
  assert.deepEqual([health.session_id, health.pid], [s.run.session_id, s.run.pid]);

  const wrong = await get(s.port, '/health', { host, authorization: `Bearer ${'x'.repeat(43)}` });
  assert.equal(wrong.status, 401);
  assert.equal(oneLineError(wrong), 'unauthorized');
});

test('/v1/capabilities, /v1/metrics and /v1/events need the token or the API key', async () => {
  const key = 'mbk_loopback_access_key_5150';
  const s = await server({ METABOB_API_KEY: key });
  const host = `localhost:${s.port}`;
  for (const path of ['/v1/capabilities', '/v1/metrics', '/v1/events']) {
    const none = await get(s.port, path, { host });
    assert.equal(none.status, 401, path);
    assert.equal(oneLineError(none), 'unauthorized');
    assert.ok(!none.text.includes(s.run.session_id), `${path} refuses without naming the session`);
    const wrong = await get(s.port, path, { host, authorization: 'Bearer not-the-token' });
    assert.equal(wrong.status, 401, path);
    for (const authorization of [`Bearer ${s.token}`, `ApiKey ${key}`]) {
      const ok = await get(s.port, path, { host, authorization });
      assert.equal(ok.status, 200, `${path} with ${authorization.split(' ')[0]}`);
    }
  }
});

test('a Host that is not a loopback name with the bound port is 421; a foreign Origin is 403', async () => {
  const s = await server();
  const authorization = `Bearer ${s.token}`;
  for (const host of [
    `rebind.attacker.example:${s.port}`,
    `127.0.0.1:${s.port + 1 === 65536 ? 1 : s.port + 1}`,
    `localhost.attacker.example:${s.port}`,
    '127.0.0.1',
  ]) {
    for (const path of ['/health', '/v1/capabilities', '/v1/events']) {
      const answer = await get(s.port, path, { host, authorization });
      assert.equal(answer.status, 421, `${path} with Host ${host}`);
      assert.equal(oneLineError(answer), 'misdirected_request');
      assert.ok(!answer.text.includes(s.run.session_id));
    }
  }
  for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `[::1]:${s.port}`]) {
    assert.equal((await get(s.port, '/health', { host, authorization })).status, 200, host);
  }

  for (const origin of ['http://rebind.attacker.example', `http://127.0.0.1:${s.port + 1}`, 'null', `https://localhost:${s.port}`]) {
    const answer = await get(s.port, '/health', { host: `127.0.0.1:${s.port}`, origin, authorization });
    assert.equal(answer.status, 403, `Origin ${origin}`);
    assert.equal(oneLineError(answer), 'forbidden_origin');
  }
  const same = await get(s.port, '/health', { host: `127.0.0.1:${s.port}`, origin: `http://127.0.0.1:${s.port}`, authorization });
  assert.equal(same.status, 200);

  // HTTP/1.0 with no Host at all.
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: s.port });
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write('GET /health HTTP/1.0\r\n\r\n');
  });
  assert.match(raw, /^HTTP\/1\.[01] 421 /);
});
