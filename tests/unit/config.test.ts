// SPEC §Configuration, §Configuration lookup, §Endpoint derivation, §Config-file schema and
// §Precedence, rule by rule, against real files in a temp HOME and a temp launch directory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { applyConfiguration, deriveLocalDiscoveryEndpoint, LOOKUP_ORDER_TEXT, type ConfigFlags, type ConfigReport } from '../../core/config.ts';

const KEY = 'mb_live_0123456789abcdefWXYZ';
const OTHER_KEY = 'mb_live_fedcba9876543210QRST';
const CREATE = 'no config file qualified: create ~/.substrate/config.json with {"metabob": {"apiKey": "<key>", "endpoint": "<url>"}}';
const H1 = (discovery: string, endpoint: string, from: string) =>
  `derived_discovery_h1: discovery ${discovery} was derived from the endpoint ${endpoint} (${from}); ` +
  'deriving the anchor is census class H1, which CONFORMANCE §c4-anchoring forbids, kept as interim H1 debt ' +
  'until the installer writes the discovery endpoint: set DISCOVERY_ENDPOINT or metabob.discoveryEndpoint to give it explicitly';

interface Setup {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  run(flags?: ConfigFlags): ConfigReport;
  write(path: string, content: unknown): string;
}

function setup(env: NodeJS.ProcessEnv = {}): Setup {
  const home = tempDir('metabob-cfg-home-');
  const cwd = tempDir('metabob-cfg-cwd-');
  return {
    home,
    cwd,
    env,
    run: (flags) => applyConfiguration({ env, cwd, home, flags }),
    write(path, content) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    },
  };
}

const configOf = (section: Record<string, unknown>) => ({ metabob: section });

test('nothing configured: no variable set, one not_configured line naming both inputs, the lookup order and the file to create', () => {
  const s = setup();
  const report = s.run();
  assert.deepEqual(s.env, {});
  assert.equal(report.file, null);
  assert.deepEqual(report.missing, ['apiKey', 'discovery']);
  assert.deepEqual(report.anchor, { discovery: null, source: 'none' });
  assert.deepEqual(report.warnings, []);
  assert.deepEqual(report.lookedAt, [
    join(s.cwd, '.substrate/config.json'),
    join(s.cwd, '.metabob/config.json'),
    join(s.home, '.substrate/config.json'),
    join(s.home, '.metabob/config.json'),
  ]);
  assert.equal(
    report.unattachedMessage,
    'not_configured: missing the API key (METABOB_API_KEY or metabob.apiKey) and the endpoint (METABOB_ENDPOINT or metabob.endpoint; ' +
      'or the anchor itself, DISCOVERY_ENDPOINT or metabob.discoveryEndpoint); the local tools work, the substrate tools are not attached. ' +
      `Looked in order at: ${LOOKUP_ORDER_TEXT}; ${CREATE}`,
  );
});

test('environment only: a local METABOB_ENDPOINT derives discovery with the one H1 warning', () => {
  const s = setup({ METABOB_API_KEY: KEY, METABOB_ENDPOINT: 'http://127.0.0.1:18080' });
  const report = s.run();
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:18100');
  assert.deepEqual(report.anchor, { discovery: 'http://127.0.0.1:18100', source: 'derived-h1' });
  assert.deepEqual(report.discovery?.source, { kind: 'derived', from: { kind: 'env', variable: 'METABOB_ENDPOINT' } });
  assert.deepEqual(report.apiKey, { keyLast4: 'WXYZ', source: { kind: 'env', variable: 'METABOB_API_KEY' } });
  assert.deepEqual(report.warnings, [H1('http://127.0.0.1:18100', 'http://127.0.0.1:18080', 'env METABOB_ENDPOINT')]);
  assert.equal(report.unattachedMessage, null);
  assert.deepEqual(report.missing, []);
});

