// tools/list names what can answer (docs/tool-surface.md), against the built server over stdio
// in the run's protocol era: with nothing configured, the local and mixed tools; with an
// attachment configured, the substrate tools while it attaches and once it is attached, with
// notifications/tools/list_changed when they come (the emulator comes up) and go (the key is
// rejected); METABOB_TOOLS narrows the list and refuses what it leaves out.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { SUBSTRATE_TOOLS, UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';

const ALL_TOOLS = TOOL_REGISTRY.map((t) => t.name);

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function emulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  const e = await startEmulator(options);
  cleanups.push(() => e.stop());
  return e;
}

async function server(env: Record<string, string>, onToolsChanged?: (tools: Array<{ name: string }>) => void): Promise<ServerUnderTest> {
  const s = await startServer(env, { onToolsChanged });
  cleanups.push(() => s.close());
  return s;
}

const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);

test('with nothing configured: the local and mixed tools, the instructions say how to enable the rest, and a substrate tool called by name names its cause', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    assert.deepEqual(names((await client.listTools()).tools), UNATTACHED_TOOLS);
    assert.ok(UNATTACHED_TOOLS.length < ALL_TOOLS.length && SUBSTRATE_TOOLS.length > 0);
    const instructions = client.getInstructions() ?? '';
    assert.match(
      instructions,
      /^tools\/list names the substrate tools only while an attachment can answer them: to enable them, give the server METABOB_API_KEY and METABOB_ENDPOINT/m,
    );
    const claim = await client.callTool({ name: 'claim_finding', arguments: { problem_id: 'agf_0000000000000000' } });
    assert.equal(claim.isError, true);
    assert.match(textOf(claim), /^not_configured: /);
  } finally {
    await close();
  }
});

test('a substrate that comes up later adds the substrate tools with tools/list_changed; a rejected key removes them again', async () => {
  const e = await emulator({ discoveryDown: true });
  const lists: string[][] = [];
  const s = await server(
    // The background reattach at 1/50 of its schedule (100 ms, 300 ms, ...); the heartbeat every 300 ms.
    { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_REATTACH_SCALE: '0.02', METABOB_HEARTBEAT_MS: '300' },
    (tools) => lists.push(names(tools)),
  );
  await s.waitForHealth((h) => h.attachment.cause === 'anchor_unreachable');
  // Settled unreachable: the substrate tools cannot answer, so they are not listed.
  await waitFor(async () => JSON.stringify(names((await s.client.listTools()).tools)) === JSON.stringify(UNATTACHED_TOOLS), 5000, 'the unattached list');
  const seenBefore = lists.length;

  await e.setUp('discovery', true);
  await s.waitForHealth((h) => h.attached === true, 15_000);
  const added = await waitFor(
    () => lists.slice(seenBefore).find((l) => l.length === ALL_TOOLS.length),
    10_000,
    'tools/list_changed adding the substrate tools',
  );
  assert.deepEqual(added, ALL_TOOLS);
  assert.deepEqual(names((await s.client.listTools()).tools), ALL_TOOLS);

  const seenAttached = lists.length;
  e.revokeKey(e.key);
  await s.waitForHealth((h) => h.attachment.cause === 'key_rejected', 10_000);
  const removed = await waitFor(() => lists.slice(seenAttached).find((l) => l.length < ALL_TOOLS.length), 10_000, 'tools/list_changed removing them');
  assert.deepEqual(removed, UNATTACHED_TOOLS);
  assert.deepEqual(names((await s.client.listTools()).tools), UNATTACHED_TOOLS);
  // Unlisted, a substrate tool still answers a call by name, with the cause.
  const refused = await s.call('registry_query', { mode: 'shapes', shape: 'goal' });
  assert.equal(refused.isError, true);
  assert.match(refused.text, /^key_rejected: /);
  assert.ok(
    s.stderr.some((l) => l.includes('tools/list no longer names the substrate tools')),
    s.stderr.join('\n'),
  );
});

test('while the first attempt runs the substrate tools are listed, and a first call waits on the gate', async () => {
  const e = await emulator({ switches: { bootstrapDelayMs: 2000 } });
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
  assert.equal((await s.get('/health')).json.reason, 'attaching');
  assert.deepEqual(names((await s.client.listTools()).tools), ALL_TOOLS);
  const first = await s.call('registry_query', { mode: 'shapes', shape: 'goal' });
  assert.equal(first.isError, false, first.text);
  assert.deepEqual(names((await s.client.listTools()).tools), ALL_TOOLS);
});

test('METABOB_TOOLS narrows tools/list and refuses a call to a tool it leaves out with -32602', async () => {
  const s = await server({ METABOB_TOOLS: 'get_metrics, search_codebase,claim_finding' });
  // claim_finding is allowed but cannot answer here (nothing configured): not listed either.
  assert.deepEqual(names((await s.client.listTools()).tools), ['search_codebase', 'get_metrics']);
  assert.equal((await s.call('get_metrics')).isError, false);
  await assert.rejects(s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['a.ts'] } }), (err: { code?: number; message: string }) => {
    assert.equal(err.code, -32602);
    assert.equal(err.message, 'tool_not_allowed(analyze_impact): METABOB_TOOLS allows only claim_finding, get_metrics, search_codebase');
    return true;
  });
});
