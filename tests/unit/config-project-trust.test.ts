// READING-NOTES "Where this project is stricter than the spec", rule by rule against real files:
// a project-local config file (./.substrate/config.json, ./.metabob/config.json) supplies
// endpoints only together with its own key, or once the user trusted it (a 0600 record of its
// real path and content hash in the metabob home); an endpoint from a flag or the environment
// means no endpoint from such a file. User-level and named files keep SPEC §Precedence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, cpSync, mkdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { applyConfiguration, projectConfigCandidate, recordProjectTrust, trustStorePath, type ConfigFlags, type ConfigReport } from '../../core/config.ts';

const KEY = 'mb_live_0123456789abcdefWXYZ';
const FILE_KEY = 'mb_live_project_file_key_PRJ1';
const ATTACKER = 'http://127.0.0.1:47001';

interface Setup {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  run(flags?: ConfigFlags): ConfigReport;
  write(path: string, section: Record<string, unknown>): string;
}

function setup(env: NodeJS.ProcessEnv = {}): Setup {
  const home = realpathSync(tempDir('metabob-trust-home-'));
  const cwd = realpathSync(tempDir('metabob-trust-cwd-'));
  return {
    home,
    cwd,
    env,
    run: (flags) => applyConfiguration({ env, cwd, home, flags }),
    write(path, section) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, JSON.stringify({ metabob: section }));
      return path;
    },
  };
}

const projectFile = (s: Setup, dir = '.substrate') => join(s.cwd, dir, 'config.json');
const refusal = (file: string, cwd: string, keys: string, keyClause: string, note = '') =>
  `config_untrusted(${file}): its endpoints (${keys}) are not used${note}: ` +
  `a project-local file supplies endpoints only with its own apiKey or once you trust it, and ${keyClause}; the lookup goes on. ` +
  `If you trust this file, run metabob-mcp configure --trust-project in ${cwd} (an edit untrusts it again)`;

function trust(s: Setup, file: string): void {
  const found = projectConfigCandidate(s.cwd, s.home);
  assert.ok('candidate' in found, JSON.stringify(found));
  assert.equal(found.candidate.path, file);
  const recorded = recordProjectTrust(found.candidate.realPath, found.candidate.sha256, s.env, s.home);
  assert.ok(recorded.ok, JSON.stringify(recorded));
}

test("an untrusted project file's endpoints never meet a key from the environment: refused with one line, nothing dialable is set", () => {
  const s = setup({ METABOB_API_KEY: KEY });
  const file = s.write(projectFile(s), { discoveryEndpoint: ATTACKER, identityEndpoint: ATTACKER });
  const report = s.run();
  assert.deepEqual(s.env, { METABOB_API_KEY: KEY });
  assert.equal(report.file, null);
  assert.deepEqual(report.refusedProjectFiles, [{ path: file, endpointKeys: ['metabob.discoveryEndpoint', 'metabob.identityEndpoint'] }]);
  assert.deepEqual(report.warnings, [
    refusal(file, s.cwd, 'metabob.discoveryEndpoint, metabob.identityEndpoint', 'the key in use comes from env METABOB_API_KEY'),
  ]);
  assert.deepEqual(report.missing, ['discovery']);
  assert.ok(report.lookedAt.includes(file));
});

test("a refused project file is passed over: the user's own ~/.substrate/config.json still gives the endpoints, with the environment's key", () => {
  const s = setup({ METABOB_API_KEY: KEY });
  const file = s.write(projectFile(s, '.metabob'), { endpoint: ATTACKER, vesselId: 'from-project' });
  const home = s.write(join(s.home, '.substrate/config.json'), { discoveryEndpoint: 'https://discovery.example.com' });
  const report = s.run();
  assert.equal(report.file, home);
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'https://discovery.example.com');
  assert.equal(s.env.METABOB_ENDPOINT, undefined);
  assert.equal(s.env.VESSEL_ID, undefined, 'nothing of a refused file applies');
  assert.equal(report.warnings.length, 1);
  assert.ok(report.warnings[0]!.startsWith(`config_untrusted(${file}): its endpoints (metabob.endpoint) are not used`));
});

test('a project file with its own key and no other key around attaches with its own pair', () => {
  const s = setup();
  const file = s.write(projectFile(s), { apiKey: FILE_KEY, discoveryEndpoint: 'http://127.0.0.1:18100', identityEndpoint: 'http://127.0.0.1:18101' });
  const report = s.run();
  assert.equal(report.file, file);
  assert.deepEqual(report.apiKey?.source, { kind: 'file', path: file, key: 'metabob.apiKey' });
  assert.equal(s.env.METABOB_API_KEY, FILE_KEY);
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:18100');
  assert.equal(s.env.IDENTITY_ENDPOINT, 'http://127.0.0.1:18101');
  assert.deepEqual(report.warnings, []);
  assert.deepEqual(report.refusedProjectFiles, []);
});

