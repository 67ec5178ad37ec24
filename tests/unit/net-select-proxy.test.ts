// SPEC §Proxy selection, exhaustively: which variable, lowercase over uppercase, scheme-less
// proxies, NO_PROXY forms, loopback always direct, and the redacted proxy environment (the
// redaction itself: redact-url.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLoopbackHost, matchNoProxy, proxyEnvironment, selectProxy } from '../../core/net/select-proxy.ts';

const pick = (url: string, env: NodeJS.ProcessEnv) => {
  const { proxyUrl: _proxyUrl, ...rest } = selectProxy(url, env);
  return rest;
};

test('https uses HTTPS_PROXY, then HTTP_PROXY; http uses HTTP_PROXY only', () => {
  assert.deepEqual(pick('https://hub.example/x', { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:2' }), {
    via: 'proxy',
    proxy: 'http://s:1',
    proxyVar: 'HTTPS_PROXY',
  });
  assert.deepEqual(pick('https://hub.example/x', { HTTP_PROXY: 'http://p:2' }), { via: 'proxy', proxy: 'http://p:2', proxyVar: 'HTTP_PROXY' });
  assert.deepEqual(pick('http://hub.example/x', { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:2' }), {
    via: 'proxy',
    proxy: 'http://p:2',
    proxyVar: 'HTTP_PROXY',
  });
  assert.deepEqual(pick('http://hub.example/x', { HTTPS_PROXY: 'http://s:1' }), { via: 'direct', bypass: 'http_proxy_unset' });
  assert.deepEqual(pick('https://hub.example/x', {}), { via: 'direct', bypass: 'none_configured' });
  assert.deepEqual(pick('https://hub.example/x', { HTTPS_PROXY: '  ' }), { via: 'direct', bypass: 'none_configured' });
});

test('lowercase names win over uppercase', () => {
  assert.deepEqual(pick('https://hub.example/', { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:2' }), {
    via: 'proxy',
    proxy: 'http://low:1',
    proxyVar: 'https_proxy',
  });
  assert.deepEqual(pick('https://hub.example/', { HTTPS_PROXY: 'http://p:2', no_proxy: 'hub.example', NO_PROXY: 'other' }), {
    via: 'direct',
    bypass: 'no_proxy',
    noProxyEntry: 'hub.example',
  });
  assert.deepEqual(pick('https://hub.example/', { HTTPS_PROXY: 'http://p:2', no_proxy: 'other', NO_PROXY: 'hub.example' }).via, 'proxy');
});

test('a proxy without a scheme is http://; https:// proxies are kept; other schemes are unsupported', () => {
  const plain = selectProxy('https://hub.example/', { HTTPS_PROXY: 'proxy.corp:3128' });
  assert.equal(plain.proxyUrl?.href, 'http://proxy.corp:3128/');
  assert.equal(plain.proxy, 'http://proxy.corp:3128');
  assert.equal(selectProxy('https://hub.example/', { HTTPS_PROXY: 'https://proxy.corp' }).proxyUrl?.protocol, 'https:');
  assert.equal(selectProxy('https://hub.example/', { HTTPS_PROXY: 'socks5://u:p@h:1080' }).unsupportedScheme, 'socks5');
  assert.equal(selectProxy('https://hub.example/', { HTTPS_PROXY: 'socks5h://h:1080' }).unsupportedScheme, 'socks5h');
  assert.equal(selectProxy('https://hub.example/', { HTTPS_PROXY: 'http://[bad' }).unsupportedScheme, 'invalid_url');
  assert.equal(selectProxy('https://hub.example/', { HTTPS_PROXY: 'socks5://u:p@h:1080' }).proxy, 'socks5://***@h:1080');
});

test('credentials are redacted in the route, kept in the URL used to authenticate', () => {
  const route = selectProxy('https://hub.example/', { HTTPS_PROXY: 'http://user:p%40ss@proxy:3128' });
  assert.equal(route.proxy, 'http://***@proxy:3128');
  assert.equal(route.proxyUrl?.username, 'user');
  assert.equal(route.proxyUrl?.password, 'p%40ss');
});

test('loopback targets always go direct, proxy or not', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'api.localhost', '[::1]']) {
    assert.deepEqual(pick(`https://${host}:8443/`, { HTTPS_PROXY: 'http://p:1' }), { via: 'direct', bypass: 'loopback' }, host);
    assert.deepEqual(pick(`https://${host}:8443/`, {}), { via: 'direct', bypass: 'loopback' }, host);
  }
  for (const host of ['128.0.0.1', 'localhost.example', '10.0.0.1', '::2']) assert.equal(isLoopbackHost(host), false, host);
  assert.equal(isLoopbackHost('::ffff:127.0.0.1'), true);
});

test('NO_PROXY: *, hosts with their subdomains, leading dots, host:port, IPv4 CIDR', () => {
  const cases: Array<[string, string, number, string | undefined]> = [
    ['*', 'anything.example', 443, '*'],
    ['hub.corp', 'hub.corp', 443, 'hub.corp'],
    ['hub.corp', 'api.hub.corp', 443, 'hub.corp'],
    ['hub.corp', 'xhub.corp', 443, undefined],
    ['.hub.corp', 'hub.corp', 443, '.hub.corp'],
    ['.hub.corp', 'a.b.hub.corp', 443, '.hub.corp'],
    ['*.hub.corp', 'a.hub.corp', 443, '*.hub.corp'],
    ['HUB.corp', 'hub.CORP', 443, 'HUB.corp'],
    ['hub.corp:8443', 'hub.corp', 8443, 'hub.corp:8443'],
    ['hub.corp:8443', 'hub.corp', 443, undefined],
    ['10.0.0.0/8', '10.200.3.4', 443, '10.0.0.0/8'],
    ['10.0.0.0/8', '11.0.0.1', 443, undefined],
    ['192.168.1.0/24', '192.168.1.77', 80, '192.168.1.0/24'],
    ['192.168.1.0/24', '192.168.2.1', 80, undefined],
    ['0.0.0.0/0', '8.8.8.8', 80, '0.0.0.0/0'],
    ['10.1.2.3/32', '10.1.2.3', 80, '10.1.2.3/32'],
    ['10.0.0.0/8', 'hub.corp', 80, undefined],
    ['10.1.2.3', '10.1.2.3', 80, '10.1.2.3'],
    ['[::2]:443', '::2', 443, '[::2]:443'],
  ];
  for (const [entry, host, port, expected] of cases) assert.equal(matchNoProxy(host, port, [entry]), expected, `${entry} vs ${host}:${port}`);
  assert.deepEqual(pick('https://a.hub.corp/', { HTTPS_PROXY: 'p:1', NO_PROXY: 'other.corp, .hub.corp ,10.0.0.0/8' }), {
    via: 'direct',
    bypass: 'no_proxy',
    noProxyEntry: '.hub.corp',
  });
});

test('proxyEnvironment reports the redacted proxies and the NO_PROXY in force, loopback added when a proxy is set', () => {
  assert.deepEqual(proxyEnvironment({ HTTPS_PROXY: 'http://u:p@proxy:3128', no_proxy: '.corp' }), {
    httpsProxy: 'http://***@proxy:3128',
    noProxy: ['.corp', 'localhost', '127.0.0.1', '::1'],
  });
  assert.deepEqual(proxyEnvironment({}), { noProxy: [] });
  assert.deepEqual(proxyEnvironment({ http_proxy: 'p:1', HTTP_PROXY: 'q:2' }), { httpProxy: 'p:1', noProxy: ['localhost', '127.0.0.1', '::1'] });
});
