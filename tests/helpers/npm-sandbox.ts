// npm in a throwaway HOME, for the tests that install the packed package as a user would: the
// registry, cache and node-gyp headers it uses are written into HOME's .npmrc (so a host that
// hands its MCP servers only a few environment variables, as Codex does, still reaches them),
// and the Node running the tests is first on PATH, so `npx` builds better-sqlite3 for the Node
// that runs it. A fresh HOME has no node-gyp headers, and downloading them is not possible here:
// `nodedir` points node-gyp at this Node's own include/node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** The registry npm is configured with outside the sandbox (the one a smoke registry passes through to). */
export function configuredRegistry(): string {
  return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
}

/** Headers for node-gyp: the caller's npm_config_nodedir (.ci/run sets it per Node line), else this Node's own. */
export function nodeHeadersDir(): string {
  const given = process.env.npm_config_nodedir;
  if (given) return given;
  const own = dirname(dirname(process.execPath));
  if (existsSync(join(own, 'include', 'node', 'node.h'))) return own;
  throw new Error(`no node headers: set npm_config_nodedir (this Node, ${process.execPath}, has none under ${own}/include/node)`);
}

export interface NpmSandbox {
  home: string;
  /** The environment for npm, npx and the hosts: no npm_* variable of the caller's, this Node first on PATH. */
  env: Record<string, string>;
}

/**
 * A HOME whose .npmrc names `registry`, the npm `cache` (shared between sandboxes, so an `npx`
 * install made once serves every later launch) and the node-gyp headers.
 */
export function npmSandbox(home: string, options: { registry: string; cache: string }): NpmSandbox {
  mkdirSync(home, { recursive: true });
  const nodedir = nodeHeadersDir();
  const npmrc = [`registry=${options.registry}`, `cache=${options.cache}`, `nodedir=${nodedir}`, 'audit=false', 'fund=false', 'update-notifier=false'];
  writeFileSync(join(home, '.npmrc'), npmrc.join('\n') + '\n');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^npm_/i.test(k) || /^(METABOB_|SUBSTRATE_|DISCOVERY_|WORKSPACE_PATH|PLUGIN_ROOT|XDG_)/.test(k)) continue;
    env[k] = v;
  }
  env.HOME = home;
  env.XDG_CACHE_HOME = join(home, '.cache');
  env.XDG_CONFIG_HOME = join(home, '.config');
  env.PATH = [dirname(process.execPath), env.PATH ?? ''].join(delimiter);
  return { home, env };
}