test('a project file with its own key beside a key from a flag, the environment or its alias: the other key wins, so the file is refused', () => {
  const cases: Array<{ env: NodeJS.ProcessEnv; flags?: ConfigFlags; from: string }> = [
    { env: { METABOB_API_KEY: KEY }, from: 'env METABOB_API_KEY' },
    { env: { SUBSTRATE_API_KEY: KEY }, from: 'env alias SUBSTRATE_API_KEY' },
    { env: {}, flags: { apiKey: KEY }, from: 'flag --api-key' },
  ];
  for (const c of cases) {
    const s = setup(c.env);
    const file = s.write(projectFile(s), { apiKey: FILE_KEY, discoveryEndpoint: ATTACKER });
    const report = s.run(c.flags);
    assert.equal(s.env.METABOB_API_KEY, KEY, c.from);
    assert.equal(s.env.DISCOVERY_ENDPOINT, undefined, c.from);
    assert.deepEqual(report.warnings, [refusal(file, s.cwd, 'metabob.discoveryEndpoint', `the key in use comes from ${c.from}`)], c.from);
    assert.ok(!JSON.stringify(report).includes(FILE_KEY) && !JSON.stringify(report).includes(KEY));
  }
});

test("no key anywhere: a project file's endpoints without its own key are refused too", () => {
  const s = setup();
  const file = s.write(projectFile(s), { endpoint: 'http://127.0.0.1:18080' });
  const report = s.run();
  assert.deepEqual(s.env, {});
  assert.deepEqual(report.warnings, [refusal(file, s.cwd, 'metabob.endpoint', 'it gives no apiKey of its own')]);
  assert.deepEqual(report.missing, ['apiKey', 'discovery']);
});

test('any endpoint from a flag or the environment means no endpoint from a project file, trusted or not; its other values apply', () => {
  for (const chosen of [
    { METABOB_ENDPOINT: 'https://gw.example.com' },
    { DISCOVERY_ENDPOINT: 'https://discovery.example.com' },
    { IDENTITY_ENDPOINT: 'https://identity.example.com' },
  ]) {
    const s = setup({ METABOB_API_KEY: KEY, ...chosen });
    const file = s.write(projectFile(s), {
      endpoint: 'http://127.0.0.1:18080',
      discoveryEndpoint: ATTACKER,
      identityEndpoint: ATTACKER,
      vesselId: 'project-vessel',
    });
    trust(s, file);
    const report = s.run();
    const name = Object.keys(chosen)[0]!;
    assert.equal(report.file, file, name);
    assert.deepEqual(report.fileEndpointsIgnored, ['metabob.endpoint', 'metabob.discoveryEndpoint', 'metabob.identityEndpoint'], name);
    assert.deepEqual(
      s.env,
      { METABOB_API_KEY: KEY, ...chosen, VESSEL_ID: 'project-vessel', ...(name === 'DISCOVERY_ENDPOINT' ? { METABOB_ANCHOR_SOURCE: 'explicit' } : {}) },
      name,
    );
    assert.deepEqual(report.warnings, [], `${name}: an ignored endpoint is no refused pairing`);
  }
  const s = setup({});
  const file = s.write(projectFile(s), { discoveryEndpoint: ATTACKER });
  const report = s.run({ endpoint: 'https://flag.example.com' });
  assert.equal(report.file, file);
  assert.equal(s.env.DISCOVERY_ENDPOINT, undefined);
  assert.deepEqual(report.fileEndpointsIgnored, ['metabob.discoveryEndpoint']);
});

test("trusted by path and content hash: the endpoints apply with the environment's key; an edit or a copy elsewhere is untrusted again", () => {
  const s = setup({ METABOB_API_KEY: KEY });
  const file = s.write(projectFile(s), { discoveryEndpoint: 'http://127.0.0.1:18100' });
  trust(s, file);
  const store = trustStorePath(s.env, s.home);
  assert.equal(store, join(s.home, '.metabob', 'trusted-projects.json'));
  assert.equal(statSync(store).mode & 0o777, 0o600);
  const report = s.run();
  assert.equal(report.file, file);
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:18100');
  assert.deepEqual(report.warnings, []);

  const copy = setup({ METABOB_API_KEY: KEY });
  mkdirSync(join(copy.cwd, '.substrate'));
  cpSync(file, projectFile(copy));
  cpSync(join(s.home, '.metabob'), join(copy.home, '.metabob'), { recursive: true });
  assert.deepEqual(copy.run().warnings, [refusal(projectFile(copy), copy.cwd, 'metabob.discoveryEndpoint', 'the key in use comes from env METABOB_API_KEY')]);

  s.write(file, { discoveryEndpoint: ATTACKER });
  const edited = applyConfiguration({ env: { METABOB_API_KEY: KEY }, cwd: s.cwd, home: s.home });
  assert.equal(edited.discovery, null);
  assert.deepEqual(edited.warnings, [
    refusal(file, s.cwd, 'metabob.discoveryEndpoint', 'the key in use comes from env METABOB_API_KEY', ' (it changed since it was trusted)'),
  ]);
  const stored = JSON.parse(readFileSync(store, 'utf8'));
  assert.equal(stored.trusted.length, 1);
  assert.equal(stored.trusted[0].path, file);
});

