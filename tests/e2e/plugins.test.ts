// The plugins: manifests that parse, the skill shipped beside each, a launch command pinned
// to this version, and launches that honour the PLUGIN_ROOT workspace gate as each host
// runs them (SPEC §workspace: a host may start the server in the plugin's own folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { metaOf, startClient, tempHome, textOf } from '../helpers/client.ts';
import { startEmulator } from '../substrate/emulator.ts';
import { waitFor } from '../substrate/server-fixture.ts';
import { tempDir } from '../helpers/git.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const SKILL = readFileSync(join(ROOT, 'skills/metabob/SKILL.md'), 'utf8');
const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

interface Launch {
  host: string;
  server: { command: string; args: string[]; env?: Record<string, string>; cwd?: string };
  /** What the host substitutes into env values. */
  substitute: (value: string, pluginDir: string) => string;
}

const launches: Launch[] = [
  {
    host: 'claude-code',
    server: json('plugins/claude-code/.claude-plugin/plugin.json').mcpServers.metabob,
    // Claude Code expands ${CLAUDE_PLUGIN_ROOT}; an unfilled optional user_config value may
    // arrive as the literal placeholder.
    substitute: (v, dir) => v.replace('${CLAUDE_PLUGIN_ROOT}', dir),
  },
  {
    host: 'cursor',
    server: json('plugins/cursor/mcp.json').mcpServers.metabob,
    substitute: (v, dir) => v.replace('${CURSOR_PLUGIN_ROOT}', dir),
  },
  {
    host: 'codex',
    server: json('plugins/codex/.mcp.json').mcpServers.metabob,
    // Codex substitutes nothing; `cwd: "."` is rebased onto the plugin root.
    substitute: (v) => v,
  },
];

test('each plugin manifest parses, names the server, pins this version and ships the skill', () => {
  assert.equal(json('plugins/claude-code/.claude-plugin/plugin.json').version, VERSION);
  assert.equal(json('plugins/cursor/.cursor-plugin/plugin.json').version, VERSION);
  assert.equal(json('plugins/codex/.codex-plugin/plugin.json').version, VERSION);
  for (const { host, server } of launches) {
    assert.deepEqual(server.args, ['-y', `@metabob/mcp@${VERSION}`], host);
    assert.equal(readFileSync(join(ROOT, 'plugins', host, 'skills/metabob/SKILL.md'), 'utf8'), SKILL, `${host} skill copy`);
  }
  const claude = json('plugins/claude-code/.claude-plugin/plugin.json');
  for (const key of ['api_key', 'endpoint', 'discovery_endpoint']) assert.equal(claude.userConfig[key].default, '');
  assert.equal(claude.userConfig.api_key.sensitive, true);
});

for (const launch of launches) {
  test(`${launch.host}: started in its plugin folder, only init_workspace with a path runs until the workspace is named`, async () => {
    const pluginDir = join(tempDir(), 'plugin-cache', launch.host);
    mkdirSync(pluginDir, { recursive: true });
    cpSync(join(ROOT, 'plugins', launch.host), pluginDir, { recursive: true });
    const project = join(tempDir(), 'the-project');
    mkdirSync(project);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(launch.server.env ?? {})) env[k] = launch.substitute(v, pluginDir);
    const stderr: string[] = [];
    // The registry is not reachable here: the built CLI stands in for `npx -y @metabob/mcp@x`.
    const { client, close } = await startClient({ cwd: pluginDir, env, stderr });
    try {
      const refused = await client.callTool({ name: 'get_problems', arguments: {} });
      assert.equal(refused.isError, true);
      assert.match(
        textOf(refused),
        /^get_problems: workspace_undetermined: the server was started in its plugin folder \(.+\) with no roots and no WORKSPACE_PATH; call init_workspace with \{"workspace_path": "<the project's absolute path>"\} first$/,
      );
      assert.equal(metaOf(refused).empty_reason, 'workspace_undetermined');

      const insidePlugin = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: '.' } });
      assert.equal(insidePlugin.isError, true);
      assert.match(textOf(insidePlugin), /workspace_undetermined: \. is the plugin's own folder/);

      const bound = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: project } });
      assert.notEqual(bound.isError, true, textOf(bound));
      assert.equal(metaOf(bound).project_name, basename(realpathSync(project)));
      const after = await client.callTool({ name: 'get_metrics', arguments: {} });
      assert.doesNotMatch(textOf(after), /workspace_undetermined/);
    } finally {
      await close();
    }
    if (launch.host === 'claude-code' || launch.host === 'cursor') {
      // Unfilled settings reach the server as placeholders and are dropped, one line each.
      for (const name of ['METABOB_API_KEY', 'METABOB_ENDPOINT', 'DISCOVERY_ENDPOINT']) {
        assert.equal(stderr.filter((l) => l.includes(name) && /placeholder/i.test(l)).length, 1, `${name}: ${stderr.join('\n')}`);
      }
    }
  });
}