test("deriveLocalDiscoveryEndpoint: an http: port ending in 80 gives the block's ...100; anything else derives nothing", () => {
  assert.equal(deriveLocalDiscoveryEndpoint('http://127.0.0.1:8080'), 'http://127.0.0.1:8100');
  assert.equal(deriveLocalDiscoveryEndpoint('http://127.0.0.1:18080'), 'http://127.0.0.1:18100');
  assert.equal(deriveLocalDiscoveryEndpoint('http://localhost:28080/'), 'http://localhost:28100');
  assert.equal(deriveLocalDiscoveryEndpoint('http://substrate-live:18080/gateway/v1'), 'http://substrate-live:18100');
  assert.equal(deriveLocalDiscoveryEndpoint('http://[::1]:8080'), 'http://[::1]:8100');
  assert.equal(deriveLocalDiscoveryEndpoint('https://127.0.0.1:18080'), null);
  assert.equal(deriveLocalDiscoveryEndpoint('https://substrate.example.com:8443'), null);
  assert.equal(deriveLocalDiscoveryEndpoint('http://127.0.0.1:8443'), null);
  assert.equal(deriveLocalDiscoveryEndpoint('http://127.0.0.1:18081'), null);
  assert.equal(deriveLocalDiscoveryEndpoint('http://127.0.0.1'), null);
  assert.equal(deriveLocalDiscoveryEndpoint('http://127.0.0.1:80'), null, 'the default port is not an explicit one');
  assert.equal(deriveLocalDiscoveryEndpoint('https://substrate.example.com'), null);
  assert.equal(deriveLocalDiscoveryEndpoint('127.0.0.1:18080'), null, 'not an http: URL');
  assert.equal(deriveLocalDiscoveryEndpoint('not a url'), null);
});

test('a remote endpoint derives nothing: discovery is missing and the line says why and what to set', () => {
  const s = setup({ METABOB_API_KEY: KEY, METABOB_ENDPOINT: 'https://substrate.example.com:8443' });
  const report = s.run();
  assert.equal(s.env.DISCOVERY_ENDPOINT, undefined);
  assert.deepEqual(report.warnings, []);
  assert.deepEqual(report.missing, ['discovery']);
  assert.equal(
    report.unattachedMessage,
    'not_configured: missing the discovery endpoint (the endpoint https://substrate.example.com:8443, from env METABOB_ENDPOINT, ' +
      'is not a local http: URL on a port ending in 80, so it derives none: set DISCOVERY_ENDPOINT or metabob.discoveryEndpoint); ' +
      `the local tools work, the substrate tools are not attached. Looked in order at: ${LOOKUP_ORDER_TEXT}; ${CREATE}`,
  );
});

test('lookup order: SUBSTRATE_CONFIG_PATH, METABOB_CONFIG_PATH, ./.substrate, ./.metabob, ~/.substrate, ~/.metabob; the first qualifying file wins', () => {
  const s = setup();
  const files = {
    substratePath: join(s.home, 'named/substrate.json'),
    metabobPath: join(s.home, 'named/metabob.json'),
    cwdSubstrate: join(s.cwd, '.substrate/config.json'),
    cwdMetabob: join(s.cwd, '.metabob/config.json'),
    homeSubstrate: join(s.home, '.substrate/config.json'),
    homeMetabob: join(s.home, '.metabob/config.json'),
  };
  for (const [name, path] of Object.entries(files)) s.write(path, configOf({ apiKey: `mb_live_key_from_${name}`, vesselId: name }));

  const chosen = (env: NodeJS.ProcessEnv) => {
    const report = applyConfiguration({ env, cwd: s.cwd, home: s.home });
    return { file: report.file, by: report.fileChosenBy, vessel: env.VESSEL_ID, last4: report.apiKey?.keyLast4 };
  };
  assert.deepEqual(chosen({ SUBSTRATE_CONFIG_PATH: files.substratePath, METABOB_CONFIG_PATH: files.metabobPath }), {
    file: files.substratePath,
    by: 'SUBSTRATE_CONFIG_PATH',
    vessel: 'substratePath',
    last4: 'Path',
  });
  assert.deepEqual(chosen({ METABOB_CONFIG_PATH: files.metabobPath }), {
    file: files.metabobPath,
    by: 'METABOB_CONFIG_PATH',
    vessel: 'metabobPath',
    last4: 'Path',
  });
  assert.deepEqual(chosen({}), { file: files.cwdSubstrate, by: 'lookup', vessel: 'cwdSubstrate', last4: 'rate' });
  s.write(files.cwdSubstrate, '{}');
  assert.deepEqual(chosen({}).file, files.cwdMetabob);
  s.write(files.cwdMetabob, '{}');
  assert.deepEqual(chosen({}).file, files.homeSubstrate);
  s.write(files.homeSubstrate, '{}');
  assert.deepEqual(chosen({}).file, files.homeMetabob);
  s.write(files.homeMetabob, '{}');
  assert.deepEqual(chosen({}).file, null);
});

