// `metabob-mcp doctor` end to end: every check in its order with ok / warn / fail and one line
// of remedy; a misconfigured machine (placeholders, a skipped config file, a closed workspace
// gate, an unwritable call log, a proxy with credentials, a stale run file, a corrupt store);
// a live server's loopback run file; and the real terminal under tmux.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { cleanEnv, startClient, tempHome } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { startEmulator } from '../substrate/emulator.ts';
import { CLI } from '../helpers/client.ts';
import { runCli, sh, startTmux, tmuxAvailable } from './attach-check-helpers.ts';

const DOCTOR_CHECKS = [
  'runtime',
  'config',
  'config_files',
  'placeholders',
  'proxy',
  'tls',
  'bootstrap',
  'identity',
  'org_check',
  'resolve',
  'result',
  'network',
  'store',
  'parser',
  'workspace',
  'plugin',
  'call_log',
  'loopback',
];

type Check = { id: string; status: string; detail: string; cause: string | null; remedy: string | null; data: any };

test('doctor --json on a set-up machine: every check ok in order, exit 0, a live server found by its run file', async () => {
  const emulator = await startEmulator();
  const home = tempHome();
  const cwd = tempDir('metabob-cwd-');
  const env = { HOME: home, METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl };
  const server = await startClient({ cwd, env });
  try {
    // The server writes its run file once its loopback server listens.
    const { existsSync, readdirSync } = await import('node:fs');
    const runDir = join(home, '.metabob', 'run');
    for (let i = 0; i < 100 && !(existsSync(runDir) && readdirSync(runDir).length > 0); i++) await new Promise((r) => setTimeout(r, 50));
    const out = await runCli(['doctor', '--json'], { env, cwd, home });
    const report = JSON.parse(out.stdout);
    const checks: Check[] = report.checks;
    assert.deepEqual(
      checks.map((c) => c.id),
      DOCTOR_CHECKS,
    );
    assert.deepEqual(
      checks.filter((c) => c.status !== 'ok').map((c) => `${c.id}: ${c.detail}`),
      [],
    );
    assert.equal(out.code, 0);
    assert.equal(report.command, 'doctor');
    assert.equal(report.headline, `attached: org org_emulated through ${emulator.discoveryUrl}; vesselRegistry resolved; every check passed`);
    const by = (id: string) => checks.find((c) => c.id === id)!;
    assert.equal(by('workspace').data.path, realpathSync(cwd));
    assert.equal(by('workspace').data.source, 'launch_directory');
    assert.equal(
      by('parser').detail,
      'web-tree-sitter loads; grammars: typescript, tsx, javascript, python, go, java, rust; parser code: optimized, from dist/parser-cache',
    );
    assert.equal(by('parser').data.parserCode, 'cached');
    assert.equal(by('store').data.path, join(home, '.metabob', 'metabob.db'));
    assert.equal(by('call_log').detail, 'off (METABOB_CALL_LOG unset)');
    assert.match(by('loopback').detail, /^loopback servers: pid \d+ at http:\/\/127\.0\.0\.1:\d+ attached$/);
    assert.ok(!out.stdout.includes(emulator.key) && !out.stderr.includes(emulator.key), 'the key never appears');
  } finally {
    await server.close();
    await emulator.stop();
  }
});

