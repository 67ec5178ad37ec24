// `metabob-mcp attach --check` end to end against the substrate emulator, in each cause of the
// attachment's matrix: the exit code and the `cause` field match, stdout is the JSON object and
// nothing else, the key never appears, and nothing is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { tempHome } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { withEmulator } from '../substrate/emulator.ts';
import { startHttpTarget } from '../helpers/net-fixtures.ts';
import { filesUnder, runCli } from './attach-check-helpers.ts';

const HOPS = ['runtime', 'config', 'proxy', 'tls', 'bootstrap', 'identity', 'org_check', 'resolve', 'result'];

/** Runs attach --check --json; asserts stdout is one JSON object, the key is nowhere, nothing was written. */
async function checkJson(env: Record<string, string | undefined>, key?: string) {
  const home = tempHome();
  const cwd = tempDir('metabob-cwd-');
  const before = { home: filesUnder(home), cwd: filesUnder(cwd) };
  const out = await runCli(['attach', '--check', '--json'], { env, cwd, home });
  const report = JSON.parse(out.stdout);
  assert.equal(typeof report, 'object');
  assert.equal(out.stdout.trim(), JSON.stringify(report, null, 2), 'stdout holds the JSON object and nothing else');
  if (key) {
    assert.ok(!out.stdout.includes(key), 'the key is not in stdout');
    assert.ok(!out.stderr.includes(key), 'the key is not in stderr');
  }
  assert.deepEqual({ home: filesUnder(home), cwd: filesUnder(cwd) }, before, 'attach --check writes nothing');
  return { out, report, check: (id: string) => report.checks.find((c: { id: string }) => c.id === id) };
}

test('attached: exit 0, every hop ok in order, the registry read through discovery', async () => {
  await withEmulator(async (emulator) => {
    const { out, report, check } = await checkJson({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl }, emulator.key);
    assert.equal(out.code, 0);
    assert.equal(report.exitCode, 0);
    assert.equal(report.cause, null);
    assert.equal(report.attached, true);
    assert.equal(report.resolved, true);
    assert.equal(report.command, 'attach --check');
    assert.deepEqual(
      report.checks.map((c: { id: string }) => c.id),
      HOPS,
    );
    assert.deepEqual(
      report.checks.map((c: { status: string }) => c.status),
      HOPS.map(() => 'ok'),
    );
    assert.equal(check('runtime').detail, `Node ${process.versions.node} on ${process.platform} ${process.arch}; the MCP server runs in-process under it`);
    assert.equal(check('config').detail, `file none; key …${emulator.key.slice(-4)}; anchor ${emulator.discoveryUrl} (explicit)`);
    assert.equal(check('proxy').detail, 'direct: loopback target (local traffic never takes a proxy)');
    assert.equal(check('tls').detail, 'plain http (no TLS to verify)');
    assert.equal(
      check('identity').detail,
      `endpoint ${emulator.identityUrl} (source bootstrap); advertised ${emulator.identityUrl}; tried ${emulator.identityUrl}`,
    );
    assert.equal(check('org_check').detail, 'org org_emulated; account accounts:emulated; key key_1; scopes [read, write]');
    assert.equal(check('resolve').detail, 'vesselRegistry through discovery POST /resolve: 4 vessels registered');
    assert.equal(report.message, `attached: org org_emulated through ${emulator.discoveryUrl}; vesselRegistry resolved`);
    assert.equal(check('result').data.attachment.auth.status, 'authenticated');
  });
});

test('key_rejected: exit 1 at the org check, with the remedy', async () => {
  await withEmulator(async (emulator) => {
    const wrong = 'mbk_wrong_0123456789abcdef';
    const { out, report, check } = await checkJson({ METABOB_API_KEY: wrong, DISCOVERY_ENDPOINT: emulator.discoveryUrl }, wrong);
    assert.equal(out.code, 1);
    assert.equal(report.cause, 'key_rejected');
    assert.equal(report.attached, false);
    assert.equal(check('org_check').status, 'fail');
    assert.equal(
      check('org_check').cause,
      `key_rejected: the substrate's identity (${emulator.identityUrl}) rejected the API key (HTTP 401); substrate tools are unavailable; local tools still work`,
    );
    assert.match(check('org_check').remedy, /^use an API key issued by this substrate/);
    assert.equal(check('resolve').status, 'skip');
    assert.equal(report.headline, 'not attached: key_rejected at the org check hop');
  });
});