test('an explicit path is resolved against the launch directory, and a leading ~/ against the home', () => {
  const s = setup({ METABOB_CONFIG_PATH: 'conf/mine.json' });
  s.write(join(s.cwd, 'conf/mine.json'), configOf({ vesselId: 'relative' }));
  assert.equal(s.run().file, join(s.cwd, 'conf/mine.json'));
  assert.equal(s.env.VESSEL_ID, 'relative');

  const t = setup({ SUBSTRATE_CONFIG_PATH: '~/elsewhere/config.json' });
  t.write(join(t.home, 'elsewhere/config.json'), configOf({ vesselId: 'tilde' }));
  assert.equal(t.run().file, join(t.home, 'elsewhere/config.json'));
  assert.equal(t.env.VESSEL_ID, 'tilde');
});

test('skipped files: invalid JSON, no metabob section, a non-object section; each one line, and the lookup goes on', () => {
  const s = setup();
  const badText = `{"metabob": {"apiKey": "${KEY}",}`;
  const bad = s.write(join(s.cwd, '.substrate/config.json'), badText);
  const at = badText.indexOf(',}') + 1; // the offset JSON.parse reports: the stray }
  const cli = s.write(join(s.cwd, '.metabob/config.json'), { base_url: 'https://app.metabob.com', state_directory: '/tmp/x' });
  const odd = s.write(join(s.home, '.substrate/config.json'), { metabob: 'http://127.0.0.1:18080' });
  const good = s.write(join(s.home, '.metabob/config.json'), configOf({ apiKey: KEY, endpoint: 'http://127.0.0.1:8080' }));
  const report = s.run();
  assert.equal(report.file, good);
  assert.deepEqual(report.skippedFiles, [
    { path: bad, reason: `not valid JSON (at character ${at})` },
    { path: cli, reason: 'no top-level "metabob" section (another tool\'s config)' },
    { path: odd, reason: 'its "metabob" section is not an object' },
  ]);
  assert.deepEqual(report.warnings, [
    `config_file_skipped(${bad}): not valid JSON (at character ${at}); the lookup goes on`,
    `config_file_skipped(${cli}): no top-level "metabob" section (another tool's config); the lookup goes on`,
    `config_file_skipped(${odd}): its "metabob" section is not an object; the lookup goes on`,
    H1('http://127.0.0.1:8100', 'http://127.0.0.1:8080', `file ${good} (metabob.endpoint)`),
  ]);
  assert.ok(!report.warnings.join('\n').includes(KEY), 'a JSON error never quotes the file (and so the key)');
  assert.equal(s.env.METABOB_API_KEY, KEY);
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:8100');
});

test('~/.metabob/config.json as a symlink to ~/.substrate/config.json is one file, skipped (and reported) once', () => {
  const s = setup();
  const real = s.write(join(s.home, '.substrate/config.json'), { gapStoreEndpoint: 'http://127.0.0.1:18200' });
  symlinkSync(join(s.home, '.substrate'), join(s.home, '.metabob'));
  const report = s.run();
  assert.deepEqual(
    report.skippedFiles.map((f) => f.path),
    [real],
  );
  assert.equal(report.warnings.length, 1);
  assert.ok(!report.lookedAt.includes(join(s.home, '.metabob/config.json')));
});

