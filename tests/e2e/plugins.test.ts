// The plugins: manifests that parse, the skill shipped beside each, a launch command pinned
// to this version, and launches that honour the PLUGIN_ROOT workspace gate as each host
// runs them (SPEC §workspace: a host may start the server in the plugin's own folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
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
