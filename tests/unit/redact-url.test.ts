// SPEC §Proxy `redact-credentials`, applied to every URL shown: user info in any URL, whole or
// inside a line, parseable or not, becomes `***`; scheme, host, port and path stay; text that
// only looks like user info (an e-mail address, a git scp remote, `@` in a path) is left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl, redactUrlsIn } from '../../core/redact-url.ts';

test('user info in a URL is replaced by *** and the rest is kept', () => {
  assert.equal(redactUrl('http://user:pw@proxy:3128'), 'http://***@proxy:3128');
  assert.equal(redactUrl('http://user@proxy:3128/path'), 'http://***@proxy:3128/path');
  assert.equal(redactUrl('https://user:s3cretpw@discovery.example:8443/a/b?x=1#f'), 'https://***@discovery.example:8443/a/b?x=1#f');
  assert.equal(redactUrl('socks5://u:p@h:1080'), 'socks5://***@h:1080');
  assert.equal(redactUrl('git+ssh://git@github.com/org/repo.git'), 'git+ssh://***@github.com/org/repo.git');
  assert.equal(redactUrl('http://[::1]:8100'), 'http://[::1]:8100');
  assert.equal(redactUrl('http://u:p@[::1]:8100/x'), 'http://***@[::1]:8100/x');
});

test('a password holding @, / or an unparsable port is still user info', () => {
  assert.equal(redactUrl('http://user:p@ss@host:8100/x'), 'http://***@host:8100/x');
  assert.equal(redactUrl('http://user:pa/ss@host:8100'), 'http://***@host:8100');
  assert.equal(redactUrl('http://user:s3cretpw@127.0.0.1:notaport'), 'http://***@127.0.0.1:notaport');
  assert.equal(redactUrl('//user:pass@'), '//***@');
  assert.equal(redactUrl('//user:pass@host'), '//***@host');
});

test('a scheme-less value with a password or a port (a proxy variable) is redacted', () => {
  assert.equal(redactUrl('user:pw@proxy:3128'), '***@proxy:3128');
  assert.equal(redactUrl('user@proxy:3128'), '***@proxy:3128');
  assert.equal(redactUrl('user:pw@proxy'), '***@proxy');
});

test('text that only looks like user info is left alone', () => {
  for (const text of [
    'http://proxy:3128',
    'http://proxy:3128/a@b',
    'https://github.com/org/repo@v1.2',
    'alice@example.com',
    'git@github.com:org/repo.git',
    'key_rejected: see alice@example.com',
    'file:///home/a@b/x',
    '',
  ]) {
    assert.equal(redactUrl(text), text, text);
  }
});

test('every URL in a line is redacted, wherever it sits', () => {
  assert.equal(
    redactUrl('identity_unreachable(advertised=http://a:b@h1:8101, tried=[http://a:b@h1:8101, http://c:d@h2:8101]): no answer'),
    'identity_unreachable(advertised=http://***@h1:8101, tried=[http://***@h1:8101, http://***@h2:8101]): no answer',
  );
  assert.equal(redactUrl('{"d":"http://u:p@h:1","i":"https://v:q@i:2/x"}'), '{"d":"http://***@h:1","i":"https://***@i:2/x"}');
  assert.equal(redactUrl('(http://user:pa/ss@host:1) and http://ok:1/a@b'), '(http://***@host:1) and http://ok:1/a@b');
});

test('redactUrlsIn walks a JSON-shaped value and leaves non-strings as they are', () => {
  const state = { anchor: { discovery: 'http://u:p@h:8100', source: 'explicit' }, tried: ['http://u:p@i:8101'], n: 3, ok: true, none: null };
  assert.deepEqual(redactUrlsIn(state), {
    anchor: { discovery: 'http://***@h:8100', source: 'explicit' },
    tried: ['http://***@i:8101'],
    n: 3,
    ok: true,
    none: null,
  });
  assert.equal(state.anchor.discovery, 'http://u:p@h:8100', 'the input is not changed');
});

test('hostile text takes linear time', () => {
  const n = 200_000;
  const cases = [
    '/'.repeat(n) + ' @',
    '//a'.repeat(n) + '@',
    'a'.repeat(n) + '@',
    'http://h/' + '//x'.repeat(n) + '@y',
    '@' + '//'.repeat(n),
    ('http://u:p@h ' + '@').repeat(n / 10),
  ];
  for (const text of cases) {
    const started = performance.now();
    redactUrl(text);
    assert.ok(performance.now() - started < 1000, `${text.slice(0, 20)}… took ${Math.round(performance.now() - started)} ms`);
  }
});