/**
 * What each host hands the server when its user filled in no setting: Claude Code may pass an
 * optional `${user_config.*}` through as text (and, were it not to expand it, `${CLAUDE_PLUGIN_ROOT}`);
 * Cursor's behaviour for an unfilled variable is undocumented, so every `${...}` stays literal;
 * Codex expands nothing and forwards `env_vars` from the user's shell, here exported empty.
 */
const unfilledForms: Array<{ form: string; host: string; env: (server: Launch['server'], pluginDir: string) => Record<string, string> }> = [
  {
    form: 'claude-code, user_config left as ${user_config.*}',
    host: 'claude-code',
    env: (server, dir) => Object.fromEntries(Object.entries(server.env ?? {}).map(([k, v]) => [k, v.replace('${CLAUDE_PLUGIN_ROOT}', dir)])),
  },
  { form: 'claude-code, ${CLAUDE_PLUGIN_ROOT} not expanded either', host: 'claude-code', env: (server) => ({ ...server.env }) },
  { form: 'cursor, every ${VAR} left literal', host: 'cursor', env: (server) => ({ ...server.env }) },
  {
    form: 'codex, env_vars forwarded empty from the shell',
    host: 'codex',
    env: (server) => ({ ...server.env, ...Object.fromEntries(((server as { env_vars?: string[] }).env_vars ?? []).map((name) => [name, ''])) }),
  },
];

for (const { form, host, env: envOf } of unfilledForms) {
  test(`${form}: each unusable setting is dropped with one line and the config file attaches the server`, async () => {
    const emulator = await startEmulator();
    const home = tempHome();
    mkdirSync(join(home, '.substrate'));
    writeFileSync(join(home, '.substrate/config.json'), JSON.stringify({ metabob: { apiKey: emulator.key, discoveryEndpoint: emulator.discoveryUrl } }));
    const pluginDir = join(tempDir(), 'plugin-cache', host);
    mkdirSync(pluginDir, { recursive: true });
    const launch = launches.find((l) => l.host === host)!;
    const env = envOf(launch.server, pluginDir);
    const unusable = Object.entries(env).filter(([, v]) => v === '' || v.includes('${'));
    assert.ok(unusable.length >= 3, `${form} leaves settings unfilled: ${JSON.stringify(env)}`);
    const stderr: string[] = [];
    const { close } = await startClient({ cwd: pluginDir, env: { ...env, HOME: home }, stderr });
    try {
      await waitFor(() => stderr.some((l) => / INFO attached to /.test(l)), 15_000, `attached from the config file: ${stderr.join('\n')}`);
    } finally {
      await close();
      await emulator.stop();
    }
    for (const [name, value] of unusable) {
      const lines = stderr.filter((l) => l.includes(`(${name}):`));
      assert.equal(lines.length, 1, `${name}: ${stderr.join('\n')}`);
      assert.match(
        lines[0],
        value === ''
          ? /empty_value\(.+\): set but empty; ignored, so /
          : /unsubstituted_placeholder\(.+\): \$\{[^}]+\} was never filled in by the MCP host; ignored, so /,
      );
    }
    assert.ok(!stderr.some((l) => l.includes(emulator.key)), 'the key is never echoed');
  });
}

// The manifests against each host's documented schema (../shared/plugin-formats.md §1.1, §1.6,
// §1.9, §2.2, §2.4, §3.1, §3.5): no host CLI runs here for Cursor, and Claude Code's --strict
// and Cursor's CI validator both refuse keys they do not know.
const keysOf = (value: object) => Object.keys(value).sort();
function assertKeysWithin(value: object, allowed: string[], what: string): void {
  for (const key of Object.keys(value)) assert.ok(allowed.includes(key), `${what}: unknown key "${key}"`);
}
const exists = (path: string) => {
  try {
    readFileSync(join(ROOT, path));
    return true;
  } catch {
    return false;
  }
};

test('cursor: .cursor-plugin/plugin.json fits the documented schema (name pattern, no extra keys, variables), and mcp.json is at the root', () => {
  const manifest = json('plugins/cursor/.cursor-plugin/plugin.json');
  const topLevel = ['name', 'displayName', 'description', 'version', 'minClientVersions', 'author', 'publisher', 'homepage', 'repository', 'license', 'logo'];
  assertKeysWithin(
    manifest,
    [...topLevel, 'keywords', 'category', 'tags', 'commands', 'agents', 'skills', 'rules', 'hooks', 'variables', 'mcpServers'],
    'cursor',
  );
  assert.match(manifest.name, /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/);
  assertKeysWithin(manifest.author, ['name', 'email'], 'cursor author');
  assert.equal(typeof manifest.author.name, 'string');
  assert.ok(exists(join('plugins/cursor', manifest.logo)), 'the logo file exists');
  const vars = manifest.variables;
  assertKeysWithin(vars, ['type', 'properties', 'required'], 'cursor variables');
  assert.equal(vars.type, 'object');
  for (const [name, prop] of Object.entries<Record<string, unknown>>(vars.properties)) {
    assert.equal(prop.type, 'string', name);
    assert.ok(prop.title && prop.description, `${name} has a title and a description`);
  }
  // Every variable mcp.json names is declared, and every declared one is used.
  const mcpEnv: Record<string, string> = json('plugins/cursor/mcp.json').mcpServers.metabob.env;
  const named = Object.values(mcpEnv).flatMap((v) => [...v.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]));
  assert.deepEqual(named.filter((n) => n !== 'CURSOR_PLUGIN_ROOT').sort(), keysOf(vars.properties));
});

