// Both protocol eras on stdio (docs/protocol-eras.md), against the built server: the current
// SDK client in each era (the 2025 handshake, auto with its server/discover probe, the
// 2026-07-28 revision pinned), the v1 SDK client, and raw JSON-RPC lines for what a client
// library hides (the cache hints, the bytes of tools/list). Same tools, same answers; in the
// stateless era the workspace, the session and the log lines come from where the doc says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, cleanEnv, metaOf, startClient, textOf, type ClientEra } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { startRawServer, INITIALIZE_PARAMS } from '../helpers/raw-server.ts';
import { unattachedToolList } from '../helpers/tool-surface.ts';
import { CACHE_HINTS } from '../../core/server/mcp-server.ts';

/** The per-request `_meta` envelope of the 2026-07-28 revision, as a raw client sends it. */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** What one connection answers: the tool list, a refusal, an empty-index answer and the prompt. */
async function answersOf(client: Awaited<ReturnType<typeof startClient>>['client']) {
  const { tools } = await client.listTools();
  const refused = await client.callTool({ name: 'search_codebase', arguments: { query: 1 } });
  const empty = await client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['a.ts'] } });
  const prompt = await client.getPrompt({ name: 'metabob-start' });
  return {
    tools,
    refused: { text: textOf(refused), isError: refused.isError, diagnosis: metaOf(refused).diagnosis_v2 },
    empty: { text: textOf(empty), emptyReason: metaOf(empty).empty_reason },
    prompt: prompt.messages,
  };
}

test('the same tools and answers in the 2025 era, auto and the 2026-07-28 revision', async () => {
  const cwd = tempDir('eras-');
  const seen: Record<string, unknown> = {};
  for (const era of ['legacy', 'auto', 'modern'] as ClientEra[]) {
    const { client, close } = await startClient({ cwd, era });
    try {
      assert.equal(client.getProtocolEra(), era === 'legacy' ? 'legacy' : 'modern', `${era} opens the era it asks for`);
      assert.match(client.getInstructions() ?? '', /Load the metabob skill/, `${era}: the instructions`);
      // The substrate tools come and go with the attachment (docs/tool-surface.md): both eras hear of it.
      assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: true }, era);
      assert.deepEqual(client.getServerCapabilities()?.prompts, {}, era);
      // Logging is a 2025-era capability (docs/protocol-eras.md): advertised only there.
      assert.equal(client.getServerCapabilities()?.logging !== undefined, era === 'legacy', era);
      seen[era] = await answersOf(client);
    } finally {
      await close();
    }
  }
  assert.deepEqual((seen.legacy as { tools: unknown }).tools, unattachedToolList());
  assert.deepEqual(seen.auto, seen.legacy);
  assert.deepEqual(seen.modern, seen.legacy);
});

test('the v1 SDK client (what hosts built on @modelcontextprotocol/sdk 1.x run) gets the same tools and answers', async () => {
  const transport = new V1StdioClientTransport({ command: process.execPath, args: [CLI], cwd: tempDir('eras-v1-'), env: cleanEnv(), stderr: 'ignore' });
  const client = new V1Client({ name: 'metabob-test-v1', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools, unattachedToolList());
    const refused = await client.callTool({ name: 'search_codebase', arguments: { query: 1 } });
    assert.equal(textOf(refused), 'invalid_arguments: search_codebase: query: Expected string, received number');
    assert.equal(metaOf(refused).empty_reason, undefined);
    assert.equal(typeof metaOf(refused).request_id, 'string');
  } finally {
    await client.close();
  }
});