test('a file named explicitly is never skipped: without a metabob section, or missing, the lookup stops and says so', () => {
  const s = setup({ SUBSTRATE_CONFIG_PATH: '' });
  const named = s.write(join(s.cwd, 'other-tool.json'), { base_url: 'https://app.metabob.com' });
  s.write(join(s.home, '.substrate/config.json'), configOf({ apiKey: KEY, endpoint: 'http://127.0.0.1:18080' }));
  s.env.METABOB_CONFIG_PATH = named;
  const report = s.run();
  assert.equal(report.file, null);
  assert.deepEqual(report.skippedFiles, []);
  assert.deepEqual(report.lookedAt, [named]);
  assert.deepEqual(report.namedFileProblem, { path: named, namedBy: 'METABOB_CONFIG_PATH', reason: 'no top-level "metabob" section (another tool\'s config)' });
  assert.equal(s.env.METABOB_API_KEY, undefined, 'the home file is not reached');
  assert.deepEqual(report.warnings, [
    'empty_value(SUBSTRATE_CONFIG_PATH): set but empty; ignored, so the next source in the lookup order fills it',
    `config_file_unusable(${named}): named by METABOB_CONFIG_PATH but no top-level "metabob" section (another tool's config); a named file is never skipped, so no config file applies`,
  ]);
  assert.ok(report.unattachedMessage?.endsWith(`; the file named by METABOB_CONFIG_PATH, ${named}, no top-level "metabob" section (another tool's config)`));

  const missing = join(s.cwd, 'nope.json');
  const again = applyConfiguration({ env: { SUBSTRATE_CONFIG_PATH: missing }, cwd: s.cwd, home: s.home });
  assert.deepEqual(again.namedFileProblem, { path: missing, namedBy: 'SUBSTRATE_CONFIG_PATH', reason: 'does not exist' });
  assert.equal(again.file, null);
});

test('a legacy instance section qualifies; beside a metabob section it fills only the keys metabob lacks', () => {
  const s = setup();
  const legacy = s.write(join(s.home, '.substrate/config.json'), { instance: { apiKey: KEY, endpoint: 'https://gw.example.com' } });
  const report = s.run();
  assert.equal(report.file, legacy);
  assert.deepEqual(report.apiKey?.source, { kind: 'file', path: legacy, key: 'instance.apiKey' });
  assert.equal(s.env.METABOB_ENDPOINT, 'https://gw.example.com');

  const t = setup();
  const both = t.write(join(t.cwd, '.metabob/config.json'), {
    metabob: { endpoint: 'http://127.0.0.1:28080', discoveryEndpoint: 'http://10.0.0.5:28100' },
    instance: { apiKey: KEY, endpoint: 'https://ignored.example.com' },
  });
  const r2 = t.run();
  assert.deepEqual(
    { key: t.env.METABOB_API_KEY, endpoint: t.env.METABOB_ENDPOINT, discovery: t.env.DISCOVERY_ENDPOINT },
    { key: KEY, endpoint: 'http://127.0.0.1:28080', discovery: 'http://10.0.0.5:28100' },
  );
  assert.deepEqual(r2.anchor, { discovery: 'http://10.0.0.5:28100', source: 'explicit' });
  assert.deepEqual(r2.discovery?.source, { kind: 'file', path: both, key: 'metabob.discoveryEndpoint' });
  assert.deepEqual(r2.warnings, [], 'an explicit discoveryEndpoint wins over the derived one: no H1 warning');
});

test('the file fills all five variables; unknown keys (gapStoreEndpoint) are ignored; each loader fills only what is unset', () => {
  const s = setup({ VESSEL_ID: 'from-env' });
  const file = s.write(
    join(s.home, '.substrate/config.json'),
    configOf({
      apiKey: KEY,
      endpoint: 'https://gw.example.com',
      vesselId: 'from-file',
      discoveryEndpoint: 'https://discovery.example.com',
      identityEndpoint: 'https://identity.example.com',
      gapStoreEndpoint: 'http://127.0.0.1:18200',
    }),
  );
  const report = s.run();
  assert.deepEqual(s.env, {
    VESSEL_ID: 'from-env',
    METABOB_API_KEY: KEY,
    METABOB_ENDPOINT: 'https://gw.example.com',
    DISCOVERY_ENDPOINT: 'https://discovery.example.com',
    IDENTITY_ENDPOINT: 'https://identity.example.com',
    METABOB_ANCHOR_SOURCE: 'explicit',
  });
  assert.deepEqual(report.vesselId, { value: 'from-env', source: { kind: 'env', variable: 'VESSEL_ID' } });
  assert.deepEqual(report.identity, { value: 'https://identity.example.com', source: { kind: 'file', path: file, key: 'metabob.identityEndpoint' } });
  assert.deepEqual(report.anchor, { discovery: 'https://discovery.example.com', source: 'explicit' });
});

