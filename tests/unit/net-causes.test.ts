// SPEC §Named network causes: classifyError names errors from other sources; auth schemes are
// read from Proxy-Authenticate; the OS proxy parsers; trust sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyError, netCause, NetError } from '../../core/net/net-causes.ts';
import { authSchemes } from '../../core/net/open-connection.ts';
import { parseRegistry, parseScutil, withOsProxyHint } from '../../core/net/os-proxy.ts';
import { trustedCaSources } from '../../core/net/trusted-cas.ts';

const err = (code: string, message = code) => Object.assign(new Error(message), { code });

test('classifyError names errors by code', () => {
  assert.equal(classifyError(err('ENOTFOUND'), 'https://hub.example/x').line, 'dns_failed(hub.example): the name hub.example does not resolve');
  assert.equal(classifyError(err('EAI_AGAIN'), 'hub.example:443').token, 'dns_failed');
  assert.equal(classifyError(err('ECONNREFUSED'), 'http://127.0.0.1:9/').line, 'connect_refused(127.0.0.1:9): nothing accepts connections there');
  assert.equal(
    classifyError(err('ETIMEDOUT'), 'https://hub.example/').line,
    'connect_timeout(hub.example:443): no connection within the connect budget; packets to it are being dropped',
  );
  assert.equal(
    classifyError(err('ECONNRESET'), 'https://hub.example/').line,
    'connection_reset(hub.example): the connection closed before a complete answer (ECONNRESET)',
  );
  assert.equal(classifyError(new Error('socket hang up'), 'https://hub.example/').token, 'connection_reset');
  assert.equal(
    classifyError(err('UND_ERR_HEADERS_TIMEOUT'), 'https://hub.example/').line,
    'response_timeout(hub.example): connected, but no complete answer within the response budget',
  );
  assert.equal(
    classifyError(err('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'), 'https://hub.example/').token,
    'tls_intercepted',
  );
  assert.equal(classifyError(err('ERR_TLS_CERT_ALTNAME_INVALID'), 'https://hub.example/').token, 'tls_name_mismatch');
  assert.equal(
    classifyError(err('ERR_SSL_WRONG_VERSION_NUMBER'), 'https://hub.example:8443/').line,
    'tls_failed(hub.example:8443): the TLS handshake failed: ERR_SSL_WRONG_VERSION_NUMBER',
  );
  assert.equal(
    classifyError(err('HPE_INVALID_CONSTANT'), 'http://hub.example/').line,
    'blocked_by_portal: hub.example:80 answered with something that is not HTTP',
  );
  assert.equal(classifyError(new Error('boom'), 'https://hub.example/').line, 'anchor_unreachable(hub.example:443): boom');
  assert.equal(classifyError('weird', 'https://hub.example/').line, 'anchor_unreachable(hub.example:443): weird');
  // fetch-style errors carry the code on `cause`.
  assert.equal(classifyError(Object.assign(new TypeError('fetch failed'), { cause: err('ECONNREFUSED') }), 'http://127.0.0.1:9/').token, 'connect_refused');
  const already = netCause.blockedByPortal({ via: 'direct' }, 'x');
  assert.equal(classifyError(already, 'http://a/'), already);
});

test('NetError keeps only the redacted route facts', () => {
  const route = { via: 'proxy' as const, proxy: 'http://***@p:1', proxyUrl: new URL('http://u:secret@p:1'), proxyVar: 'HTTPS_PROXY' };
  const e = netCause.connectRefused(route, 'p:1');
  assert.ok(e instanceof NetError);
  assert.deepEqual(e.route, { via: 'proxy', proxy: 'http://***@p:1' });
  assert.ok(!JSON.stringify({ ...e, route: e.route }).includes('secret'));
  assert.equal(e.line, 'connect_refused(p:1): nothing accepts connections there (the proxy http://***@p:1)');
});

test('Proxy-Authenticate schemes, one or several per header', () => {
  assert.deepEqual(authSchemes(['NTLM']), ['NTLM']);
  assert.deepEqual(authSchemes(['Basic realm="corp, inc"']), ['Basic']);
  assert.deepEqual(authSchemes(['Negotiate, NTLM', 'Basic realm="x"']), ['Negotiate', 'NTLM', 'Basic']);
  assert.deepEqual(authSchemes(['Digest realm="x", nonce="y", qop="auth"']), ['Digest']);
  assert.deepEqual(authSchemes(['']), []);
  assert.equal(netCause.proxyAuthRequired({ via: 'proxy', proxy: 'http://p:1' }, [], false).line.split(':')[0], 'proxy_auth_required(unknown)');
});

