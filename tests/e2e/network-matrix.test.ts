// The network matrix (SPEC §Named network causes): real sockets on 127.0.0.1,
// real certificates from openssl, fake proxies that answer like the ones in the field. Each
// case asserts the exact cause line. Squid cases: network-matrix-squid.test.ts; the dropped
// connect in a namespace: network-matrix-namespace.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { netRequest, NetError, type NetRequestOptions } from '../../core/net/net.ts';
import {
  closedPort,
  fakeGsettings,
  fullBacklogMissingReason,
  issueCert,
  makeCa,
  startFakeProxy,
  startHttpTarget,
  startHttpsTarget,
  startFullBacklog,
  startRawPeer,
  tempNetDir,
  type Ca,
  type Listening,
} from '../helpers/net-fixtures.ts';

let dir: string;
let trustedCa: Ca;
let inspectionCa: Ca;
let noOsProxyPath: string;
const closers: Array<() => Promise<void>> = [];

async function serve<T extends Listening>(p: Promise<T>): Promise<T> {
  const l = await p;
  closers.push(l.close);
  return l;
}

/** The env every case starts from: short connect budget, no OS store, no OS proxy settings. */
function baseEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: noOsProxyPath, METABOB_CONNECT_TIMEOUT_MS: '1000', METABOB_NO_SYSTEM_CA: '1', ...extra };
}

function trustedEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return baseEnv({ NODE_EXTRA_CA_CERTS: trustedCa.certPath, ...extra });
}

async function failure(options: Partial<NetRequestOptions> & { url: string }): Promise<NetError> {
  try {
    const res = await netRequest({ method: 'GET', responseBudgetMs: 3000, idempotent: true, env: baseEnv(), ...options });
    assert.fail(`expected a NetError, got ${res.status}`);
  } catch (err) {
    assert.ok(err instanceof NetError, `rejected with ${String(err)}`);
    return err;
  }
}

before(() => {
  dir = tempNetDir();
  trustedCa = makeCa(dir, 'Metabob Test Substrate CA');
  inspectionCa = makeCa(dir, 'Metabob Test Inspection CA');
  noOsProxyPath = fakeGsettings(join(dir, 'none'), { 'org.gnome.system.proxy mode': "'none'" });
});

