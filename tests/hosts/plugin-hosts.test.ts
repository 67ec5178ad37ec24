// The plugins as their hosts run them (SPEC §Runtime, the package smoke; SPEC §Workspace). A
// registry on 127.0.0.1 (scripts/ci/smoke-registry.mjs) serves the packed tarball and passes
// every other request through to the configured registry, so each plugin's own launch command,
// `npx -y @metabob/mcp@<version>`, installs this build. Then the real hosts, each in a
// throwaway HOME: Claude Code validates the plugin and the repository's marketplace, adds it,
// installs the plugin and health-checks its server (`claude mcp list`); Codex adds the
// marketplace, installs the plugin and lists its server, whose listed launch is then run
// where Codex would run it. One npm cache serves every launch, so better-sqlite3 is compiled
// once (the first launch) and a host's health check sees a start, not an install.
//
// METABOB_HOSTS_BIN names the folder holding `claude` and `codex` (.ci/run installs them);
// without it the host tests are skipped. Run by `npm run test:hosts`, after `npm run build`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { hostBin, hostSkip, run, seconds } from '../helpers/hosts.ts';
import { configuredRegistry, npmSandbox } from '../helpers/npm-sandbox.ts';
import { packTarball, ROOT } from '../helpers/pack.ts';
import { launchEnv, pluginLaunches } from '../helpers/plugin-launches.ts';
// @ts-expect-error: a plain .mjs module without types
import { startSmokeRegistry } from '../../scripts/ci/smoke-registry.mjs';
// @ts-expect-error: a plain .mjs module without types
import { makeSmokeWorkspace, smokeMcp } from '../../scripts/ci/smoke-mcp.mjs';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

const work = tempDir('metabob-plugin-hosts-');
const cache = join(work, 'npm-cache');
let registry: { url: string; version: string; served: { packument: number; tarball: number; passedThrough: number }; close(): Promise<void> };
let workspace: string;

before(async () => {
  registry = await startSmokeRegistry({ tarball: packTarball(work), upstream: configuredRegistry() });
  workspace = makeSmokeWorkspace(join(work, 'workspace'));
});