test('METABOB_ENDPOINT set: the file gives only its credentials (withoutEndpoints), never its endpoints', () => {
  const s = setup({ METABOB_ENDPOINT: 'https://gw.example.com' });
  const file = s.write(
    join(s.home, '.substrate/config.json'),
    configOf({
      apiKey: KEY,
      vesselId: 'vessel-1',
      endpoint: 'http://127.0.0.1:18080',
      discoveryEndpoint: 'http://127.0.0.1:18100',
      identityEndpoint: 'http://127.0.0.1:18101',
    }),
  );
  const report = s.run();
  assert.deepEqual(s.env, { METABOB_ENDPOINT: 'https://gw.example.com', METABOB_API_KEY: KEY, VESSEL_ID: 'vessel-1' });
  assert.deepEqual(report.fileEndpointsIgnored, ['metabob.endpoint', 'metabob.discoveryEndpoint', 'metabob.identityEndpoint']);
  assert.deepEqual(report.apiKey?.source, { kind: 'file', path: file, key: 'metabob.apiKey' });
  assert.deepEqual(report.missing, ['discovery'], 'the attachment cannot split across two substrates');
  assert.deepEqual(report.warnings, []);
});

test("an MCP client that injects only METABOB_API_KEY keeps the config file's endpoint (and its derived discovery)", () => {
  const s = setup({ METABOB_API_KEY: OTHER_KEY });
  const file = s.write(join(s.home, '.substrate/config.json'), configOf({ apiKey: KEY, endpoint: 'http://127.0.0.1:18080' }));
  const report = s.run();
  assert.equal(s.env.METABOB_API_KEY, OTHER_KEY);
  assert.equal(s.env.METABOB_ENDPOINT, 'http://127.0.0.1:18080');
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:18100');
  assert.deepEqual(report.discovery?.source, { kind: 'derived', from: { kind: 'file', path: file, key: 'metabob.endpoint' } });
  assert.deepEqual(report.warnings, [H1('http://127.0.0.1:18100', 'http://127.0.0.1:18080', `file ${file} (metabob.endpoint)`)]);
});

test('SUBSTRATE_* aliases fill the unset METABOB_* names; equal pairs say nothing; differing pairs warn once each and METABOB_* wins', () => {
  const a = setup({ SUBSTRATE_API_KEY: KEY, SUBSTRATE_ENDPOINT: 'http://127.0.0.1:18080' });
  const ra = a.run();
  assert.equal(a.env.METABOB_API_KEY, KEY);
  assert.equal(a.env.METABOB_ENDPOINT, 'http://127.0.0.1:18080');
  assert.deepEqual(ra.apiKey?.source, { kind: 'env-alias', variable: 'SUBSTRATE_API_KEY' });
  assert.deepEqual(ra.endpoint?.source, { kind: 'env-alias', variable: 'SUBSTRATE_ENDPOINT' });
  assert.deepEqual(ra.warnings, [H1('http://127.0.0.1:18100', 'http://127.0.0.1:18080', 'env alias SUBSTRATE_ENDPOINT')]);

  const same = setup({
    METABOB_API_KEY: KEY,
    SUBSTRATE_API_KEY: KEY,
    METABOB_ENDPOINT: 'https://gw.example.com',
    SUBSTRATE_ENDPOINT: 'https://gw.example.com',
  });
  assert.deepEqual(same.run().warnings, []);

  const differ = setup({
    METABOB_API_KEY: KEY,
    SUBSTRATE_API_KEY: OTHER_KEY,
    METABOB_ENDPOINT: 'https://gw.example.com',
    SUBSTRATE_ENDPOINT: 'https://other.example.com',
  });
  const rd = differ.run();
  assert.equal(differ.env.METABOB_API_KEY, KEY);
  assert.equal(differ.env.METABOB_ENDPOINT, 'https://gw.example.com');
  assert.deepEqual(rd.warnings, [
    'env_conflict(METABOB_API_KEY, SUBSTRATE_API_KEY): both are set and differ (keys ending ...WXYZ and ...QRST); METABOB_API_KEY wins',
    'env_conflict(METABOB_ENDPOINT, SUBSTRATE_ENDPOINT): both are set and differ (https://gw.example.com and https://other.example.com); METABOB_ENDPOINT wins',
  ]);
  assert.ok(!JSON.stringify(rd).includes(KEY) && !JSON.stringify(rd).includes(OTHER_KEY), 'neither key is in the report');
});