after(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

describe('direct', () => {
  test('http to a loopback target: 200, direct because loopback, one attempt', async () => {
    const target = await serve(startHttpTarget());
    const res = await netRequest({
      method: 'GET',
      url: `http://127.0.0.1:${target.port}/health?x=1`,
      responseBudgetMs: 2000,
      idempotent: true,
      env: baseEnv(),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { ok: true, method: 'GET', url: '/health?x=1', host: `127.0.0.1:${target.port}`, body: '' });
    assert.deepEqual(res.route, { via: 'direct', bypass: 'loopback' });
    assert.equal(res.attempts, 1);
    assert.equal(res.tls, undefined);
  });

  test('POST sends its body with a Content-Length', async () => {
    const target = await serve(startHttpTarget());
    const res = await netRequest({
      method: 'POST',
      url: `http://127.0.0.1:${target.port}/resolve`,
      body: '{"shape":"x"}',
      headers: { 'content-type': 'application/json' },
      responseBudgetMs: 2000,
      idempotent: false,
      env: baseEnv(),
    });
    assert.deepEqual(JSON.parse(res.body), { ok: true, method: 'POST', url: '/resolve', host: `127.0.0.1:${target.port}`, body: '{"shape":"x"}' });
  });

  test('https with the CA trusted through NODE_EXTRA_CA_CERTS passed in env: verified, issuer named', async () => {
    const target = await serve(startHttpsTarget(issueCert(dir, trustedCa, ['localhost', '127.0.0.1'])));
    const res = await netRequest({ method: 'GET', url: `https://localhost:${target.port}/v1`, responseBudgetMs: 2000, idempotent: true, env: trustedEnv() });
    assert.equal(res.status, 200);
    assert.deepEqual(res.tls, { host: 'localhost', authorized: true, issuer: 'Metabob Test Substrate CA' });
    const byIp = await netRequest({ method: 'GET', url: `https://127.0.0.1:${target.port}/v1`, responseBudgetMs: 2000, idempotent: true, env: trustedEnv() });
    assert.deepEqual(byIp.tls, { host: '127.0.0.1', authorized: true, issuer: 'Metabob Test Substrate CA' });
  });

  test('a redirect is returned, never followed', async () => {
    const target = await serve(
      startHttpTarget((_req, res) => {
        res.writeHead(302, { location: 'http://portal.example/login' });
        res.end();
      }),
    );
    const res = await netRequest({ method: 'GET', url: `http://127.0.0.1:${target.port}/bootstrap`, responseBudgetMs: 2000, idempotent: true, env: baseEnv() });
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, 'http://portal.example/login');
    assert.equal(target.connections(), 1);
  });
});

describe('TLS', () => {
  test('a chain from a CA not trusted: tls_intercepted(<issuer>), and no byte of the request reaches the server', async () => {
    let requests = 0;
    const target = await serve(
      startHttpsTarget(issueCert(dir, inspectionCa, ['localhost']), (_q, s) => {
        requests++;
        s.end('{}');
      }),
    );
    const err = await failure({ url: `https://localhost:${target.port}/bootstrap`, env: trustedEnv() });
    assert.equal(
      err.line,
      `tls_intercepted(Metabob Test Inspection CA): localhost:${target.port} served a chain signed by Metabob Test Inspection CA, which this process does not trust (TLS inspection or a private CA); add that CA's certificate to NODE_EXTRA_CA_CERTS if it is yours`,
    );
    assert.equal(err.token, 'tls_intercepted');
    assert.deepEqual(err.tls, { host: 'localhost', authorized: false, issuer: 'Metabob Test Inspection CA' });
    assert.equal(requests, 0);
    assert.equal(target.connections(), 1, 'a classification is never retried');
  });

  test('the same server is untrusted without NODE_EXTRA_CA_CERTS, trusted with it', async () => {
    const target = await serve(startHttpsTarget(issueCert(dir, trustedCa, ['localhost'])));
    const err = await failure({ url: `https://localhost:${target.port}/`, env: baseEnv() });
    assert.equal(
      err.line,
      `tls_intercepted(Metabob Test Substrate CA): localhost:${target.port} served a chain signed by Metabob Test Substrate CA, which this process does not trust (TLS inspection or a private CA); add that CA's certificate to NODE_EXTRA_CA_CERTS if it is yours`,
    );
    const res = await netRequest({ method: 'GET', url: `https://localhost:${target.port}/`, responseBudgetMs: 2000, idempotent: true, env: trustedEnv() });
    assert.equal(res.status, 200);
  });

  test('a trusted certificate for another name: tls_name_mismatch(<host>)', async () => {
    const target = await serve(startHttpsTarget(issueCert(dir, trustedCa, ['other.example'])));
    const err = await failure({ url: `https://localhost:${target.port}/`, env: trustedEnv() });
    assert.equal(err.line, `tls_name_mismatch(localhost): the trusted certificate served at localhost:${target.port} is for other.example, not localhost`);
    assert.deepEqual(err.tls, { host: 'localhost', authorized: false, issuer: 'Metabob Test Substrate CA', issuedFor: 'other.example' });
  });

  test('a peer that accepts and never answers the TLS handshake: connect_timeout within the connect budget', async () => {
    const peer = await serve(startRawPeer((sock) => sock.on('data', () => undefined)));
    const err = await failure({ url: `https://127.0.0.1:${peer.port}/`, env: trustedEnv({ METABOB_CONNECT_TIMEOUT_MS: '300' }) });
    assert.equal(err.line, `connect_timeout(127.0.0.1:${peer.port}): no TLS handshake within 300 ms`);
  });

  test('a plain-http peer on an https URL: tls_failed(<host:port>)', async () => {
    const target = await serve(startHttpTarget());
    const err = await failure({ url: `https://127.0.0.1:${target.port}/`, env: trustedEnv() });
    assert.equal(err.token, 'tls_failed');
    assert.match(err.line, new RegExp(`^tls_failed\\(127\\.0\\.0\\.1:${target.port}\\): the TLS handshake failed: ERR_SSL_WRONG_VERSION_NUMBER: `));
  });
});

describe('connections', () => {
  test('DNS failure: dns_failed(<host>)', async () => {
    const err = await failure({ url: 'http://metabob-nowhere.invalid:8080/bootstrap' });
    assert.equal(err.line, 'dns_failed(metabob-nowhere.invalid): the name metabob-nowhere.invalid does not resolve');
    assert.deepEqual(err.route, { via: 'direct', bypass: 'none_configured' });
  });

  test('DNS failure with a PAC script in the OS settings names it', async () => {
    const pacPath = fakeGsettings(join(dir, 'pac'), {
      'org.gnome.system.proxy mode': "'auto'",
      'org.gnome.system.proxy autoconfig-url': "'http://wpad.corp.invalid/wpad.dat'",
    });
    const err = await failure({ url: 'https://metabob-nowhere.invalid/bootstrap', env: baseEnv({ PATH: pacPath }) });
    assert.equal(
      err.line,
      'dns_failed(metabob-nowhere.invalid): the name metabob-nowhere.invalid does not resolve; the OS proxy settings use a PAC script (http://wpad.corp.invalid/wpad.dat), which this process does not see; set HTTPS_PROXY',
    );
    assert.equal(err.osProxy, 'pac http://wpad.corp.invalid/wpad.dat');
  });

  test('nothing listening: connect_refused(<host:port>), not retried, no OS proxy lookup for loopback', async () => {
    const port = await closedPort();
    const err = await failure({ url: `http://127.0.0.1:${port}/bootstrap` });
    assert.equal(err.line, `connect_refused(127.0.0.1:${port}): nothing accepts connections there`);
  });

  test(
    'a dropped connect on loopback (a listener whose accept queue is full): connect_timeout(<host:port>)',
    { skip: fullBacklogMissingReason() },
    async () => {
      const listener = await startFullBacklog();
      try {
        const started = Date.now();
        const err = await failure({ url: `http://127.0.0.1:${listener.port}/bootstrap`, env: baseEnv({ METABOB_CONNECT_TIMEOUT_MS: '300' }) });
        assert.equal(err.line, `connect_timeout(127.0.0.1:${listener.port}): no connection within 300 ms; packets to it are being dropped`);
        assert.ok(Date.now() - started < 2500, 'the connect budget ends the attempt, and a timeout is not retried');
      } finally {
        listener.close();
      }
    },
  );

  test('a peer that accepts and never answers: response_timeout(<host>, <ms>)', async () => {
    const peer = await serve(startRawPeer((s) => s.on('data', () => undefined)));
    const started = Date.now();
    const err = await failure({ url: `http://127.0.0.1:${peer.port}/bootstrap`, responseBudgetMs: 400 });
    assert.equal(err.line, 'response_timeout(127.0.0.1, 400): connected, but no complete answer within 400 ms');
    assert.ok(Date.now() - started < 2500, 'the budget ends the request');
  });

  test('a connection reset is retried twice on a read, never on a write', async () => {
    // Closes once the whole request has arrived (a FIN, not an RST from unread data), before answering.
    const peer = await serve(
      startRawPeer((s) => {
        let got = '';
        s.on('data', (d: Buffer) => {
          got += d.toString('latin1');
          if (/\r\n\r\n(\{\})?$/.test(got)) s.end();
        });
      }),
    );
    const read = await failure({ url: `http://127.0.0.1:${peer.port}/x` });
    assert.equal(read.line, 'connection_reset(127.0.0.1): the connection closed before a complete answer (closed without an answer)');
    assert.equal(peer.connections(), 3);
    const write = await failure({ method: 'POST', url: `http://127.0.0.1:${peer.port}/x`, body: '{}', idempotent: false });
    assert.equal(write.token, 'connection_reset');
    assert.equal(peer.connections(), 4);
  });

  test('a non-HTTP answer is blocked_by_portal', async () => {
    const peer = await serve(startRawPeer((s) => s.once('data', () => s.write('SSH-2.0-OpenSSH_9.2\r\n'))));
    const err = await failure({ url: `http://127.0.0.1:${peer.port}/x` });
    assert.equal(err.line, `blocked_by_portal: 127.0.0.1:${peer.port} answered with something that is not HTTP`);
  });

  test('502/503/504 are retried only with retryGatewayErrors, and 4xx never', async () => {
    const statuses = [503, 502, 200];
    let calls = 0;
    const target = await serve(
      startHttpTarget((_q, s) => {
        s.statusCode = statuses[Math.min(calls++, statuses.length - 1)];
        s.end('{}');
      }),
    );
    const url = `http://127.0.0.1:${target.port}/bootstrap`;
    const retried = await netRequest({ method: 'GET', url, responseBudgetMs: 3000, idempotent: true, retryGatewayErrors: true, env: baseEnv() });
    assert.deepEqual([retried.status, retried.attempts], [200, 3]);
    calls = 0;
    const plain = await netRequest({ method: 'GET', url, responseBudgetMs: 3000, idempotent: true, env: baseEnv() });
    assert.deepEqual([plain.status, plain.attempts], [503, 1]);
    calls = 0;
    const write = await netRequest({ method: 'POST', url, body: '{}', responseBudgetMs: 3000, idempotent: false, retryGatewayErrors: true, env: baseEnv() });
    assert.deepEqual([write.status, write.attempts], [503, 1]);
  });

  test('a retry that would not fit in the budget is not made', async () => {
    let calls = 0;
    const target = await serve(
      startHttpTarget((_q, s) => {
        calls++;
        s.statusCode = 503;
        s.end('{}');
      }),
    );
    const res = await netRequest({
      method: 'GET',
      url: `http://127.0.0.1:${target.port}/`,
      responseBudgetMs: 200,
      idempotent: true,
      retryGatewayErrors: true,
      env: baseEnv(),
    });
    assert.deepEqual([res.status, res.attempts, calls], [503, 1, 1]);
  });
});

describe('proxies', () => {
  const proxied = (port: number, extra: NodeJS.ProcessEnv = {}) => trustedEnv({ HTTPS_PROXY: `http://127.0.0.1:${port}`, ...extra });

  test('407 with NTLM: proxy_auth_required(NTLM) names a local authenticating relay', async () => {
    const proxy = await serve(startFakeProxy('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: NTLM\r\nContent-Length: 0\r\n\r\n'));
    const err = await failure({ url: 'https://substrate.metabob.test/bootstrap', env: proxied(proxy.port) });
    assert.equal(
      err.line,
      `proxy_auth_required(NTLM): the proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) asks for NTLM authentication, which this process does not speak; run a local authenticating relay (px or cntlm) and point HTTPS_PROXY at it`,
    );
    assert.deepEqual(err.route, { via: 'proxy', proxy: `http://127.0.0.1:${proxy.port}` });
    assert.equal(proxy.connections(), 1, 'an auth failure is never retried');
  });

  test('407 offering Negotiate and NTLM names both', async () => {
    const proxy = await serve(
      startFakeProxy('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Negotiate\r\nProxy-Authenticate: NTLM\r\nContent-Length: 0\r\n\r\n'),
    );
    const err = await failure({
      url: 'https://substrate.metabob.test/bootstrap',
      env: proxied(proxy.port, { https_proxy: `127.0.0.1:${proxy.port}`, HTTPS_PROXY: 'http://ignored.invalid:1' }),
    });
    assert.equal(
      err.line,
      `proxy_auth_required(Negotiate, NTLM): the proxy http://127.0.0.1:${proxy.port} (https_proxy) asks for Negotiate, NTLM authentication, which this process does not speak; run a local authenticating relay (px or cntlm) and point https_proxy at it`,
    );
  });

  test('CONNECT answered with an HTML block page: blocked_by_portal; CONNECT names the host, not an address', async () => {
    const page = '<html><body>Blocked by policy</body></html>';
    const heads: string[] = [];
    const proxy = await serve(startFakeProxy(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${page.length}\r\n\r\n${page}`, heads));
    const err = await failure({ url: 'https://substrate.metabob.test/bootstrap', env: proxied(proxy.port) });
    assert.equal(
      err.line,
      `blocked_by_portal: the proxy http://127.0.0.1:${proxy.port} answered CONNECT substrate.metabob.test:443 with a page (text/html) instead of a tunnel`,
    );
    assert.equal(heads[0], 'CONNECT substrate.metabob.test:443 HTTP/1.1\r\nHost: substrate.metabob.test:443');
  });

  test('CONNECT answered 403 with a page on 443: blocked_by_portal', async () => {
    const proxy = await serve(startFakeProxy('HTTP/1.1 403 Forbidden\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 6\r\n\r\nno way'));
    const err = await failure({ url: 'https://substrate.metabob.test/bootstrap', env: proxied(proxy.port) });
    assert.equal(
      err.line,
      `blocked_by_portal: the proxy http://127.0.0.1:${proxy.port} answered CONNECT substrate.metabob.test:443 with its own HTML page (403) instead of a tunnel`,
    );
  });

  test('a proxy that answers CONNECT with something not HTTP: blocked_by_portal', async () => {
    const proxy = await serve(startFakeProxy('220 mail.example ESMTP\r\n\r\n'));
    const err = await failure({ url: 'https://substrate.metabob.test/', env: proxied(proxy.port) });
    assert.equal(
      err.line,
      `blocked_by_portal: the proxy http://127.0.0.1:${proxy.port} answered CONNECT substrate.metabob.test:443 with something that is not HTTP`,
    );
  });

  test('a 5xx to CONNECT: anchor_unreachable, retried on a read', async () => {
    const proxy = await serve(startFakeProxy('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
    const err = await failure({ url: 'https://substrate.metabob.test/bootstrap', env: proxied(proxy.port) });
    assert.equal(
      err.line,
      `anchor_unreachable(substrate.metabob.test:443): the proxy http://127.0.0.1:${proxy.port} could not reach it (502 Bad Gateway to CONNECT)`,
    );
    assert.equal(proxy.connections(), 3);
  });

  test('a proxy that accepts and never answers CONNECT: connect_timeout(<target>) within the connect budget', async () => {
    const proxy = await serve(startRawPeer((s) => s.on('data', () => undefined)));
    const err = await failure({ url: 'https://substrate.metabob.test/bootstrap', env: proxied(proxy.port, { METABOB_CONNECT_TIMEOUT_MS: '300' }) });
    assert.equal(err.line, 'connect_timeout(substrate.metabob.test:443): no tunnel within 300 ms');
  });

  test('credentials in the proxy URL are sent as Basic and redacted; the tunnel carries verified TLS', async () => {
    const target = await serve(startHttpsTarget(issueCert(dir, trustedCa, ['substrate.metabob.test'])));
    const heads: string[] = [];
    const proxy = await serve(startFakeProxy('tunnel', heads));
    const res = await netRequest({
      method: 'GET',
      url: `https://substrate.metabob.test:${target.port}/v1`,
      responseBudgetMs: 3000,
      idempotent: true,
      env: trustedEnv({ HTTPS_PROXY: `http://al%40ice:p%3Ass@127.0.0.1:${proxy.port}` }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.route, { via: 'proxy', proxy: `http://***@127.0.0.1:${proxy.port}` });
    assert.deepEqual(res.tls, { host: 'substrate.metabob.test', authorized: true, issuer: 'Metabob Test Substrate CA' });
    assert.equal(
      heads[0],
      `CONNECT substrate.metabob.test:${target.port} HTTP/1.1\r\nHost: substrate.metabob.test:${target.port}\r\nProxy-Authorization: Basic ${Buffer.from('al@ice:p:ss').toString('base64')}`,
    );
    assert.equal(JSON.parse(res.body).host, `substrate.metabob.test:${target.port}`);
  });

  test('an https:// proxy: TLS to the proxy (verified), then the tunnel, then verified TLS to the target inside it', async () => {
    const target = await serve(startHttpsTarget(issueCert(dir, trustedCa, ['substrate.metabob.test'])));
    const heads: string[] = [];
    const proxy = await serve(startFakeProxy('tunnel', heads, issueCert(dir, trustedCa, ['127.0.0.1'])));
    const res = await netRequest({
      method: 'GET',
      url: `https://substrate.metabob.test:${target.port}/v1`,
      responseBudgetMs: 3000,
      idempotent: true,
      env: trustedEnv({ HTTPS_PROXY: `https://127.0.0.1:${proxy.port}` }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.route, { via: 'proxy', proxy: `https://127.0.0.1:${proxy.port}` });
    assert.deepEqual(res.tls, { host: 'substrate.metabob.test', authorized: true, issuer: 'Metabob Test Substrate CA' });
    assert.equal(heads[0], `CONNECT substrate.metabob.test:${target.port} HTTP/1.1\r\nHost: substrate.metabob.test:${target.port}`);
  });

  test('an https:// proxy with an untrusted certificate: tls_intercepted names its issuer', async () => {
    const proxy = await serve(startFakeProxy('tunnel', [], issueCert(dir, inspectionCa, ['127.0.0.1'])));
    const err = await failure({ url: 'https://substrate.metabob.test/', env: trustedEnv({ HTTPS_PROXY: `https://127.0.0.1:${proxy.port}` }) });
    assert.equal(
      err.line,
      `tls_intercepted(Metabob Test Inspection CA): 127.0.0.1:${proxy.port} served a chain signed by Metabob Test Inspection CA, which this process does not trust (TLS inspection or a private CA); add that CA's certificate to NODE_EXTRA_CA_CERTS if it is yours`,
    );
  });

  test('http through a proxy goes in absolute form with Proxy-Authorization', async () => {
    const heads: string[] = [];
    const proxy = await serve(startFakeProxy('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"via":"p"}', heads));
    const res = await netRequest({
      method: 'GET',
      url: 'http://hub.corp.invalid:8080/x?y=1',
      responseBudgetMs: 3000,
      idempotent: true,
      env: baseEnv({ HTTP_PROXY: `http://u:pw@127.0.0.1:${proxy.port}` }),
    });
    assert.equal(res.body, '{"via":"p"}');
    assert.match(heads[0], /^GET http:\/\/hub\.corp\.invalid:8080\/x\?y=1 HTTP\/1\.1\r\n/);
    assert.match(heads[0], new RegExp(`\\r\\nProxy-Authorization: Basic ${Buffer.from('u:pw').toString('base64')}(\\r\\n|$)`));
    assert.match(heads[0], /\r\nHost: hub\.corp\.invalid:8080(\r\n|$)/);
  });

  test('an http URL with only HTTPS_PROXY set goes direct (http_proxy_unset)', async () => {
    const proxy = await serve(startFakeProxy('HTTP/1.1 500 No\r\n\r\n'));
    const err = await failure({ url: 'http://hub.corp.invalid/x', env: baseEnv({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }) });
    assert.equal(err.line, 'dns_failed(hub.corp.invalid): the name hub.corp.invalid does not resolve');
    assert.deepEqual(err.route, { via: 'direct', bypass: 'http_proxy_unset' });
    assert.equal(proxy.connections(), 0);
  });

  test('socks5: proxy_unsupported(socks5), credentials redacted', async () => {
    const err = await failure({ url: 'https://substrate.metabob.test/', env: baseEnv({ HTTPS_PROXY: 'socks5://user:secret@127.0.0.1:1080' }) });
    assert.equal(
      err.line,
      'proxy_unsupported(socks5): HTTPS_PROXY=socks5://***@127.0.0.1:1080 is not an http:// or https:// proxy; this process speaks only to HTTP proxies',
    );
    assert.ok(!JSON.stringify(err.route).includes('secret'));
  });

  test('a loopback target with HTTPS_PROXY set goes direct', async () => {
    const target = await serve(startHttpsTarget(issueCert(dir, trustedCa, ['localhost'])));
    const proxy = await serve(startFakeProxy('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    for (const host of ['localhost', '127.0.0.2', 'api.localhost']) {
      const url = `https://${host}:${target.port}/`;
      if (host === 'localhost') {
        const res = await netRequest({ method: 'GET', url, responseBudgetMs: 2000, idempotent: true, env: proxied(proxy.port) });
        assert.deepEqual([res.status, res.route], [200, { via: 'direct', bypass: 'loopback' }]);
      } else {
        const err = await failure({ url, env: proxied(proxy.port) });
        assert.deepEqual(err.route, { via: 'direct', bypass: 'loopback' }, host);
      }
    }
    assert.equal(proxy.connections(), 0);
  });

  // IPv4 CIDR entries are covered in tests/unit/net-select-proxy.test.ts: a direct request to a
  // non-loopback address would leave this machine.
  test('NO_PROXY forms send the target direct; others still go through the proxy', async () => {
    const proxy = await serve(startFakeProxy('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'));
    const cases: Array<[string, string, string | undefined]> = [
      ['*', 'http://hub.corp.invalid/x', '*'],
      ['corp.invalid', 'http://hub.corp.invalid/x', 'corp.invalid'],
      ['.corp.invalid', 'http://hub.corp.invalid/x', '.corp.invalid'],
      ['hub.corp.invalid:8080', 'http://hub.corp.invalid:8080/x', 'hub.corp.invalid:8080'],
      ['hub.corp.invalid:8080', 'http://hub.corp.invalid:9090/x', undefined],
      ['other.invalid, 192.168.0.0/16', 'http://hub.corp.invalid/x', undefined],
    ];
    for (const [noProxy, url, entry] of cases) {
      const env = baseEnv({ HTTP_PROXY: `127.0.0.1:${proxy.port}`, no_proxy: noProxy, METABOB_CONNECT_TIMEOUT_MS: '200' });
      if (entry === undefined) {
        const res = await netRequest({ method: 'GET', url, responseBudgetMs: 2000, idempotent: true, env });
        assert.deepEqual(res.route, { via: 'proxy', proxy: `http://127.0.0.1:${proxy.port}` }, `${noProxy} ${url}`);
      } else {
        const err = await failure({ url, env, responseBudgetMs: 400 });
        assert.deepEqual(err.route, { via: 'direct', bypass: 'no_proxy', noProxyEntry: entry }, `${noProxy} ${url}`);
      }
    }
    assert.equal(proxy.connections(), 2);
  });
});