test('doctor on a misconfigured machine: each problem is its own check with one line of remedy', async () => {
  const home = tempHome();
  const cwd = tempDir('metabob-plugin-');
  const metabobHome = tempDir('metabob-dir-');
  // Another tool's .metabob/config.json (no metabob section) is skipped; the installer's file qualifies.
  mkdirSync(join(home, '.metabob'));
  writeFileSync(join(home, '.metabob', 'config.json'), JSON.stringify({ base_url: 'http://x', state_directory: '/tmp' }));
  mkdirSync(join(cwd, '.metabob'));
  writeFileSync(join(cwd, '.metabob', 'config.json'), JSON.stringify({ base_url: 'http://x' }));
  // A stale run file (a pid that cannot exist) and a store file that is not SQLite.
  mkdirSync(join(metabobHome, 'run'));
  writeFileSync(join(metabobHome, 'run', '999999999.json'), JSON.stringify({ pid: 999999999, port: 1, url: 'http://127.0.0.1:1' }));
  writeFileSync(join(metabobHome, 'metabob.db'), 'this is not a database, just text that is long enough to look like a header '.repeat(20));
  const env = {
    HOME: home,
    METABOB_HOME: metabobHome,
    METABOB_API_KEY: '${user_config.api_key}',
    DISCOVERY_ENDPOINT: 'http://127.0.0.1:9',
    PLUGIN_ROOT: cwd,
    METABOB_CALL_LOG: join(cwd, 'no-such-dir', 'calls.jsonl'),
    HTTPS_PROXY: 'http://alice:hunter2secretpw@proxy.example:3128',
  };
  const out = await runCli(['doctor', '--json'], { env, cwd, home });
  assert.equal(out.code, 1);
  const report = JSON.parse(out.stdout);
  const by = (id: string): Check => report.checks.find((c: Check) => c.id === id);
  assert.deepEqual(
    report.checks.map((c: Check) => c.id),
    DOCTOR_CHECKS,
  );

  assert.equal(by('placeholders').status, 'warn');
  assert.equal(by('placeholders').detail, 'removed at start: METABOB_API_KEY (placeholder)');
  assert.ok(by('placeholders').remedy);

  assert.equal(by('config_files').status, 'warn');
  assert.ok(
    by('config_files').detail.includes(`skipped ${realpathSync(cwd)}/.metabob/config.json (`) ||
      by('config_files').detail.includes(`skipped ${cwd}/.metabob/config.json (`),
  );
  assert.ok(by('config_files').detail.includes('.metabob/config.json'));

  assert.equal(by('config').status, 'fail');
  assert.ok(by('config').cause!.startsWith('not_configured: missing the API key'));
  assert.equal(report.cause, 'not_configured');

  assert.equal(by('plugin').status, 'warn');
  assert.match(by('plugin').detail, /launched inside it with no roots and no WORKSPACE_PATH: the workspace gate is closed$/);
  assert.equal(by('workspace').status, 'warn');
  assert.ok(by('workspace').detail.startsWith('workspace_undetermined: '));

  assert.equal(by('call_log').status, 'warn');
  assert.match(by('call_log').detail, /no-such-dir\/calls\.jsonl cannot be written \(its directory .* is missing or read-only\); calls go on unlogged$/);

  assert.equal(by('store').status, 'fail');
  assert.ok(by('store').cause, 'a corrupt store names its cause');
  assert.equal(by('loopback').status, 'warn');
  assert.ok(by('loopback').detail.includes('stale run files:'));

  assert.equal(by('network').detail.split(';')[0], 'HTTPS_PROXY http://***@proxy.example:3128');
  assert.ok(!out.stdout.includes('hunter2secretpw') && !out.stderr.includes('hunter2secretpw'), 'proxy credentials are redacted');
  for (const c of report.checks as Check[]) {
    if (c.status === 'warn' || (c.status === 'fail' && c.cause)) assert.ok(c.remedy || c.id === 'network' || c.id === 'result', `${c.id} has a remedy`);
  }
});

test('doctor reads a real store read-only: path, schema version, size, integrity', async () => {
  const home = tempHome();
  const metabobHome = tempDir('metabob-dir-');
  const path = join(metabobHome, 'metabob.db');
  const db = new Database(path);
  db.exec('CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL); INSERT INTO schema_version VALUES (1, 0);');
  db.close();
  const out = await runCli(['doctor', '--json'], { env: { HOME: home, METABOB_HOME: metabobHome }, cwd: tempDir(), home });
  const store: Check = JSON.parse(out.stdout).checks.find((c: Check) => c.id === 'store');
  assert.equal(store.status, 'ok');
  assert.deepEqual(
    { ...store.data, bytes: typeof store.data.bytes },
    { path, exists: true, schemaVersion: 1, binarySchemaVersion: 1, bytes: 'number', integrity: 'ok' },
  );
  assert.ok(store.detail.startsWith(`${path}: schema v1 (this binary writes v1), `));
});

