// `npm run bench`: what the concept graph tools cost on loopback (SPEC §Concept graph tools;
// target p95 under 50 ms beyond the emulator's own latency switch, left at 0 here): a spawned
// server (dist/cli.js) attached to the substrate emulator on 127.0.0.1, 200 calls each of
// concept_search (query, list mode, by id) and concept_neighbors, over stdio and over the
// loopback resolver.
import { startEmulator } from '../../tests/substrate/emulator.ts';
import { startServer } from '../../tests/substrate/server-fixture.ts';
import { percentile } from './support/percentile.ts';

const RUNS = 200;

async function measure(label: string, fn: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 10; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  const p95 = percentile(times, 95);
  console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${RUNS}${p95 > 50 ? '  (over the 50 ms target)' : ''}`);
}

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
const e = await startEmulator();
const server = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
await server.waitForHealth((h) => h.attached === true);
const tool = async (name: string, args: Record<string, unknown>) => {
  const result = await server.client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return JSON.stringify(result.content);
};

// A corpus of 60 concepts with a hub linked to 20 of them.
const ids: string[] = [];
for (let i = 0; i < 60; i++) {
  const text = await tool('concept_create', {
    content: `bench concept ${i}\n\n${'body text '.repeat(80)}`,
    shape: 'memo',
    source_type: 'memo',
    summary: `bench ${i}`,
  });
  ids.push(/concept_[0-9a-f]{12}/.exec(text)![0]);
}
for (let i = 1; i <= 20; i++) await tool('concept_link', { from_concept_id: ids[0], to_concept_id: ids[i], edge_type: 'related_to' });

await measure('stdio concept_search query, limit 10, preview', async () => void (await tool('concept_search', { query: 'bench' })));
await measure('stdio concept_search list mode, limit 50, none', async () => void (await tool('concept_search', { limit: 50, content: 'none' })));
await measure('stdio concept_search by concept_id (full body)', async () => void (await tool('concept_search', { concept_id: `concept:${ids[7]}` })));
await measure(
  'stdio concept_neighbors of a 20-edge hub, limit 20, preview',
  async () => void (await tool('concept_neighbors', { concept_id: ids[0], limit: 20 })),
);
await measure('loopback POST /v2/impulses/resolve mcp:tool_call concept_search', async () => {
  const r = await server.post(
    '/v2/impulses/resolve',
    { pointer: { type: 'mcp:tool_call', tool: 'concept_search', input: { query: 'bench' } } },
    { authorization: `ApiKey ${e.key}` },
  );
  if (!r.json?.loaded) throw new Error(r.text);
});
await measure('loopback POST /v2/impulses/resolve mcp:tool_call concept_neighbors', async () => {
  const r = await server.post(
    '/v2/impulses/resolve',
    { pointer: { type: 'mcp:tool_call', tool: 'concept_neighbors', input: { concept_id: ids[0], limit: 20 } } },
    { authorization: `ApiKey ${e.key}` },
  );
  if (!r.json?.loaded) throw new Error(r.text);
});
await server.close();
await e.stop();