test('the trust record lives in METABOB_HOME when set, and one writable by others is never read', () => {
  const metabobHome = realpathSync(tempDir('metabob-trust-dir-'));
  const s = setup({ METABOB_API_KEY: KEY, METABOB_HOME: metabobHome });
  const file = s.write(projectFile(s), { discoveryEndpoint: 'http://127.0.0.1:18100' });
  trust(s, file);
  assert.equal(trustStorePath(s.env, s.home), join(metabobHome, 'trusted-projects.json'));
  assert.equal(s.run().file, file);
  chmodSync(join(metabobHome, 'trusted-projects.json'), 0o666);
  const report = applyConfiguration({ env: { METABOB_API_KEY: KEY, METABOB_HOME: metabobHome }, cwd: s.cwd, home: s.home });
  assert.equal(report.file, null);
  assert.deepEqual(report.warnings, [
    refusal(
      file,
      s.cwd,
      'metabob.discoveryEndpoint',
      'the key in use comes from env METABOB_API_KEY',
      ' (the trust record is unusable: writable by others than you, so it is not read)',
    ),
  ]);
  const again = recordProjectTrust(realpathSync(file), 'a'.repeat(64), s.env, s.home);
  assert.deepEqual(again, {
    ok: false,
    line: `trust_store_unusable(${join(metabobHome, 'trusted-projects.json')}): writable by others than you, so it is not read; fix or remove it, then trust the file again`,
  });
});

test("user-level files keep the spec: launched in the home, or from a project path that is the home's file, the endpoints pair with any key", () => {
  const s = setup({ METABOB_API_KEY: KEY });
  const homeFile = s.write(join(s.home, '.substrate/config.json'), {
    discoveryEndpoint: 'https://discovery.example.com',
    identityEndpoint: 'https://identity.example.com',
  });
  const inHome = applyConfiguration({ env: s.env, cwd: s.home, home: s.home });
  assert.equal(inHome.file, homeFile);
  assert.equal(s.env.IDENTITY_ENDPOINT, 'https://identity.example.com');
  assert.deepEqual(inHome.warnings, []);

  const t = setup({ METABOB_API_KEY: KEY });
  const real = t.write(join(t.home, '.substrate/config.json'), { discoveryEndpoint: 'https://discovery.example.com' });
  symlinkSync(join(t.home, '.substrate'), join(t.cwd, '.substrate'));
  const linked = t.run();
  assert.equal(linked.file, join(t.cwd, '.substrate/config.json'));
  assert.equal(realpathSync(linked.file!), real);
  assert.equal(t.env.DISCOVERY_ENDPOINT, 'https://discovery.example.com');
  assert.deepEqual(linked.warnings, []);
  assert.ok('problem' in projectConfigCandidate(t.cwd, t.home), "nothing to trust: it is the user's own file");
});

test("a file named by METABOB_CONFIG_PATH is the user's choice, even inside the project: its endpoints pair with the environment's key", () => {
  const s = setup({ METABOB_API_KEY: KEY, METABOB_CONFIG_PATH: '.substrate/config.json' });
  const file = s.write(projectFile(s), { discoveryEndpoint: 'http://127.0.0.1:18100' });
  const report = s.run();
  assert.equal(report.file, file);
  assert.equal(report.fileChosenBy, 'METABOB_CONFIG_PATH');
  assert.equal(s.env.DISCOVERY_ENDPOINT, 'http://127.0.0.1:18100');
  assert.deepEqual(report.warnings, []);
});

test('a project file without endpoints needs no trust: its key and vessel apply as before', () => {
  const s = setup({ METABOB_ENDPOINT: 'https://gw.example.com' });
  const file = s.write(projectFile(s), { apiKey: FILE_KEY, vesselId: 'project-vessel' });
  const report = s.run();
  assert.equal(report.file, file);
  assert.deepEqual({ key: s.env.METABOB_API_KEY, vessel: s.env.VESSEL_ID }, { key: FILE_KEY, vessel: 'project-vessel' });
  assert.deepEqual(report.warnings, []);
});

test("configure --trust-project's candidate is the file the lookup reads first, and never a user-level or unusable one", () => {
  const s = setup();
  assert.deepEqual(projectConfigCandidate(s.cwd, s.home), { problem: `neither .substrate/config.json nor .metabob/config.json exists in ${s.cwd}` });
  mkdirSync(join(s.cwd, '.substrate'));
  writeFileSync(projectFile(s), '{"base_url": "https://app.metabob.com"}');
  const second = s.write(projectFile(s, '.metabob'), { discoveryEndpoint: 'http://127.0.0.1:18100' });
  const found = projectConfigCandidate(s.cwd, s.home);
  assert.ok('candidate' in found);
  assert.equal(found.candidate.path, second);
  assert.match(found.candidate.sha256, /^[0-9a-f]{64}$/);
});
