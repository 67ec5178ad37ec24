// attach --check's proxy and tls hops over a real https anchor: an https front (certificates
// from a CA made with openssl) forwarding to the emulator's discovery. Trusted through
// NODE_EXTRA_CA_CERTS it attaches and names the issuer; untrusted it is tls_intercepted naming
// who signed the chain; through a proxy (credentials in its URL) it names the proxy, redacted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { issueCert, makeCa, startFakeProxy, startHttpsTarget, tempNetDir, type Handler } from '../helpers/net-fixtures.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { runCli } from './attach-check-helpers.ts';
import { tempDir } from '../helpers/git.ts';

/** Forwards every request to the emulator's discovery over plain http. */
function forwardTo(emulator: Emulator): Handler {
  const target = new URL(emulator.discoveryUrl);
  return (req, res, body) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };
}

async function httpsFront(names: string[]) {
  const dir = tempNetDir();
  const ca = makeCa(dir, 'Metabob Test Root');
  const emulator = await startEmulator();
  const front = await startHttpsTarget(issueCert(dir, ca, names), forwardTo(emulator));
  return {
    ca,
    emulator,
    front,
    async stop() {
      await front.close();
      await emulator.stop();
    },
  };
}

async function check(env: Record<string, string>) {
  const out = await runCli(['attach', '--check', '--json'], { env, cwd: tempDir() });
  const report = JSON.parse(out.stdout);
  return { out, report, by: (id: string) => report.checks.find((c: { id: string }) => c.id === id) };
}

test('https anchor trusted through NODE_EXTRA_CA_CERTS: tls verified, issuer named, attached', async () => {
  const setup = await httpsFront(['127.0.0.1']);
  try {
    const discovery = `https://127.0.0.1:${setup.front.port}`;
    const { out, report, by } = await check({ METABOB_API_KEY: setup.emulator.key, DISCOVERY_ENDPOINT: discovery, NODE_EXTRA_CA_CERTS: setup.ca.certPath });
    assert.equal(out.code, 0, JSON.stringify(report.checks.filter((c: { status: string }) => c.status !== 'ok')));
    assert.equal(by('tls').status, 'ok');
    assert.match(by('tls').detail, /^verified for 127\.0\.0\.1, issued by .*Metabob Test Root/);
    assert.equal(report.attached, true);
  } finally {
    await setup.stop();
  }
});

test('https anchor signed by an untrusted CA: the tls hop says intercepted and by whom; exit 1', async () => {
  const setup = await httpsFront(['127.0.0.1']);
  try {
    const discovery = `https://127.0.0.1:${setup.front.port}`;
    const { out, report, by } = await check({ METABOB_API_KEY: setup.emulator.key, DISCOVERY_ENDPOINT: discovery, METABOB_NO_SYSTEM_CA: '1' });
    assert.equal(out.code, 1);
    assert.equal(report.networkCause, 'tls_intercepted');
    assert.equal(by('tls').status, 'fail');
    assert.ok(by('tls').cause.startsWith('tls_intercepted('), by('tls').cause);
    assert.ok(by('tls').cause.includes('Metabob Test Root'));
    assert.match(by('tls').remedy, /NODE_EXTRA_CA_CERTS/);
    assert.equal(by('bootstrap').status, 'fail');
  } finally {
    await setup.stop();
  }
});

test('a trusted chain for another name: the tls hop says name mismatch, never that the trusted CA is untrusted', async () => {
  const setup = await httpsFront(['substrate.elsewhere.test']);
  try {
    const discovery = `https://127.0.0.1:${setup.front.port}`;
    const { out, report, by } = await check({ METABOB_API_KEY: setup.emulator.key, DISCOVERY_ENDPOINT: discovery, NODE_EXTRA_CA_CERTS: setup.ca.certPath });
    assert.equal(out.code, 1);
    assert.equal(report.networkCause, 'tls_name_mismatch');
    assert.equal(by('tls').status, 'fail');
    assert.match(
      by('tls').detail,
      /^name mismatch: the chain for 127\.0\.0\.1 is trusted \(issued by .*Metabob Test Root.*\), but the certificate is for substrate\.elsewhere\.test$/,
    );
    assert.doesNotMatch(by('tls').detail, /intercepted|not trusted/);
    assert.ok(by('tls').cause.startsWith('tls_name_mismatch(127.0.0.1): '), by('tls').cause);
    assert.equal(by('tls').remedy, 'use the host name the certificate was issued for in the endpoint');
  } finally {
    await setup.stop();
  }
});

test('through a proxy: the proxy hop names it with credentials redacted and the NO_PROXY entries in force', async () => {
  const setup = await httpsFront(['substrate.metabob.test']);
  const proxy = await startFakeProxy('tunnel');
  try {
    // The fake proxy resolves substrate.metabob.test to 127.0.0.1: the client needs no DNS for it.
    const discovery = `https://substrate.metabob.test:${setup.front.port}`;
    const { out, report, by } = await check({
      METABOB_API_KEY: setup.emulator.key,
      DISCOVERY_ENDPOINT: discovery,
      NODE_EXTRA_CA_CERTS: setup.ca.certPath,
      HTTPS_PROXY: `http://alice:hunter2secretpw@127.0.0.1:${proxy.port}`,
      NO_PROXY: 'internal.example',
    });
    assert.equal(by('proxy').status, 'ok');
    assert.equal(by('proxy').detail, `through http://***@127.0.0.1:${proxy.port}; NO_PROXY in force: internal.example, localhost, 127.0.0.1, ::1`);
    assert.equal(by('tls').status, 'ok');
    assert.ok(!out.stdout.includes('hunter2secretpw') && !out.stderr.includes('hunter2secretpw'));
    assert.equal(out.code, report.attached && report.resolved ? 0 : 1);
  } finally {
    await proxy.close();
    await setup.stop();
  }
});
