// `npm run bench`: what the one request path (core/net) costs per request on loopback: plain
// http, https with a full handshake and chain + name verification (every request opens its own
// connection: Connection: close), and https through a CONNECT tunnel; plus building the trust
// context once (bundled roots + OS store + NODE_EXTRA_CA_CERTS).
import { rmSync } from 'node:fs';
import { netRequest } from '../../core/net/net.ts';
import { trustedContext } from '../../core/net/trusted-cas.ts';
import { issueCert, makeCa, startFakeProxy, startHttpsTarget, startHttpTarget, tempNetDir } from '../../tests/helpers/net-fixtures.ts';
import { percentile } from './support/percentile.ts';

const RUNS = 200;

async function measure(label: string, url: string, env: NodeJS.ProcessEnv): Promise<void> {
  for (let i = 0; i < 5; i++) await netRequest({ method: 'GET', url, responseBudgetMs: 5000, idempotent: true, env });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await netRequest({ method: 'GET', url, responseBudgetMs: 5000, idempotent: true, env });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${label}: status ${res.status}`);
  }
  console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms over ${RUNS}`);
}

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
const dir = tempNetDir();
const ca = makeCa(dir, 'Metabob Bench CA');
const env = { NODE_EXTRA_CA_CERTS: ca.certPath, PATH: process.env.PATH };

let started = performance.now();
trustedContext(env);
console.log(`  trust context (bundled roots + OS store + NODE_EXTRA_CA_CERTS), built once: ${(performance.now() - started).toFixed(1)} ms`);
started = performance.now();
trustedContext(env);
console.log(`  trust context, cached: ${(performance.now() - started).toFixed(3)} ms`);

const http = await startHttpTarget();
const https = await startHttpsTarget(issueCert(dir, ca, ['substrate.metabob.test', 'localhost']));
const proxy = await startFakeProxy('tunnel');
await measure('http, direct', `http://127.0.0.1:${http.port}/health`, env);
await measure('https, direct, verified', `https://localhost:${https.port}/health`, env);
await measure('https through a CONNECT tunnel, verified', `https://substrate.metabob.test:${https.port}/health`, {
  ...env,
  HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`,
});
await Promise.all([http.close(), https.close(), proxy.close()]);
rmSync(dir, { recursive: true, force: true });