test('OS proxy settings: scutil (macOS) and the registry (Windows)', () => {
  assert.deepEqual(parseScutil('<dictionary> {\n  HTTPEnable : 0\n  HTTPSEnable : 1\n  HTTPSPort : 8080\n  HTTPSProxy : proxy.corp\n}'), {
    source: 'scutil',
    kind: 'manual',
    value: 'http://proxy.corp:8080',
  });
  assert.deepEqual(parseScutil('<dictionary> {\n  ProxyAutoConfigEnable : 1\n  ProxyAutoConfigURLString : http://wpad/wpad.dat\n}'), {
    source: 'scutil',
    kind: 'pac',
    value: 'http://wpad/wpad.dat',
  });
  assert.equal(parseScutil('<dictionary> {\n  HTTPEnable : 0\n}'), undefined);
  const reg = (lines: string[]) =>
    `\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Internet Settings\n${lines.map((l) => `    ${l}`).join('\n')}\n`;
  assert.deepEqual(parseRegistry(reg(['ProxyEnable    REG_DWORD    0x1', 'ProxyServer    REG_SZ    proxy.corp:8080'])), {
    source: 'registry',
    kind: 'manual',
    value: 'http://proxy.corp:8080',
  });
  assert.deepEqual(parseRegistry(reg(['ProxyEnable    REG_DWORD    0x1', 'ProxyServer    REG_SZ    http=p:80;https=s:8443'])), {
    source: 'registry',
    kind: 'manual',
    value: 'http://s:8443',
  });
  assert.deepEqual(parseRegistry(reg(['ProxyEnable    REG_DWORD    0x0', 'AutoConfigURL    REG_SZ    http://pac.corp/p.pac'])), {
    source: 'registry',
    kind: 'pac',
    value: 'http://pac.corp/p.pac',
  });
  assert.equal(parseRegistry(reg(['ProxyEnable    REG_DWORD    0x0', 'ProxyServer    REG_SZ    proxy.corp:8080'])), undefined);
});

test('the OS proxy settings are read only after a direct failure a proxy could explain', async () => {
  // PATH points nowhere: if the settings were read, gsettings would be missing, which is also "none".
  const env = { PATH: '/nonexistent' };
  const timeout = netCause.connectTimeout({ via: 'direct', bypass: 'none_configured' }, 'hub.example:443', 500, 'connection');
  assert.equal(
    (await withOsProxyHint(timeout, { via: 'direct', bypass: 'none_configured' }, env)).line,
    'connect_timeout(hub.example:443): no connection within 500 ms; packets to it are being dropped; a network reachable only through a proxy needs HTTPS_PROXY',
  );
  for (const route of [
    { via: 'direct' as const, bypass: 'loopback' as const },
    { via: 'direct' as const, bypass: 'no_proxy' as const },
    { via: 'proxy' as const, proxy: 'http://p:1' },
  ]) {
    assert.equal(await withOsProxyHint(timeout, route, env), timeout, JSON.stringify(route));
  }
  const reset = netCause.connectionReset({ via: 'direct', bypass: 'none_configured' }, 'hub.example', 'x');
  assert.equal(await withOsProxyHint(reset, { via: 'direct', bypass: 'none_configured' }, env), reset);
  const refused = netCause.connectRefused({ via: 'direct', bypass: 'none_configured' }, 'hub.example:443');
  assert.equal((await withOsProxyHint(refused, { via: 'direct', bypass: 'none_configured' }, env)).line, refused.line);
});

test('METABOB_NO_SYSTEM_CA=1 leaves the OS store out; bundled roots are always in', () => {
  const withSystem = trustedCaSources({});
  const without = trustedCaSources({ METABOB_NO_SYSTEM_CA: '1' });
  assert.ok(withSystem.bundled.length > 100);
  assert.equal(without.system.length, 0);
  assert.deepEqual(without.bundled, withSystem.bundled);
  assert.deepEqual(trustedCaSources({ NODE_EXTRA_CA_CERTS: '/nonexistent/ca.pem' }).extra, []);
});