test(
  'the real terminal: doctor under tmux shows each hop with its mark, the failing hop with its fix, and exits 1',
  { skip: !tmuxAvailable() && 'tmux is not installed' },
  async () => {
    const emulator = await startEmulator();
    const home = tempHome();
    const cwd = tempDir('metabob-cwd-');
    const env = cleanEnv({ HOME: home, METABOB_API_KEY: 'mbk_wrong_0123456789abcdef', DISCOVERY_ENDPOINT: emulator.discoveryUrl });
    const session = await startTmux(`${sh(process.execPath)} ${sh(CLI)} doctor`, { env, cwd, width: 110, height: 45 });
    try {
      const pane = await session.waitFor(/EXIT=\d+/, 40_000);
      const rows = pane.split('\n').map((r) => r.trimEnd());
      assert.equal(rows[0], 'metabob-mcp doctor (0.1.0)');
      const markOf = (label: string) => rows.find((r) => r.slice(2).startsWith(label + ' '))?.[0];
      assert.deepEqual(
        [
          'runtime',
          'config',
          'config files',
          'placeholders',
          'proxy',
          'tls',
          'bootstrap',
          'identity',
          'org check',
          'resolve',
          'result',
          'network',
          'store',
          'parser',
          'workspace',
          'plugin',
          'call log',
          'loopback',
        ].map((label) => [label, markOf(label)]),
        [
          ['runtime', '✓'],
          ['config', '✓'],
          ['config files', '✓'],
          ['placeholders', '✓'],
          ['proxy', '✓'],
          ['tls', '✓'],
          ['bootstrap', '✓'],
          ['identity', '✓'],
          ['org check', '✗'],
          ['resolve', '-'],
          ['result', '✗'],
          ['network', '✓'],
          ['store', '✓'],
          ['parser', '✓'],
          ['workspace', '✓'],
          ['plugin', '✓'],
          ['call log', '✓'],
          ['loopback', '✓'],
        ],
      );
      const text = pane.replace(/\n +/g, ' ');
      assert.ok(text.includes(`cause: key_rejected: the substrate's identity (${emulator.identityUrl}) rejected the API key (HTTP 401)`));
      assert.ok(text.includes('fix: use an API key issued by this substrate'));
      assert.ok(text.includes('✗ not attached: key_rejected at the org check hop'));
      assert.match(pane, /^EXIT=1$/m);
      assert.ok(!/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(pane), 'every spinner resolved into a mark');
      assert.ok(!pane.includes('mbk_wrong_0123456789abcdef'));
    } finally {
      await session.kill();
      await emulator.stop();
    }
  },
);

test('a direct connection that fails names the OS proxy settings the process does not see', async () => {
  const { fakeGsettings, tempNetDir } = await import('../helpers/net-fixtures.ts');
  const bin = fakeGsettings(tempNetDir(), {
    'org.gnome.system.proxy mode': "'auto'",
    'org.gnome.system.proxy autoconfig-url': "'http://wpad.corp.example/proxy.pac'",
  });
  const home = tempHome();
  const env = {
    HOME: home,
    PATH: `${bin}:${process.env.PATH}`,
    METABOB_API_KEY: 'mbk_full_0123456789abcdef01234567',
    DISCOVERY_ENDPOINT: 'https://substrate.invalid',
  };
  const out = await runCli(['doctor', '--json'], { env, cwd: tempDir(), home });
  const report = JSON.parse(out.stdout);
  const network: Check = report.checks.find((c: Check) => c.id === 'network');
  assert.equal(report.cause, 'anchor_unreachable');
  assert.equal(report.networkCause, 'dns_failed');
  assert.equal(network.status, 'fail');
  assert.match(
    network.detail,
    /^no HTTPS_PROXY \/ HTTP_PROXY; anchor direct \(none_configured\); dns_failed; OS proxy settings: .*wpad\.corp\.example\/proxy\.pac/,
  );
  assert.equal(network.remedy, 'set HTTPS_PROXY (and HTTP_PROXY for a plain-http anchor) to the proxy the OS uses');
  const bootstrap: Check = report.checks.find((c: Check) => c.id === 'bootstrap');
  assert.ok(
    bootstrap.cause!.includes('the OS proxy settings use a PAC script (http://wpad.corp.example/proxy.pac), which this process does not see; set HTTPS_PROXY'),
  );
});

test("the configuration's own warnings (env_conflict, derived_discovery_h1) show in config files; neither key is printed", async () => {
  const env = {
    METABOB_API_KEY: 'mbk_first_key_0123456789abcdef',
    SUBSTRATE_API_KEY: 'mbk_other_key_0123456789zzzzzz',
    METABOB_ENDPOINT: 'http://127.0.0.1:18080',
  };
  const out = await runCli(['doctor', '--json'], { env, cwd: tempDir() });
  const files: Check = JSON.parse(out.stdout).checks.find((c: Check) => c.id === 'config_files');
  assert.equal(files.status, 'warn');
  assert.ok(files.detail.includes('env_conflict(METABOB_API_KEY, SUBSTRATE_API_KEY): both are set and differ'));
  assert.ok(files.detail.includes('derived_discovery_h1: discovery http://127.0.0.1:18100 was derived from the endpoint http://127.0.0.1:18080'));
  for (const key of [env.METABOB_API_KEY, env.SUBSTRATE_API_KEY]) assert.ok(!out.stdout.includes(key) && !out.stderr.includes(key));
});
