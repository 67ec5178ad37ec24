// A server start loads no native or WASM module (SPEC §init_workspace `lazy-native`): the
// parser, SQLite, the exact tokenizer and the TUI load on first use only, and the OpenTelemetry
// SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set (core/server/otlp-traces.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/git.ts';
import { handshake, startRawServer } from '../helpers/raw-server.ts';
import { UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';
import { OtlpReceiver } from '../helpers/otlp-receiver.ts';
import { waitFor } from '../substrate/server-fixture.ts';

const recorder = fileURLToPath(new URL('../helpers/load-recorder.mjs', import.meta.url));
const LAZY = ['better-sqlite3', 'web-tree-sitter', 'vendor/grammars', 'js-tiktoken', '/ink/', '/react/', '@clack', '@opentelemetry'];

test('start-up to tools/list loads no native, WASM or TUI module', async () => {
  const loadLog = join(tempDir(), 'loads.txt');
  const server = startRawServer({ cwd: tempDir(), env: { LOAD_LOG: loadLog }, nodeArgs: ['--import', recorder] });
  const list = await handshake(server);
  assert.equal(list.result.tools.length, UNATTACHED_TOOLS.length);
  const maps = readFileSync(`/proc/${server.child.pid}/maps`, 'utf8');
  assert.doesNotMatch(maps, /\.node$/m, 'no native addon is mapped');
  const loaded = readFileSync(loadLog, 'utf8').split('\n').filter(Boolean);
  assert.ok(
    loaded.some((url) => url.endsWith('/dist/cli.js')),
    'the recorder saw the server load',
  );
  for (const name of LAZY) {
    assert.deepEqual(
      loaded.filter((url) => url.includes(name)),
      [],
      `${name} is not loaded at start`,
    );
  }
  assert.equal(await server.close(), 0);
});

test('the OpenTelemetry SDK loads only when OTEL_EXPORTER_OTLP_ENDPOINT is set, after the start', async () => {
  const receiver = new OtlpReceiver();
  await receiver.start();
  try {
    for (const endpoint of [undefined, receiver.url]) {
      const loadLog = join(tempDir(), 'loads.txt');
      const server = startRawServer({ cwd: tempDir(), env: { LOAD_LOG: loadLog, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }, nodeArgs: ['--import', recorder] });
      await handshake(server);
      // A call through the boundary: the background services (the tracer among them) have started by its answer.
      const answer = await server.request(90, 'tools/call', { name: 'get_metrics', arguments: {} });
      assert.ok(answer.result, JSON.stringify(answer));
      if (endpoint) await waitFor(() => receiver.bodies.length > 0, 10_000, 'the probe export');
      const otel = readFileSync(loadLog, 'utf8')
        .split('\n')
        .filter((path) => path.includes('@opentelemetry'));
      if (endpoint) assert.ok(otel.length > 0, 'the recorder sees the SDK load when traces are on');
      else assert.deepEqual(otel, [], 'no @opentelemetry module without an endpoint');
      assert.equal(await server.close(), 0);
    }
  } finally {
    await receiver.stop();
  }
});