test('identity_unreachable: exit 1 at the identity hop, naming what was advertised and tried', async () => {
  await withEmulator(async (emulator) => {
    await emulator.setUp('identity', false);
    const { out, report, check } = await checkJson({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl }, emulator.key);
    assert.equal(out.code, 1);
    assert.equal(report.cause, 'identity_unreachable');
    assert.equal(report.networkCause, 'connect_refused');
    assert.equal(check('bootstrap').status, 'ok');
    assert.equal(check('identity').status, 'fail');
    assert.ok(check('identity').cause.startsWith(`identity_unreachable(advertised=${emulator.identityUrl}, tried=[${emulator.identityUrl}])`));
    assert.equal(check('org_check').status, 'skip');
  });
});

test('blocked_by_portal: an HTML /bootstrap fails the bootstrap hop', async () => {
  await withEmulator(async (emulator) => {
    emulator.setSwitch('bootstrap', 'html');
    const { out, report, check } = await checkJson({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl }, emulator.key);
    assert.equal(out.code, 1);
    assert.equal(report.cause, 'blocked_by_portal');
    assert.equal(check('bootstrap').status, 'fail');
    assert.ok(check('bootstrap').cause.startsWith('blocked_by_portal: '));
    assert.match(check('bootstrap').remedy, /captive portal/);
    assert.deepEqual(
      ['identity', 'org_check', 'resolve'].map((id) => check(id).status),
      ['skip', 'skip', 'skip'],
    );
  });
});

for (const status of [401, 403]) {
  test(`blocked_by_portal, not key_rejected: a portal's HTML ${status} page where identity's answer belongs`, async () => {
    // An identity stand-in behind a portal: its /health answers, the org check gets the portal's page.
    const portal = await startHttpTarget((req, res) => {
      if (req.url === '/health') return void res.end('{"ok":true}');
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html><body>Sign in to the corporate network</body></html>');
    });
    try {
      await withEmulator(async (emulator) => {
        emulator.setSwitch('advertisedIdentity', `http://127.0.0.1:${portal.port}`);
        const { out, report, check } = await checkJson({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl }, emulator.key);
        assert.equal(out.code, 1);
        assert.equal(report.cause, 'blocked_by_portal');
        assert.equal(check('org_check').status, 'fail');
        assert.equal(
          check('org_check').cause,
          `blocked_by_portal: identity answered POST /v1/auth/resolve with an HTML page (HTTP ${status}): a captive portal or block page; substrate tools are unavailable; local tools still work`,
        );
      });
    } finally {
      await portal.close();
    }
  });
}

test('anchor_unreachable (connect_refused): nothing listens at discovery', async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const key = 'mbk_full_0123456789abcdef01234567';
  const { out, report, check } = await checkJson({ METABOB_API_KEY: key, DISCOVERY_ENDPOINT: `http://127.0.0.1:${port}` }, key);
  assert.equal(out.code, 1);
  assert.equal(report.cause, 'anchor_unreachable');
  assert.equal(report.networkCause, 'connect_refused');
  assert.equal(
    check('bootstrap').cause,
    `anchor_unreachable: discovery http://127.0.0.1:${port} did not answer GET /bootstrap — connect_refused(127.0.0.1:${port}): nothing accepts connections there; substrate tools are unavailable; local tools still work`,
  );
  assert.equal(report.headline, 'not attached: anchor_unreachable (connect_refused) at the bootstrap hop');
});

test('not_configured: the one instruction naming the missing input, exit 1, no hop run', async () => {
  const { out, report, check } = await checkJson({});
  assert.equal(out.code, 1);
  assert.equal(report.cause, 'not_configured');
  assert.equal(check('config').status, 'fail');
  assert.ok(check('config').cause.startsWith('not_configured: missing the API key (METABOB_API_KEY or metabob.apiKey) and the endpoint'));
  assert.ok(check('config').cause.includes('create ~/.substrate/config.json'));
  assert.equal(report.message, check('config').cause);
  assert.deepEqual(
    ['proxy', 'tls', 'bootstrap', 'identity', 'org_check', 'resolve'].map((id) => check(id).status),
    Array(6).fill('skip'),
  );
});

