// The stdio transport's line handling on in-memory streams: lines split across chunks, CRLF,
// a line over the cap counted without being held and answered with the id its head shows,
// answers JSON-RPC never gives (notifications, responses), a broken stdin closing it, the 2025-era
// lifecycle, and a batch's responses held for its one array.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { StdioTransport } from '../../core/server/stdio-transport.ts';

function transport(maxLineBytes = 1024) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const t = new StdioTransport({ stdin, stdout, maxLineBytes });
  const delivered: any[] = [];
  const answered: any[] = [];
  const errors: string[] = [];
  let closed = 0;
  t.onmessage = (m) => delivered.push(m);
  t.onerror = (e) => errors.push(e.message);
  t.onclose = () => (closed += 1);
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    answered.push(...lines.map((l) => JSON.parse(l)));
  });
  return { t, stdin, delivered, answered, errors, closed: () => closed };
}

const tick = () => new Promise((r) => setImmediate(r));

test('a message split across chunks, and one ending in CRLF, are each delivered once', async () => {
  const { t, stdin, delivered, answered } = transport();
  await t.start();
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  stdin.write(ping.slice(0, 10));
  stdin.write(ping.slice(10) + '\n' + JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) + '\r\n\n');
  await tick();
  assert.deepEqual(
    delivered.map((m) => m.id),
    [1, 2],
  );
  assert.deepEqual(answered, []);
});

test('a line over the cap is answered with the id its head shows, and the next line is read', async () => {
  const { t, stdin, delivered, answered } = transport(1024);
  await t.start();
  const big = JSON.stringify({ jsonrpc: '2.0', id: 'big-1', method: 'tools/call', params: { name: 'x', arguments: { pad: 'p'.repeat(5000) } } });
  for (let i = 0; i < big.length; i += 700) stdin.write(big.slice(i, i + 700));
  stdin.write('\n' + JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }) + '\n');
  // An id that is not first is not guessed at.
  stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', id: 4, params: { pad: 'p'.repeat(2000) } }) + '\n');
  await tick();
  assert.deepEqual(answered, [
    {
      jsonrpc: '2.0',
      id: 'big-1',
      error: { code: -32600, message: `Invalid Request: the line is ${big.length} bytes, over the 1024-byte limit of one message; it was not read` },
    },
    { jsonrpc: '2.0', id: null, error: { code: -32600, message: answered[1]?.error?.message } },
  ]);
  assert.match(answered[1].error.message, /^Invalid Request: the line is \d+ bytes, over the 1024-byte limit/);
  assert.deepEqual(
    delivered.map((m) => m.id),
    [3],
  );
});

test('a bad notification and a bad response are dropped unanswered; a bad request without a readable id gets id null', async () => {
  const { t, stdin, delivered, answered, errors } = transport();
  await t.start();
  stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', extra: 1 }) + '\n');
  stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 9, result: {}, extra: 1 }) + '\n');
  stdin.write(JSON.stringify({ jsonrpc: '2.0', id: { no: 1 }, method: 'ping' }) + '\n');
  stdin.write('[1,2]\n');
  stdin.write('{"jsonrpc":\n');
  await tick();
  assert.deepEqual(delivered, []);
  assert.equal(errors.length, 2);
  assert.deepEqual(
    answered.map((a) => [a.id, a.error.code]),
    [
      [null, -32600],
      [null, -32600],
      [null, -32700],
    ],
  );
  for (const a of answered) assert.equal(a.error.message.includes('\n'), false);
});

test('a stdin that errors closes the transport, once', async () => {
  const { t, stdin, errors, closed } = transport();
  await t.start();
  stdin.emit('error', new Error('EIO: stdin broke'));
  await t.close();
  assert.deepEqual(errors, ['EIO: stdin broke']);
  assert.equal(closed(), 1);
});

const init = (version: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });

test('nothing but ping before initialize; initialize once', async () => {
  const { t, stdin, delivered, answered } = transport();
  await t.start();
  stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) + '\n');
  stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) + '\n');
  stdin.write(init('2025-06-18') + '\n');
  stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }) + '\n');
  stdin.write(init('2025-03-26').replace('"id":0', '"id":4') + '\n');
  await tick();
  assert.deepEqual(
    delivered.map((m) => m.id),
    [2, 0, 3],
  );
  assert.deepEqual(
    answered.map((a) => [a.id, a.error.code]),
    [
      [1, -32000],
      [4, -32600],
    ],
  );
});

test('under 2025-03-26 a batch is delivered element by element and answered as one array once its last response is in', async () => {
  const { t, stdin, delivered, answered } = transport();
  await t.start();
  stdin.write(init('2025-03-26') + '\n');
  t.setProtocolVersion('2025-03-26');
  stdin.write(
    JSON.stringify([
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', id: 'b', method: 'ping' },
      { jsonrpc: '2.0', id: 'c', method: 'ping' },
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
    ]) + '\n',
  );
  await tick();
  assert.deepEqual(
    delivered.map((m) => m.id),
    [0, 'a', 'b', 'c'],
  );
  assert.deepEqual(answered, []);
  await t.send({ jsonrpc: '2.0', id: 'b', result: {} } as never);
  // A cancelled request gets no response: the batch stops waiting for it.
  stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c' } }) + '\n');
  await tick();
  assert.deepEqual(answered, []);
  await t.send({ jsonrpc: '2.0', id: 'a', result: {} } as never);
  await tick();
  assert.equal(answered.length, 1);
  assert.deepEqual(
    (answered[0] as Array<{ id: string; result?: unknown; error?: { code: number } }>).map((r) => [r.id, r.error?.code ?? 'ok']),
    [
      ['a', -32600],
      ['b', 'ok'],
      ['a', 'ok'],
    ],
  );
});