test('flags win over the environment, its aliases and the file, and a flag outranking an alias needs no warning', () => {
  const s = setup({ METABOB_API_KEY: OTHER_KEY, SUBSTRATE_ENDPOINT: 'https://other.example.com' });
  s.write(join(s.home, '.substrate/config.json'), configOf({ apiKey: 'mb_live_file_key_0000', endpoint: 'https://file.example.com' }));
  const report = s.run({ apiKey: KEY, endpoint: 'http://127.0.0.1:28080' });
  assert.equal(s.env.METABOB_API_KEY, KEY);
  assert.equal(s.env.METABOB_ENDPOINT, 'http://127.0.0.1:28080');
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:28100');
  assert.deepEqual(report.apiKey, { keyLast4: 'WXYZ', source: { kind: 'flag', flag: '--api-key' } });
  assert.deepEqual(report.endpoint?.source, { kind: 'flag', flag: '--endpoint' });
  assert.deepEqual(report.fileEndpointsIgnored, ['metabob.endpoint']);
  assert.deepEqual(report.warnings, [H1('http://127.0.0.1:28100', 'http://127.0.0.1:28080', 'flag --endpoint')]);
});

test('placeholders in the environment are removed with one line each, and the config file fills them as for an unset variable', () => {
  const s = setup({
    METABOB_API_KEY: '${user_config.api_key}',
    DISCOVERY_ENDPOINT: '${user_config.discovery_endpoint}',
    METABOB_ENDPOINT: '',
    SUBSTRATE_API_KEY: '${SUBSTRATE_API_KEY}',
    VESSEL_ID: 'kept',
  });
  const file = s.write(join(s.home, '.substrate/config.json'), configOf({ apiKey: KEY, endpoint: 'http://127.0.0.1:18080' }));
  const report = s.run();
  assert.deepEqual(s.env, {
    VESSEL_ID: 'kept',
    METABOB_API_KEY: KEY,
    METABOB_ENDPOINT: 'http://127.0.0.1:18080',
    DISCOVERY_ENDPOINT: 'http://127.0.0.1:18100',
    METABOB_ANCHOR_SOURCE: 'derived-h1',
  });
  assert.deepEqual(report.strippedPlaceholders, [
    { name: 'METABOB_API_KEY', reason: 'placeholder' },
    { name: 'METABOB_ENDPOINT', reason: 'empty' },
    { name: 'DISCOVERY_ENDPOINT', reason: 'placeholder' },
    { name: 'SUBSTRATE_API_KEY', reason: 'placeholder' },
  ]);
  assert.deepEqual(report.warnings, [
    'unsubstituted_placeholder(METABOB_API_KEY): ${user_config.api_key} was never filled in by the MCP host; ignored, so the next source in the lookup order fills it',
    'empty_value(METABOB_ENDPOINT): set but empty; ignored, so the next source in the lookup order fills it',
    'unsubstituted_placeholder(DISCOVERY_ENDPOINT): ${user_config.discovery_endpoint} was never filled in by the MCP host; ignored, so the next source in the lookup order fills it',
    'unsubstituted_placeholder(SUBSTRATE_API_KEY): ${SUBSTRATE_API_KEY} was never filled in by the MCP host; ignored, so the next source in the lookup order fills it',
    H1('http://127.0.0.1:18100', 'http://127.0.0.1:18080', `file ${file} (metabob.endpoint)`),
  ]);
  assert.deepEqual(report.apiKey?.source, { kind: 'file', path: file, key: 'metabob.apiKey' });
});

test('a partly substituted endpoint is a placeholder too, and only its ${...} token is echoed', () => {
  const s = setup({ METABOB_ENDPOINT: 'http://${user_config.host}:18080', METABOB_API_KEY: 'mb_live_secret${x}' });
  const report = s.run();
  assert.equal(s.env.METABOB_ENDPOINT, undefined);
  assert.equal(s.env.DISCOVERY_ENDPOINT, undefined, 'a placeholder is never dialled, not even to derive from');
  assert.deepEqual(report.warnings, [
    'unsubstituted_placeholder(METABOB_API_KEY): ${x} was never filled in by the MCP host; ignored, so the next source in the lookup order fills it',
    'unsubstituted_placeholder(METABOB_ENDPOINT): ${user_config.host} was never filled in by the MCP host; ignored, so the next source in the lookup order fills it',
  ]);
  assert.ok(!report.warnings.join('\n').includes('mb_live_secret'));
});