test('a config file in the lookup is what attach --check reads, as the server does', async () => {
  await withEmulator(async (emulator) => {
    const home = tempHome();
    mkdirSync(join(home, '.substrate'));
    const file = join(home, '.substrate', 'config.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify({ metabob: { apiKey: emulator.key, discoveryEndpoint: emulator.discoveryUrl }, gapStore: { x: 1 } }));
    const out = await runCli(['attach', '--check', '--json'], { home, cwd: tempDir() });
    const report = JSON.parse(out.stdout);
    assert.equal(out.code, 0);
    assert.equal(report.checks[1].detail, `file ${realpathSync(file)}; key …${emulator.key.slice(-4)}; anchor ${emulator.discoveryUrl} (explicit)`);
  });
});

test('plain lines off a TTY: one line per hop in order, then the summary; doctor --attach is the same check', async () => {
  await withEmulator(async (emulator) => {
    const env = { METABOB_API_KEY: 'mbk_wrong_0123456789abcdef', DISCOVERY_ENDPOINT: emulator.discoveryUrl };
    const out = await runCli(['attach', '--check'], { env, cwd: tempDir() });
    assert.equal(out.code, 1);
    const lines = out.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'metabob-mcp attach --check (0.1.0)');
    assert.deepEqual(
      lines.slice(1).map((l) => l.slice(0, 17)),
      [
        'ok   runtime     ',
        'ok   config      ',
        'ok   proxy       ',
        'ok   tls         ',
        'ok   bootstrap   ',
        'ok   identity    ',
        'fail org check   ',
        'skip resolve     ',
        'fail result      ',
        'FAILED: not attac',
      ],
    );
    assert.equal(lines.at(-1), 'FAILED: not attached: key_rejected at the org check hop [6 ok, 0 warn, 2 fail, 1 skipped; exit 1]');
    assert.ok(!out.stdout.includes('mbk_wrong_0123456789abcdef'));

    const doctorAttach = await runCli(['doctor', '--attach', '--json'], { env, cwd: tempDir() });
    const report = JSON.parse(doctorAttach.stdout);
    assert.equal(doctorAttach.code, 1);
    assert.equal(report.command, 'doctor --attach');
    assert.deepEqual(
      report.checks.map((c: { id: string }) => c.id),
      HOPS,
    );
    assert.equal(report.cause, 'key_rejected');
  });
});

test('attach without --check is a usage error (exit 2)', async () => {
  const out = await runCli(['attach'], { cwd: tempDir() });
  assert.equal(out.code, 2);
  assert.equal(out.stderr, 'metabob-mcp attach: attach needs --check: metabob-mcp attach --check [--json]\n');
});

test('a discovery endpoint written with a trailing slash attaches as the server would', async () => {
  await withEmulator(async (emulator) => {
    const { out, report } = await checkJson({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: `${emulator.discoveryUrl}/` }, emulator.key);
    assert.equal(out.code, 0, report.message);
    assert.equal(report.attached, true);
  });
});

test('connect_timeout: a blackholed anchor fails the bootstrap hop once the connect budget is spent', async (t) => {
  const { fullBacklogMissingReason, startFullBacklog } = await import('../helpers/net-fixtures.ts');
  const missing = fullBacklogMissingReason();
  if (missing) return t.skip(missing);
  const backlog = await startFullBacklog();
  try {
    const key = 'mbk_full_0123456789abcdef01234567';
    const { out, report, check } = await checkJson(
      { METABOB_API_KEY: key, DISCOVERY_ENDPOINT: `http://127.0.0.1:${backlog.port}`, METABOB_CONNECT_TIMEOUT_MS: '800' },
      key,
    );
    assert.equal(out.code, 1);
    assert.equal(report.cause, 'anchor_unreachable');
    assert.equal(report.networkCause, 'connect_timeout');
    assert.ok(check('bootstrap').cause.includes(`connect_timeout(127.0.0.1:${backlog.port})`), check('bootstrap').cause);
    assert.ok(check('bootstrap').ms >= 800, 'the hop reports the time it waited');
  } finally {
    backlog.close();
  }
});
