// The protocol's small print, against the built server in raw JSON-RPC lines (what a client
// library hides): batches as the negotiated version says (answered element by element under
// 2025-03-26, refused with each request's own id where the version has none), the 2025-era
// lifecycle (nothing but ping before initialize, initialize once, the version kept), the
// 2026-07-28 revision needing no initialize, an unknown tool and a foreign cursor refused with
// -32602, and a prompts/get error that reads "MCP error -32602:" once in the clients.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, cleanEnv, startClient } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A spawned server spoken to in raw lines; every stdout line is kept, parsed (a batch answer is an array). */
function rawLines() {
  const child = spawn(process.execPath, [CLI], { cwd: tempDir(), env: cleanEnv({ METABOB_LOOPBACK: 'off' }), stdio: ['pipe', 'pipe', 'pipe'] });
  const seen: unknown[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      seen.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  });
  child.stderr.resume();
  const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + '\n');
  return {
    seen,
    send,
    request: (id: number | string, method: string, params?: unknown) => send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }),
    /** The first line (after those already taken) that the predicate accepts. */
    async next<T = any>(accept: (line: any) => boolean, what: string): Promise<T> {
      for (let waited = 0; waited < 15_000; waited += 20) {
        const found = seen.find(accept);
        if (found !== undefined) {
          seen.splice(seen.indexOf(found), 1);
          return found as T;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${what} within 15 s; seen: ${JSON.stringify(seen).slice(0, 2000)}`);
    },
    answerTo(id: number | string | null) {
      return this.next((l) => !Array.isArray(l) && l.id === id && ('result' in l || 'error' in l), `answer to ${id}`);
    },
    close: () =>
      new Promise<number | null>((resolve) => {
        child.on('exit', (code) => resolve(code));
        child.stdin.end();
      }),
  };
}

const initialize = (version: string) => ({ protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });

test('2025-03-26: a batch is answered element by element in one array; a batch of notifications gets nothing', async () => {
  const s = rawLines();
  try {
    s.request(1, 'initialize', initialize('2025-03-26'));
    assert.equal((await s.answerTo(1)).result.protocolVersion, '2025-03-26');
    s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    s.send([
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'nothing-pending' } },
      { jsonrpc: '2.0', id: 'b', method: 'tools/list' },
      { jsonrpc: '2.0', id: 'c', method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
      { jsonrpc: '2.0', id: 'd', method: 'tools/call', params: { name: 'get_metrics', arguments: {} } },
      { jsonrpc: '2.0', id: 'e', method: 'no/such/method' },
      42,
    ]);
    const batch = await s.next<any[]>((l) => Array.isArray(l), 'the batch answer');
    const byId = new Map(batch.filter((r) => r.id !== null).map((r) => [r.id, r]));
    assert.deepEqual([...byId.keys()].sort(), ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(byId.get('a').result, {});
    assert.deepEqual(
      byId.get('b').result.tools.map((t: { name: string }) => t.name),
      UNATTACHED_TOOLS,
    );
    assert.deepEqual(byId.get('c').error, {
      code: -32602,
      message: `unknown_tool: "no_such_tool" is not a tool of this server; tools/list names its ${UNATTACHED_TOOLS.length} tools`,
    });
    assert.equal(byId.get('d').result._meta.complexity_tier, 'lite');
    assert.equal(byId.get('e').error.code, -32601);
    assert.deepEqual(
      batch.filter((r) => r.id === null).map((r) => r.error.code),
      [-32600],
      'the element that is no message is answered in the array with id null',
    );
    // A batch of notifications alone: no answer at all; the next request is answered as usual.
    s.send([{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x' } }]);
    s.request(2, 'ping');
    await s.answerTo(2);
    assert.equal(s.seen.filter((l) => Array.isArray(l)).length, 0, 'nothing answers a batch of notifications');
    // An empty array is no batch: one error, as JSON-RPC 2.0 answers it.
    s.send([]);
    assert.deepEqual((await s.answerTo(null)).error, { code: -32600, message: 'Invalid Request: an empty JSON-RPC batch' });
  } finally {
    assert.equal(await s.close(), 0);
  }
});

test('2025-06-18, 2025-11-25, 2024-11-05, before initialize and the 2026-07-28 revision: a batch is refused, each request with its own id', async () => {
  const cases: Array<[string | undefined, RegExp]> = [
    ['2025-06-18', /^Invalid Request: protocol 2025-06-18, this connection's, has no JSON-RPC batches \(2025-06-18 removed them\); send one message per line$/],
    ['2025-11-25', /^Invalid Request: protocol 2025-11-25, this connection's, has no JSON-RPC batches \(2025-06-18 removed them\)/],
    ['2024-11-05', /^Invalid Request: protocol 2024-11-05, this connection's, has no JSON-RPC batches \(only 2025-03-26 has them\)/],
    [undefined, /^Invalid Request: a JSON-RPC batch before initialize; initialize comes first and alone/],
    ['2026-07-28', /^Invalid Request: protocol 2026-07-28, this connection's, has no JSON-RPC batches/],
  ];
  for (const [version, message] of cases) {
    const s = rawLines();
    try {
      const modern = version === '2026-07-28';
      const params = modern ? { _meta: ENVELOPE } : undefined;
      if (version && !modern) {
        s.request(1, 'initialize', initialize(version));
        assert.equal((await s.answerTo(1)).result.protocolVersion, version);
        s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      }
      s.send([
        { jsonrpc: '2.0', id: 7, method: modern ? 'tools/list' : 'ping', params },
        { jsonrpc: '2.0', id: 'eight', method: 'tools/list', params },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } },
      ]);
      for (const id of [7, 'eight']) {
        const answer = await s.answerTo(id);
        assert.equal(answer.error.code, -32600, `${version}: ${JSON.stringify(answer)}`);
        assert.match(answer.error.message, message, `${version}`);
      }
      // The connection goes on.
      s.request(9, modern ? 'tools/list' : 'ping', params);
      const pong = await s.answerTo(9);
      assert.ok(pong.result, `${version}: ${JSON.stringify(pong)}`);
    } finally {
      await s.close();
    }
  }
});

test('2025 era: nothing but ping before initialize (-32000), initialize once (-32600), and the version stays the one negotiated', async () => {
  const s = rawLines();
  try {
    s.request(1, 'tools/list');
    const early = await s.answerTo(1);
    assert.equal(early.error.code, -32000);
    assert.equal(
      early.error.message,
      'Server not initialized: tools/list before initialize; send initialize first (only ping may come before it), or carry the 2026-07-28 per-request _meta envelope (io.modelcontextprotocol/protocolVersion)',
    );
    s.request(2, 'tools/call', { name: 'get_metrics', arguments: {} });
    assert.equal((await s.answerTo(2)).error.code, -32000);
    s.request(3, 'ping');
    assert.deepEqual((await s.answerTo(3)).result, {});

    s.request(4, 'initialize', initialize('2025-03-26'));
    assert.equal((await s.answerTo(4)).result.protocolVersion, '2025-03-26');
    s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    s.request(5, 'initialize', initialize('2025-06-18'));
    const again = await s.answerTo(5);
    assert.deepEqual(again.error, {
      code: -32600,
      message: 'Invalid Request: Server already initialized (protocol 2025-03-26); initialize comes once per connection, and a new one needs a new connection',
    });
    // Still 2025-03-26: a batch is answered, as that version (and not 2025-06-18) asks.
    s.send([{ jsonrpc: '2.0', id: 6, method: 'ping' }]);
    const batch = await s.next<any[]>((l) => Array.isArray(l), 'the batch answer');
    assert.deepEqual(
      batch.map((r) => [r.id, r.result]),
      [[6, {}]],
    );
    s.request(7, 'tools/list');
    assert.equal((await s.answerTo(7)).result.tools.length, UNATTACHED_TOOLS.length);
  } finally {
    assert.equal(await s.close(), 0);
  }
});

test('2026-07-28: a request carrying the per-request envelope needs no initialize', async () => {
  const s = rawLines();
  try {
    s.request(1, 'tools/list', { _meta: ENVELOPE });
    const list = await s.answerTo(1);
    assert.equal(list.result.tools.length, UNATTACHED_TOOLS.length, JSON.stringify(list).slice(0, 300));
    s.request(2, 'tools/call', { name: 'no_such_tool', arguments: {}, _meta: ENVELOPE });
    const unknown = await s.answerTo(2);
    assert.equal(unknown.error.code, -32602);
    assert.match(unknown.error.message, /^unknown_tool: "no_such_tool" is not a tool of this server/);
  } finally {
    await s.close();
  }
});

test('a cursor this server never gave is refused with -32602, on tools/list and prompts/list', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    for (const list of [() => client.listTools({ cursor: 'page-2' }), () => client.listPrompts({ cursor: 'page-2' })]) {
      await assert.rejects(list(), (err: { code?: number; message: string }) => {
        assert.equal(err.code, -32602);
        assert.match(err.message, /"page-2" is not a cursor this server gave; its (tools|prompts)\/list answer is one page, asked for without a cursor/);
        return true;
      });
    }
    assert.equal((await client.listTools()).tools.length, UNATTACHED_TOOLS.length);
  } finally {
    await close();
  }
});

test('a prompts/get error reads "MCP error -32602:" once, in the v1 and the v2 SDK client', async () => {
  const wire = 'unknown prompt "nope"; prompts/list names metabob-start';
  const transport = new V1StdioClientTransport({ command: process.execPath, args: [CLI], cwd: tempDir(), env: cleanEnv(), stderr: 'ignore' });
  const v1 = new V1Client({ name: 'metabob-test-v1', version: '1.0.0' });
  await v1.connect(transport);
  try {
    await assert.rejects(v1.getPrompt({ name: 'nope' }), (err: Error) => {
      assert.equal(err.message, `MCP error -32602: ${wire}`);
      return true;
    });
  } finally {
    await v1.close();
  }
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    await assert.rejects(client.getPrompt({ name: 'nope' }), (err: Error) => {
      assert.equal(err.message.split('MCP error -32602').length - 1 <= 1, true, err.message);
      assert.ok(err.message.endsWith(wire), err.message);
      return true;
    });
  } finally {
    await close();
  }
});
