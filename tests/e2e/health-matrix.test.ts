// GET /health tells the truth across the network matrix (SPEC §Named network causes): for each
// failure, the server's /health carries exactly the cause line the one request path gives for
// the same /bootstrap request, the attachment is not attached, the gate names the same line,
// and the key appears nowhere.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { netRequest, NetError } from '../../core/net/net.ts';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';
import {
  closedPort,
  issueCert,
  makeCa,
  startFakeProxy,
  startHttpsTarget,
  startRawPeer,
  startFullBacklog,
  fullBacklogMissingReason,
  startSquid,
  squidMissingReason,
  tempNetDir,
  type Listening,
} from '../helpers/net-fixtures.ts';

const KEY = 'mbk_health_matrix_key_7f3a9c21';
const PROXY_PASSWORD = 'squid-secret-41c7';
const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn();
});
async function serve(listening: Promise<Listening>): Promise<Listening> {
  const l = await listening;
  cleanups.push(l.close);
  return l;
}

/** What core/net answers for the attachment's first request, in the test's own process. */
async function expectedLine(discovery: string, env: Record<string, string>): Promise<string> {
  try {
    await netRequest({ method: 'GET', url: `${discovery}/bootstrap`, responseBudgetMs: 5000, idempotent: true, retryGatewayErrors: true, env });
  } catch (err) {
    assert.ok(err instanceof NetError);
    return err.line;
  }
  throw new Error('the request succeeded; the case is not a failure');
}

async function checkHealth(discovery: string, extraEnv: Record<string, string>, token: string): Promise<void> {
  const env = { PATH: process.env.PATH ?? '', METABOB_NO_SYSTEM_CA: '1', ...extraEnv };
  const line = await expectedLine(discovery, env);
  assert.ok(line.startsWith(`${token}`), line);
  const server: ServerUnderTest = await startServer({ METABOB_API_KEY: KEY, DISCOVERY_ENDPOINT: discovery, METABOB_NO_SYSTEM_CA: '1', ...extraEnv });
  try {
    const health = await server.waitForHealth((h) => h.attachment?.cause != null, 20_000);
    assert.equal(health.attached, false);
    assert.equal(health.attachment.network.cause, token);
    assert.equal(health.attachment.network.causeLine, line);
    assert.ok(health.reason.includes(line), health.reason);
    const result = await server.client.callTool({ name: 'registry_query', arguments: { mode: 'shapes' } });
    assert.equal(result.isError, true);
    assert.ok((result.content as Array<{ text: string }>)[0].text.includes(line));
    const everything = JSON.stringify(health) + server.stderr.join('\n');
    assert.ok(!everything.includes(KEY), 'the key appears in no /health field and no log line');
    assert.ok(!everything.includes(PROXY_PASSWORD), 'proxy credentials are redacted everywhere');
  } finally {
    await server.close();
  }
}

test('/health: nothing listening is connect_refused', async () => {
  await checkHealth(`http://127.0.0.1:${await closedPort()}`, {}, 'connect_refused');
});

test('/health: a name that does not resolve is dns_failed', async () => {
  await checkHealth('http://metabob-nowhere.invalid:18100', {}, 'dns_failed');
});

test('/health: a peer that accepts and never answers is response_timeout', async () => {
  const silent = await serve(startRawPeer(() => undefined));
  await checkHealth(`http://127.0.0.1:${silent.port}`, {}, 'response_timeout');
});

test('/health: a chain from a CA this process does not trust is tls_intercepted', async () => {
  const dir = tempNetDir();
  const ca = makeCa(dir, 'Metabob Health Inspection CA');
  const target = await serve(startHttpsTarget(issueCert(dir, ca, ['localhost'])));
  await checkHealth(`https://localhost:${target.port}`, {}, 'tls_intercepted');
});

test('/health: a proxy that wants NTLM is proxy_auth_required(NTLM), with the proxy named', async () => {
  const proxy = await serve(startFakeProxy('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: NTLM\r\nContent-Length: 0\r\n\r\n'));
  await checkHealth('https://substrate.metabob.test:8443', { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }, 'proxy_auth_required');
});

test('/health: a proxy that answers CONNECT with its own page is blocked_by_portal', async () => {
  const page = '<html><body>Sign in to the guest network</body></html>';
  const proxy = await serve(startFakeProxy(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${page.length}\r\n\r\n${page}`));
  await checkHealth('https://substrate.metabob.test:8443', { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }, 'blocked_by_portal');
});

test('/health: a trusted certificate for another name is tls_name_mismatch', async () => {
  const dir = tempNetDir();
  const ca = makeCa(dir, 'Metabob Health Substrate CA');
  const target = await serve(startHttpsTarget(issueCert(dir, ca, ['other.example'])));
  await checkHealth(`https://localhost:${target.port}`, { NODE_EXTRA_CA_CERTS: ca.certPath }, 'tls_name_mismatch');
});

test('/health: a connect that is dropped is connect_timeout within the connect budget', { skip: fullBacklogMissingReason() }, async () => {
  const blackhole = await startFullBacklog();
  cleanups.push(async () => blackhole.close());
  await checkHealth(`http://127.0.0.1:${blackhole.port}`, { METABOB_CONNECT_TIMEOUT_MS: '500' }, 'connect_timeout');
});

test('/health through a real Squid: rejected credentials and the SSL_ports rule', { skip: squidMissingReason() }, async () => {
  const squid = await startSquid({ user: 'agent', password: PROXY_PASSWORD, extraSslPorts: [], hosts: ['127.0.0.1 substrate.metabob.test'] });
  cleanups.push(squid.stop);
  // Squid applies its SSL_ports rule before authentication: 443 to see the credentials refused.
  await checkHealth(
    'https://substrate.metabob.test:443',
    { HTTPS_PROXY: `http://agent:wrong-${PROXY_PASSWORD}@127.0.0.1:${squid.port}` },
    'proxy_auth_required',
  );
  await checkHealth('https://substrate.metabob.test:8443', { HTTPS_PROXY: `http://agent:${PROXY_PASSWORD}@127.0.0.1:${squid.port}` }, 'proxy_port_blocked');
});