test('tools/list is the same bytes from two processes, with the cache hints in the 2026-07-28 revision only (which say not to keep it)', async () => {
  const lines: Record<string, string[]> = { legacy: [], modern: [] };
  for (let run = 0; run < 2; run++) {
    const legacy = startRawServer({ cwd: tempDir('eras-raw-'), env: { METABOB_LOOPBACK: 'off' } });
    const modern = startRawServer({ cwd: tempDir('eras-raw-'), env: { METABOB_LOOPBACK: 'off' } });
    try {
      const raw = (server: typeof legacy, into: string[]) =>
        server.child.stdout.on('data', (chunk: Buffer) =>
          into.push(
            ...chunk
              .toString('utf8')
              .split('\n')
              .filter((l) => l.includes('"tools":[')),
          ),
        );
      raw(legacy, lines.legacy);
      raw(modern, lines.modern);
      await legacy.request(1, 'initialize', INITIALIZE_PARAMS);
      legacy.notify('notifications/initialized');
      const legacyList = await legacy.request(2, 'tools/list');
      const discover = await modern.request(1, 'server/discover', { _meta: ENVELOPE });
      assert.ok(discover.result, JSON.stringify(discover));
      assert.equal(discover.result.ttlMs, CACHE_HINTS['server/discover'].ttlMs);
      assert.equal(discover.result.cacheScope, 'public');
      const modernList = await modern.request(2, 'tools/list', { _meta: ENVELOPE });
      assert.equal(modernList.result.ttlMs, 0);
      assert.equal(modernList.result.ttlMs, CACHE_HINTS['tools/list'].ttlMs);
      assert.equal(modernList.result.cacheScope, 'private');
      assert.equal(legacyList.result.ttlMs, undefined, 'no cache fields in the 2025 era');
      assert.equal(legacyList.result.cacheScope, undefined);
      assert.deepEqual(modernList.result.tools, legacyList.result.tools);
    } finally {
      await legacy.close();
      await modern.close();
    }
  }
  assert.equal(lines.legacy.length, 2);
  assert.equal(lines.legacy[0], lines.legacy[1], 'the 2025-era tools/list line, byte for byte');
  assert.equal(lines.modern.length, 2);
  assert.equal(lines.modern[0], lines.modern[1], 'the 2026-07-28 tools/list line, byte for byte');
  const toolsOf = (line: string) => line.slice(line.indexOf('"tools":['), line.lastIndexOf(']') + 1);
  assert.equal(toolsOf(lines.modern[0]), toolsOf(lines.legacy[0]), 'the same tools array bytes in both eras');
});

test('stateless era: the workspace is the launch directory, else WORKSPACE_PATH, else what init_workspace names', async () => {
  const launch = realpathSync(tempDir('eras-launch-'));
  const envPath = realpathSync(tempDir('eras-env-'));
  const initPath = realpathSync(tempDir('eras-init-'));
  const cochanges = { name: 'predict_cochanges', arguments: { changed_files: ['x.ts'] } };
  {
    const { client, close } = await startClient({ cwd: launch, era: 'modern' });
    try {
      assert.equal(metaOf(await client.callTool(cochanges)).project_name, basename(launch));
    } finally {
      await close();
    }
  }
  const { client, close } = await startClient({ cwd: launch, era: 'modern', env: { WORKSPACE_PATH: envPath } });
  try {
    assert.equal(metaOf(await client.callTool(cochanges)).project_name, basename(envPath));
    const init = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: initPath } });
    assert.equal(init.isError, undefined, textOf(init));
    assert.equal(metaOf(await client.callTool(cochanges)).project_name, basename(initPath), 'init_workspace wins for the rest of the process');
  } finally {
    await close();
  }
});

test('stateless era: launched in its plugin folder, the server waits for init_workspace {workspace_path}', async () => {
  const plugin = realpathSync(tempDir('eras-plugin-'));
  mkdirSync(join(plugin, 'server'));
  const project = realpathSync(tempDir('eras-project-'));
  const { client, close } = await startClient({ cwd: join(plugin, 'server'), era: 'modern', env: { PLUGIN_ROOT: plugin } });
  try {
    const first = await client.callTool({ name: 'get_metrics', arguments: {} });
    assert.equal(metaOf(first).empty_reason, 'workspace_undetermined');
    assert.match(textOf(first), /call init_workspace with \{"workspace_path"/);
    const bound = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: project } });
    assert.equal(metaOf(bound).project_name, basename(project), textOf(bound));
    assert.equal(metaOf(await client.callTool({ name: 'get_metrics', arguments: {} })).project_name, basename(project));
  } finally {
    await close();
  }
});

test('stateless era: the process is the session, and log lines go to stderr, never to the client', async () => {
  const stderr: string[] = [];
  const { client, close } = await startClient({ cwd: tempDir('eras-session-'), era: 'modern', stderr, env: { METABOB_LOG_LEVEL: 'debug' } });
  try {
    const notified: unknown[] = [];
    client.fallbackNotificationHandler = async (notification) => void notified.push(notification);
    const first = metaOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
    const second = metaOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.match(first.session_id, /^[0-9a-f-]{36}$/);
    assert.equal(second.session_id, first.session_id, 'one session id for the life of the process');
    for (let i = 0; i < 50 && !stderr.some((l) => l.includes(second.request_id)); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(
      stderr.some((l) => l.includes(`get_metrics ok in`) && l.includes(second.request_id)),
      stderr.join('\n'),
    );
    assert.deepEqual(notified, [], 'no notifications/message in the stateless era');
  } finally {
    await close();
  }
  const pinned = await startClient({ cwd: tempDir('eras-session-'), era: 'modern', env: { SESSION_ID: 'session-from-the-host' } });
  try {
    assert.equal(metaOf(await pinned.client.callTool({ name: 'get_metrics', arguments: {} })).session_id, 'session-from-the-host');
  } finally {
    await pinned.close();
  }
});