test('claude-code: plugin.json uses only documented fields, userConfig options are strict, and the root marketplace installs it', () => {
  const manifest = json('plugins/claude-code/.claude-plugin/plugin.json');
  const documented = ['$schema', 'name', 'displayName', 'version', 'description', 'author', 'homepage', 'repository', 'license', 'keywords', 'metadata'];
  // `icon`: the plugin catalog's directory profile (`claude plugin validate --profile directory`) asks for one.
  assertKeysWithin(
    manifest,
    [...documented, 'defaultEnabled', 'icon', 'skills', 'commands', 'agents', 'hooks', 'mcpServers', 'userConfig', 'dependencies'],
    'claude-code',
  );
  assert.match(manifest.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.ok(exists(join('plugins/claude-code', manifest.icon)), 'the icon file exists');
  for (const [key, option] of Object.entries<Record<string, unknown>>(manifest.userConfig)) {
    assert.match(key, /^[A-Za-z_][A-Za-z0-9_]*$/, 'keys are identifiers');
    assertKeysWithin(option, ['type', 'title', 'description', 'sensitive', 'required', 'default', 'multiple', 'min', 'max'], `userConfig.${key}`);
    assert.ok(option.type === 'string' && option.title && option.description, `userConfig.${key} has type, title and description`);
    assert.equal(option.required, false, `userConfig.${key} is optional`);
  }
  // Every ${user_config.*} the server entry names is declared.
  const env: Record<string, string> = manifest.mcpServers.metabob.env;
  const used = Object.values(env).flatMap((v) => [...v.matchAll(/\$\{user_config\.([a-z_]+)\}/g)].map((m) => m[1]));
  assert.deepEqual(used.sort(), keysOf(manifest.userConfig));
  assert.equal(env.PLUGIN_ROOT, '${CLAUDE_PLUGIN_ROOT}');

  const market = json('.claude-plugin/marketplace.json');
  assert.match(market.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.equal(typeof market.owner.name, 'string');
  const [entry] = market.plugins;
  assert.equal(entry.name, manifest.name);
  assert.ok(entry.source.startsWith('./') && !entry.source.includes('..'));
  assert.ok(exists(join(entry.source, '.claude-plugin/plugin.json')), 'the marketplace source holds the plugin');
});

test('codex: plugin.json and .mcp.json use only what Codex reads and expands, and the root marketplace points at the plugin', () => {
  const manifest = json('plugins/codex/.codex-plugin/plugin.json');
  const fields = ['name', 'version', 'description', 'author', 'homepage', 'repository', 'license', 'keywords', 'skills', 'mcpServers', 'apps', 'interface'];
  assertKeysWithin(manifest, fields, 'codex');
  const ui = ['displayName', 'shortDescription', 'longDescription', 'developerName', 'category', 'capabilities', 'websiteURL', 'defaultPrompt', 'brandColor'];
  assertKeysWithin(manifest.interface, [...ui, 'privacyPolicyURL', 'termsOfServiceURL', 'composerIcon', 'logo', 'screenshots'], 'codex interface');
  assert.ok(manifest.interface.defaultPrompt.length <= 3 && manifest.interface.defaultPrompt.every((p: string) => p.length <= 128));
  for (const icon of [manifest.interface.composerIcon, manifest.interface.logo]) assert.ok(exists(join('plugins/codex', icon)), icon);
  assert.ok(exists(join('plugins/codex', manifest.mcpServers)), 'the MCP file exists');
  const raw = readFileSync(join(ROOT, 'plugins/codex', manifest.mcpServers), 'utf8');
  assert.doesNotMatch(raw, /\$\{/, 'Codex expands no placeholder in MCP config');
  const server = JSON.parse(raw).mcpServers.metabob;
  assertKeysWithin(server, ['command', 'args', 'env', 'env_vars', 'cwd', 'startup_timeout_sec', 'tool_timeout_sec', 'enabled'], 'codex server');
  assert.equal(server.cwd, '.', 'a relative cwd, rebased onto the plugin root');
  // The default 10 s start-up timeout is shorter than an npx first download.
  assert.ok(server.startup_timeout_sec > 10);

  const market = json('.agents/plugins/marketplace.json');
  const [entry] = market.plugins;
  assert.equal(entry.name, manifest.name);
  assert.deepEqual(entry.source, { source: 'local', path: './plugins/codex' });
  assert.ok(['NOT_AVAILABLE', 'AVAILABLE', 'INSTALLED_BY_DEFAULT'].includes(entry.policy.installation));
  assert.ok(['ON_INSTALL', 'ON_USE'].includes(entry.policy.authentication));
});
