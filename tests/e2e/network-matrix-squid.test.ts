// The network matrix through a real Squid (Debian's package; .ci/run installs it): Basic auth
// through basic_ncsa_auth + htpasswd, and Squid's SSL_ports rule. Squid resolves the target's
// name itself from a hosts_file, so the client sends CONNECT by name and needs no DNS, as
// behind a real corporate proxy, while every socket stays on 127.0.0.1.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { netRequest, NetError, type NetRequestOptions } from '../../core/net/net.ts';
import {
  closedPort,
  fakeGsettings,
  issueCert,
  makeCa,
  squidMissingReason,
  startHttpTarget,
  startHttpsTarget,
  startSquid,
  tempNetDir,
  type Ca,
  type Listening,
  type RunningSquid,
} from '../helpers/net-fixtures.ts';

const skip = squidMissingReason();
const HOST = 'substrate.metabob.test';
const USER = 'alice';
const PASSWORD = 'squid-s3cret-pw';

/** The access log once a line matches `line`, or as it is after 5 s (the assertion then says what it held). */
async function logOnceItHas(path: string, line: RegExp): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const log = readFileSync(path, 'utf8');
    if (line.test(log) || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('network matrix through Squid', { skip: skip ? `skipped: ${skip}` : false }, () => {
  let dir: string;
  let ca: Ca;
  let squid: RunningSquid;
  let httpsTarget: Listening;
  let httpTarget: Listening;
  let blockedPort: number;
  let binPath: string;
  const lines: string[] = [];

  before(async () => {
    dir = tempNetDir();
    ca = makeCa(dir, 'Metabob Test Substrate CA');
    binPath = fakeGsettings(dir, { 'org.gnome.system.proxy mode': "'none'" });
    httpsTarget = await startHttpsTarget(issueCert(dir, ca, [HOST]));
    httpTarget = await startHttpTarget();
    blockedPort = await closedPort();
    squid = await startSquid({ user: USER, password: PASSWORD, extraSslPorts: [httpsTarget.port], hosts: [`127.0.0.1 ${HOST}`] });
  });

  after(async () => {
    await squid?.stop();
    await httpsTarget?.close();
    await httpTarget?.close();
    // No secret in any line this file saw.
    for (const line of lines) assert.ok(!line.includes(PASSWORD), line);
    rmSync(dir, { recursive: true, force: true });
  });

  const proxyUrl = (credentials?: string) => `http://${credentials ? `${credentials}@` : ''}127.0.0.1:${squid.port}`;
  const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    PATH: binPath,
    METABOB_CONNECT_TIMEOUT_MS: '3000',
    METABOB_NO_SYSTEM_CA: '1',
    NODE_EXTRA_CA_CERTS: ca.certPath,
    ...extra,
  });

  async function failure(options: Partial<NetRequestOptions> & { url: string }): Promise<NetError> {
    try {
      const res = await netRequest({ method: 'GET', responseBudgetMs: 8000, idempotent: true, ...options });
      assert.fail(`expected a NetError, got ${res.status}`);
    } catch (err) {
      assert.ok(err instanceof NetError, `rejected with ${String(err)}`);
      lines.push(err.line, JSON.stringify(err.route));
      return err;
    }
  }

  test('good credentials: CONNECT by name to an allowed port, TLS verified through the tunnel', async () => {
    const res = await netRequest({
      method: 'GET',
      url: `https://${HOST}:${httpsTarget.port}/v1/health`,
      responseBudgetMs: 8000,
      idempotent: true,
      env: env({ HTTPS_PROXY: proxyUrl(`${USER}:${PASSWORD}`) }),
    });
    lines.push(JSON.stringify(res.route));
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { ok: true, method: 'GET', url: '/v1/health', host: `${HOST}:${httpsTarget.port}`, body: '' });
    assert.deepEqual(res.route, { via: 'proxy', proxy: `http://***@127.0.0.1:${squid.port}` });
    assert.deepEqual(res.tls, { host: HOST, authorized: true, issuer: 'Metabob Test Substrate CA' });
    // Squid logs a tunnel when it closes, which may be after the response is read: wait for the line.
    const connect = new RegExp(`CONNECT ${HOST.replace(/\./g, '\\.')}:${httpsTarget.port} ${USER} `);
    assert.match(await logOnceItHas(join(squid.dir, 'access.log'), connect), connect);
  });

  test('good credentials: http goes to Squid in absolute form', async () => {
    const res = await netRequest({
      method: 'POST',
      url: `http://${HOST}:${httpTarget.port}/resolve`,
      body: '{"a":1}',
      responseBudgetMs: 8000,
      idempotent: false,
      env: env({ HTTP_PROXY: proxyUrl(`${USER}:${PASSWORD}`) }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { ok: true, method: 'POST', url: '/resolve', host: `${HOST}:${httpTarget.port}`, body: '{"a":1}' });
    assert.match(res.headers.via ?? '', /squid/);
  });

  test('bad credentials: proxy_auth_required(Basic) says they were rejected', async () => {
    const err = await failure({ url: `https://${HOST}:${httpsTarget.port}/`, env: env({ HTTPS_PROXY: proxyUrl(`${USER}:wrong-password`) }) });
    assert.equal(
      err.line,
      `proxy_auth_required(Basic): the proxy http://***@127.0.0.1:${squid.port} (HTTPS_PROXY) rejected the credentials in the proxy URL; correct the user and password in HTTPS_PROXY`,
    );
  });

  test('no credentials: proxy_auth_required(Basic) says to put them in the proxy URL', async () => {
    const err = await failure({ url: `https://${HOST}:${httpsTarget.port}/`, env: env({ HTTPS_PROXY: proxyUrl() }) });
    assert.equal(
      err.line,
      `proxy_auth_required(Basic): the proxy http://127.0.0.1:${squid.port} (HTTPS_PROXY) asks for credentials; put them in the proxy URL (HTTPS_PROXY=http://user:password@host:port)`,
    );
  });

  test('plain http without credentials: the 407 to an absolute-form GET is proxy_auth_required(Basic) too', async () => {
    const err = await failure({ url: `http://${HOST}:${httpTarget.port}/`, env: env({ HTTP_PROXY: proxyUrl() }) });
    assert.equal(
      err.line,
      `proxy_auth_required(Basic): the proxy http://127.0.0.1:${squid.port} (HTTP_PROXY) asks for credentials; put them in the proxy URL (HTTP_PROXY=http://user:password@host:port)`,
    );
  });

  test("Squid's SSL_ports rule: CONNECT to another port is proxy_port_blocked(<port>)", async () => {
    const err = await failure({ url: `https://${HOST}:${blockedPort}/`, env: env({ HTTPS_PROXY: proxyUrl(`${USER}:${PASSWORD}`) }) });
    assert.equal(
      err.line,
      `proxy_port_blocked(${blockedPort}): the proxy http://***@127.0.0.1:${squid.port} (HTTPS_PROXY) refused CONNECT to port ${blockedPort} (403); proxies such as Squid tunnel only to 443 by default, so serve the substrate on 443 or have port ${blockedPort} allowed`,
    );
  });

  test('Squid cannot reach the target on 443: anchor_unreachable(<host:port>)', async () => {
    const err = await failure({ url: `https://${HOST}/`, env: env({ HTTPS_PROXY: proxyUrl(`${USER}:${PASSWORD}`) }) });
    assert.equal(
      err.line,
      `anchor_unreachable(${HOST}:443): the proxy http://***@127.0.0.1:${squid.port} could not reach it (503 Service Unavailable to CONNECT)`,
    );
  });
});