test('placeholders in the file are never used as a key or endpoint; non-strings are ignored with a line; empty strings silently', () => {
  const s = setup();
  const file = s.write(
    join(s.home, '.substrate/config.json'),
    configOf({
      apiKey: '${user_config.api_key}',
      endpoint: '${ENDPOINT}',
      vesselId: 42,
      identityEndpoint: '',
    }),
  );
  const report = s.run();
  assert.equal(report.file, file);
  assert.deepEqual(s.env, {});
  assert.deepEqual(report.warnings, [
    `unsubstituted_placeholder(${file} metabob.apiKey): \${user_config.api_key} was never filled in by the MCP host; ignored, it is never used as a key or an endpoint`,
    `unsubstituted_placeholder(${file} metabob.endpoint): \${ENDPOINT} was never filled in by the MCP host; ignored, it is never used as a key or an endpoint`,
    `config_value_ignored(${file} metabob.vesselId): not a string; ignored`,
  ]);
  assert.deepEqual(report.missing, ['apiKey', 'discovery']);
  assert.ok(report.unattachedMessage?.endsWith(`; read ${file}`));
});

test('a placeholder or empty flag is ignored with one line and the next source fills it', () => {
  const s = setup({ METABOB_API_KEY: KEY });
  const report = s.run({ apiKey: '${user_config.api_key}', endpoint: '' });
  assert.equal(s.env.METABOB_API_KEY, KEY);
  assert.equal(s.env.METABOB_ENDPOINT, undefined);
  assert.deepEqual(report.strippedPlaceholders, [
    { name: '--api-key', reason: 'placeholder' },
    { name: '--endpoint', reason: 'empty' },
  ]);
  assert.deepEqual(report.apiKey?.source, { kind: 'env', variable: 'METABOB_API_KEY' });
});

test("an explicit DISCOVERY_ENDPOINT in the environment wins over the file's discovery, derived or explicit", () => {
  const s = setup({ DISCOVERY_ENDPOINT: 'http://10.1.1.1:8100' });
  s.write(join(s.home, '.substrate/config.json'), configOf({ apiKey: KEY, endpoint: 'http://127.0.0.1:18080', discoveryEndpoint: 'http://127.0.0.1:18100' }));
  const report = s.run();
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://10.1.1.1:8100');
  assert.equal(s.env.METABOB_ENDPOINT, 'http://127.0.0.1:18080');
  assert.deepEqual(report.anchor, { discovery: 'http://10.1.1.1:8100', source: 'explicit' });
  assert.deepEqual(report.warnings, []);
});

test('the report never carries the key: a short key shows no characters at all', () => {
  const s = setup({ METABOB_API_KEY: 'abc123', METABOB_ENDPOINT: 'http://127.0.0.1:8080' });
  const report = s.run();
  assert.deepEqual(report.apiKey, { keyLast4: null, source: { kind: 'env', variable: 'METABOB_API_KEY' } });
  assert.ok(!JSON.stringify(report).includes('abc123'));
});

test("the anchor's provenance is left in METABOB_ANCHOR_SOURCE for the attachment, and survives a second application in the process", () => {
  const s = setup({ METABOB_API_KEY: KEY, METABOB_ENDPOINT: 'http://127.0.0.1:18080' });
  assert.equal(s.run().anchor.source, 'derived-h1');
  assert.equal(s.env.METABOB_ANCHOR_SOURCE, 'derived-h1');
  const again = s.run();
  assert.deepEqual(again.anchor, { discovery: 'http://127.0.0.1:18100', source: 'derived-h1' });
  assert.equal(s.env.METABOB_ANCHOR_SOURCE, 'derived-h1');

  const explicit = setup({ DISCOVERY_ENDPOINT: 'https://discovery.example.com', METABOB_ANCHOR_SOURCE: 'stale' });
  assert.equal(explicit.run().anchor.source, 'explicit');
  assert.equal(explicit.env.METABOB_ANCHOR_SOURCE, 'explicit');

  const none = setup({ METABOB_ANCHOR_SOURCE: 'derived-h1' });
  assert.equal(none.run().anchor.source, 'none');
  assert.equal('METABOB_ANCHOR_SOURCE' in none.env, false);
});
