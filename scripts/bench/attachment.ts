// `npm run bench`: what the attachment and the loopback server cost, against the substrate
// emulator on 127.0.0.1: one attachment pass (bootstrap, identity dial, org check), one
// resolve through discovery, and a spawned server's GET /health and POST /v2/impulses/resolve.
import { startEmulator } from '../../tests/substrate/emulator.ts';
import { startServer } from '../../tests/substrate/server-fixture.ts';
import { runAttachmentOnce, resolveOnce } from '../../core/attachment.ts';
import { percentile } from './support/percentile.ts';

async function measure(label: string, runs: number, fn: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms over ${runs}`);
}

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
const e = await startEmulator();
const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key };
let state = await runAttachmentOnce({ env });
await measure('attachment pass (GET /bootstrap, GET identity /health, POST /v1/auth/resolve)', 100, async () => {
  state = await runAttachmentOnce({ env });
  if (state.auth.status !== 'authenticated') throw new Error(state.message ?? 'not attached');
});
await measure('resolve vesselRegistry through discovery POST /resolve', 200, async () => {
  const r = await resolveOnce(state, { type: 'vesselRegistry' }, 'discovery', env);
  if (!r.ok) throw new Error(r.line);
});
await measure('resolve conceptSearch (forwarded to a producer)', 200, async () => {
  const r = await resolveOnce(state, { type: 'conceptSearch', query: 'x' }, 'concept', env);
  if (!r.ok) throw new Error(r.line);
});

const server = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
await server.waitForHealth((h) => h.attached === true);
await measure('loopback GET /health (spawned server)', 200, async () => {
  const r = await server.get('/health');
  if (r.status !== 200) throw new Error(`status ${r.status}`);
});
await measure('loopback POST /v2/impulses/resolve mcp:tool_call get_metrics', 200, async () => {
  const r = await server.post('/v2/impulses/resolve', { pointer: { type: 'mcp:tool_call', tool: 'get_metrics' } }, { authorization: `ApiKey ${e.key}` });
  if (!r.json?.loaded) throw new Error(r.text);
});
await measure('loopback POST /v2/impulses/resolve mcp:tool_call registry_query (through discovery)', 200, async () => {
  const r = await server.post(
    '/v2/impulses/resolve',
    { pointer: { type: 'mcp:tool_call', tool: 'registry_query', input: { mode: 'shapes' } } },
    { authorization: `ApiKey ${e.key}` },
  );
  if (!r.json?.loaded) throw new Error(r.text);
});
await server.close();
await e.stop();
