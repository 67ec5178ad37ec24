// The stdio plane's protocol edges against the built server, spoken in raw JSON-RPC lines
// (tests/helpers/raw-server.ts): a line over the size cap is answered and the session goes on;
// a request the protocol cannot accept is answered with its own id, code -32602 and one line;
// and whatever ends the session, the process shuts down cleanly (SPEC §runtime).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { handshake, startRawServer, type RawServer } from '../helpers/raw-server.ts';
import { waitFor } from '../substrate/server-fixture.ts';

/** A response, or a rejection naming what did not come within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Every message the server writes, for lines the raw helper did not send itself. */
function collect(server: RawServer): { byId(id: string | number): Promise<any> } {
  const seen: any[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  server.child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      seen.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    async byId(id) {
      for (;;) {
        const found = seen.find((m) => m.id === id);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

function exited(server: RawServer): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });
}

test('a line over the 10 MiB cap is answered with its id, the session goes on, and closing stdin still shuts down cleanly', async () => {
  const home = tempDir('metabob-mhome-');
  const server = startRawServer({ cwd: tempDir(), env: { METABOB_HOME: home } });
  try {
    const replies = collect(server);
    await handshake(server);
    const runFile = join(home, 'run', `${server.child.pid}.json`);
    await waitFor(() => existsSync(runFile), 10_000, 'the run file');

    const pad = 'x'.repeat(11 * 1024 * 1024);
    const line = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_metrics', arguments: { pad } } });
    const answer = replies.byId(7);
    server.child.stdin.write(line + '\n');
    const reply = await within(answer, 15_000, 'answer to the oversized line');
    assert.equal(reply.error.code, -32600);
    assert.equal(reply.error.message.split('\n').length, 1);
    assert.match(reply.error.message, new RegExp(`^Invalid Request: the line is ${Buffer.byteLength(line)} bytes, over the 10485760-byte limit`));

    const ping = await within(server.request(8, 'ping'), 5000, 'ping answer after the oversized line');
    assert.deepEqual(ping.result, {});
    const list = await within(server.request(9, 'tools/list'), 5000, 'tools/list after the oversized line');
    assert.ok(list.result.tools.length > 0);

    server.child.stdin.end();
    assert.equal(await within(exited(server), 10_000, 'exit after stdin closed'), 0);
    assert.equal(existsSync(runFile), false, 'the run file is removed');
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
});

test('requests the protocol refuses are answered with their own id, -32602, and one line', async () => {
  const server = startRawServer({ cwd: tempDir(), env: { METABOB_LOOPBACK: 'off' } });
  const replies = collect(server);
  try {
    await handshake(server);
    const cases: Array<[string, unknown, RegExp]> = [
      [
        'tools/call',
        { name: 'get_metrics', arguments: {}, _meta: { progressToken: { bad: true } } },
        /^Invalid params: tools\/call: params\._meta\.progressToken: /,
      ],
      ['tools/call', { name: 5 }, /^Invalid params: tools\/call: params\.name: Invalid input: expected string, received number$/],
      ['tools/call', { name: 'get_metrics', arguments: 'nope' }, /^Invalid params: tools\/call: params\.arguments: /],
      ['tools/call', undefined, /^Invalid params: tools\/call: params: /],
      ['logging/setLevel', { level: 'loud' }, /^Invalid params: logging\/setLevel: params\.level: /],
      ['prompts/get', { name: 3 }, /^Invalid params: prompts\/get: params\.name: /],
      ['ping', { _meta: { progressToken: null } }, /^Invalid params: ping: params\._meta\.progressToken: /],
    ];
    let id = 100;
    for (const [method, params, message] of cases) {
      id += 1;
      const reply = await within(server.request(id, method, params), 5000, `answer to ${method} ${JSON.stringify(params)}`);
      assert.equal(reply.id, id, `${method} ${JSON.stringify(params)} is answered with its own id`);
      assert.equal(reply.error?.code, -32602, JSON.stringify(reply));
      assert.equal(reply.error.message.split('\n').length, 1, reply.error.message);
      assert.match(reply.error.message, message);
    }
    // A request the envelope refuses for another reason keeps its id too, as -32600.
    server.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 'extra-key', method: 'ping', surplus: true }) + '\n');
    const surplus = await within(replies.byId('extra-key'), 5000, 'answer to a request with a surplus key');
    assert.equal(surplus.error?.code, -32600, JSON.stringify(surplus));
    assert.equal(surplus.error.message.split('\n').length, 1);
    // The session still serves a good call.
    const ok = await within(server.request(201, 'tools/call', { name: 'get_metrics', arguments: {} }), 10_000, 'tools/call');
    assert.equal(ok.result.isError, undefined);
    assert.equal(await within(server.close(), 10_000, 'exit'), 0);
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
});