after(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

test("each plugin's launch command, run from its folder through the local registry, serves and waits for init_workspace", { timeout: 900_000 }, async (t) => {
  for (const launch of pluginLaunches()) {
    // A copy outside the repository: npx run inside it resolves the package to the checkout itself.
    const pluginDir = join(work, 'plugin-cache', launch.host);
    mkdirSync(pluginDir, { recursive: true });
    cpSync(join(ROOT, 'plugins', launch.host), pluginDir, { recursive: true });
    const { env } = npmSandbox(join(work, `home-${launch.host}`), { registry: registry.url, cache });
    const started = Date.now();
    const { steps } = await smokeMcp({
      command: launch.server.command,
      args: launch.server.args,
      cwd: join(pluginDir, launch.server.cwd ?? '.'),
      env: { ...env, ...launchEnv(launch, pluginDir) },
      workspace,
      pluginFolder: true,
      // The first launch installs the package and compiles better-sqlite3: minutes on a busy machine.
      startTimeoutMs: 840_000,
      log: (line: string) => t.diagnostic(`${launch.host}: ${line}`),
    });
    t.diagnostic(`${launch.host}: launch and smoke in ${seconds(started)}`);
    assert.equal(steps.length, 7, launch.host);
  }
  assert.ok(registry.served.tarball >= 1, 'the tarball came from the local registry');
  assert.ok(registry.served.passedThrough > 0, 'the dependencies came through it from the configured registry');
});

test(
  'Claude Code validates the plugin, installs it from the repository as a marketplace and connects its server',
  { skip: hostSkip, timeout: 300_000 },
  async (t) => {
    const claude = hostBin('claude');
    const { env } = npmSandbox(join(work, 'home-claude'), { registry: registry.url, cache });
    const marketplaceFile = join(ROOT, '.claude-plugin/marketplace.json');
    assert.ok(existsSync(marketplaceFile), 'the repository is a Claude Code marketplace (.claude-plugin/marketplace.json)');
    const marketplace = json(marketplaceFile).name as string;
    const plugin = json(join(ROOT, 'plugins/claude-code/.claude-plugin/plugin.json')).name as string;
    const opts = { cwd: workspace, env };

    let started = Date.now();
    for (const args of [
      ['--strict', ROOT],
      ['--strict', join(ROOT, 'plugins/claude-code')],
      ['--strict', '--profile', 'directory', join(ROOT, 'plugins/claude-code')],
    ]) {
      const valid = await run(claude, ['plugin', 'validate', ...args], opts);
      assert.match(valid.stdout, /Validation passed/, args.join(' '));
    }
    t.diagnostic(`claude plugin validate (3 runs): ${seconds(started)}`);

    started = Date.now();
    await run(claude, ['plugin', 'marketplace', 'add', ROOT], opts);
    const installed = await run(claude, ['plugin', 'install', `${plugin}@${marketplace}`], opts);
    assert.match(installed.stdout, new RegExp(`Successfully installed plugin: ${plugin}@${marketplace}`));
    t.diagnostic(`claude plugin marketplace add + install: ${seconds(started)}`);

    const details = await run(claude, ['plugin', 'details', `${plugin}@${marketplace}`], opts);
    assert.match(details.stdout, /Projected token cost/);
    for (const line of details.stdout.trimEnd().split('\n')) t.diagnostic(`details: ${line}`);

    started = Date.now();
    const packuments = registry.served.packument;
    const list = await run(claude, ['mcp', 'list'], opts);
    t.diagnostic(`claude mcp list: ${seconds(started)}: ${list.stdout.trim()}`);
    assert.match(list.stdout, new RegExp(`^plugin:${plugin}:metabob: npx -y @metabob/mcp@${registry.version} - ✔ Connected$`, 'm'));
    assert.ok(registry.served.packument > packuments, 'its npx asked the local registry');
  },
);

test(
  'Codex adds the repository as a marketplace, installs the plugin, lists its server, and that launch serves',
  { skip: hostSkip, timeout: 600_000 },
  async (t) => {
    const codex = hostBin('codex');
    // Codex is given a HOME outside the temp folder.
    const home = mkdtempSync(join(process.env.METABOB_HOSTS_HOME_BASE ?? homedir(), '.metabob-codex-home-'));
    try {
      const { env } = npmSandbox(home, { registry: registry.url, cache });
      const marketplaceFile = join(ROOT, '.agents/plugins/marketplace.json');
      assert.ok(existsSync(marketplaceFile), 'the repository is a Codex marketplace (.agents/plugins/marketplace.json)');
      const marketplace = json(marketplaceFile).name as string;
      const plugin = json(join(ROOT, 'plugins/codex/.codex-plugin/plugin.json')).name as string;
      const opts = { cwd: workspace, env };

      let started = Date.now();
      await run(codex, ['plugin', 'marketplace', 'add', ROOT], opts);
      await run(codex, ['plugin', 'add', `${plugin}@${marketplace}`], opts);
      const listed = JSON.parse((await run(codex, ['mcp', 'list', '--json'], opts)).stdout) as Array<{
        name: string;
        enabled: boolean;
        startup_timeout_sec: number | null;
        transport: { type: string; command: string; args: string[]; env?: Record<string, string>; cwd?: string };
      }>;
      t.diagnostic(`codex plugin marketplace add + add + mcp list: ${seconds(started)}`);
      const server = listed.find((s) => s.name === 'metabob');
      assert.ok(server, JSON.stringify(listed));
      assert.equal(server.enabled, true);
      assert.equal(server.transport.type, 'stdio');
      assert.deepEqual([server.transport.command, ...server.transport.args], ['npx', '-y', `@metabob/mcp@${registry.version}`]);
      assert.ok(server.transport.cwd?.startsWith(join(home, '.codex', 'plugins')), `started in the installed plugin: ${server.transport.cwd}`);

      // The launch Codex lists, where it lists it, with HOME and PATH alone beside the entry's
      // env (Codex hands a server few variables): .npmrc is what leads npx to the registry.
      started = Date.now();
      const { steps } = await smokeMcp({
        command: server.transport.command,
        args: server.transport.args,
        cwd: server.transport.cwd,
        env: { HOME: env.HOME, PATH: env.PATH, ...server.transport.env },
        workspace,
        pluginFolder: true,
        // Codex's start-up timeout: the entry's own, else its 10 s default.
        startTimeoutMs: (server.startup_timeout_sec ?? 10) * 1000,
        log: (line: string) => t.diagnostic(`codex launch: ${line}`),
      });
      t.diagnostic(`codex's listed launch and smoke: ${seconds(started)}`);
      assert.equal(steps.length, 7);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);
