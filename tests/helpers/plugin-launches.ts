// Each plugin's MCP server entry as its manifest declares it, and what its host substitutes into
// it (plugin-formats.md §1.3, §2.3, §3.2), for the tests that run the launch command as the host would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './pack.ts';

export interface PluginLaunch {
  /** The folder under plugins/. */
  host: 'claude-code' | 'cursor' | 'codex';
  server: { command: string; args: string[]; env?: Record<string, string>; cwd?: string };
  /** What the host substitutes into env values, given the installed plugin's folder. */
  substitute: (value: string, pluginDir: string) => string;
}

const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

export function pluginLaunches(): PluginLaunch[] {
  return [
    {
      host: 'claude-code',
      server: json('plugins/claude-code/.claude-plugin/plugin.json').mcpServers.metabob,
      // An unfilled optional user_config value may arrive as the literal placeholder.
      substitute: (v, dir) => v.replace('${CLAUDE_PLUGIN_ROOT}', dir),
    },
    { host: 'cursor', server: json('plugins/cursor/mcp.json').mcpServers.metabob, substitute: (v, dir) => v.replace('${CURSOR_PLUGIN_ROOT}', dir) },
    // Codex substitutes nothing; a relative `cwd` is rebased onto the plugin root.
    { host: 'codex', server: json('plugins/codex/.mcp.json').mcpServers.metabob, substitute: (v) => v },
  ];
}

/** The environment the host hands the server: the entry's env, substituted. */
export function launchEnv(launch: PluginLaunch, pluginDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(launch.server.env ?? {})) env[k] = launch.substitute(v, pluginDir);
  return env;
}
