// doctor's checks beyond the attachment: configuration files, placeholders,
// the network diagnosis, the local store, the parser, the workspace decision, the plugin
// environment, the call log and the loopback server. Each ends ok / warn / fail with one line
// of remedy. None of them writes a file.
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AttachmentView, ConfigView } from './attach-deps.ts';
import type { CheckOutcome } from './model.ts';
import { causeToken } from './remedies.ts';
import { SCHEMA_VERSION } from '../ledger/schema-version.ts';
import { databaseFileRefusal } from '../ledger/owner-only-database.ts';
import { homeExposedMode, metabobHome, storePath } from '../config/metabob-home.ts';
import { cacheDir } from '../config/cache-dir.ts';
import { WorkspaceState } from '../workspace/workspace.ts';
import { netRequest, proxyEnvironment } from '../net/net.ts';
import { processAlive, type RunFile } from '../loopback/run-file.ts';
import { detectOsProxy } from '../net/os-proxy.ts';

export function configFilesOutcome(config: ConfigView | null): CheckOutcome {
  if (!config) return { status: 'skip', detail: 'configuration was not read' };
  const data = { fileRead: config.fileRead, sources: config.sources, skipped: config.skipped, warnings: config.warnings };
  const sources = Object.entries(config.sources).map(([name, source]) => `${name} from ${source}`);
  let detail = sources.length ? sources.join('; ') : 'no value came from any source';
  // The configuration's own warning lines, less those the placeholders check and the skipped
  // list already show: env_conflict, derived_discovery_h1, config_file_unusable, ...
  const shownElsewhere = new Set(['unsubstituted_placeholder', 'empty_value', 'config_file_skipped']);
  const others = config.warnings.filter((line) => !shownElsewhere.has(causeToken(line) ?? ''));
  if (config.skipped.length > 0) detail += `; skipped ${config.skipped.map((s) => `${s.path} (${s.reason})`).join('; ')}`;
  if (others.length > 0) detail += `; ${others.join('; ')}`;
  if (config.skipped.length === 0 && others.length === 0) return { status: 'ok', detail, data };
  const untrusted = others.some((line) => causeToken(line) === 'config_untrusted');
  const remedy = untrusted
    ? 'a project-local config file was passed over so your key never reaches its endpoints: if you trust it, run metabob-mcp configure --trust-project in its directory'
    : others.length > 0
      ? 'act on the warning lines above (each names its fix); the server logs the same lines at start'
      : 'a skipped file is not this server\'s config: give it a top-level "metabob" section, or leave it to the tool that owns it';
  return { status: 'warn', detail, remedy, data };
}

interface FilePlaceholder {
  file: string;
  key: string;
  placeholders: string[];
}

/**
 * The config-file values the server ignored for a placeholder: its own warning lines,
 * `unsubstituted_placeholder(<file> <section.key>): <tokens> was never filled in ...`
 * (core/config/config-file.ts). An environment variable's line names no file (no space).
 */
function filePlaceholders(warnings: string[]): FilePlaceholder[] {
  const found: FilePlaceholder[] = [];
  const head = 'unsubstituted_placeholder(';
  for (const line of warnings) {
    if (!line.startsWith(head)) continue;
    const close = line.indexOf('): ');
    const name = close > 0 ? line.slice(head.length, close) : '';
    const space = name.lastIndexOf(' ');
    if (space <= 0) continue;
    const tail = line.slice(close + 3);
    const end = tail.indexOf(' was never filled in');
    found.push({ file: name.slice(0, space), key: name.slice(space + 1), placeholders: (end > 0 ? tail.slice(0, end) : '').split(' ').filter(Boolean) });
  }
  return found;
}

export function placeholdersOutcome(config: ConfigView | null): CheckOutcome {
  if (!config) return { status: 'skip', detail: 'configuration was not read' };
  const inFiles = filePlaceholders(config.warnings);
  if (config.placeholders.length === 0 && inFiles.length === 0) {
    return { status: 'ok', detail: 'no unsubstituted placeholder or empty value', data: { stripped: [], in_files: [] } };
  }
  const parts: string[] = [];
  if (config.placeholders.length > 0) parts.push(`removed at start: ${config.placeholders.join(', ')}`);
  if (inFiles.length > 0) parts.push(`ignored in config files: ${inFiles.map((p) => `${p.file} ${p.key} (placeholder)`).join(', ')}`);
  return {
    status: 'warn',
    detail: parts.join('; '),
    remedy:
      inFiles.length > 0 && config.placeholders.length === 0
        ? 'put the real value in the config file (or remove the key); a `${...}` placeholder there is never filled'
        : "fill the plugin's settings (api key, endpoint) in the host, or leave them empty and use ~/.substrate/config.json",
    data: { stripped: config.placeholders, in_files: inFiles },
  };
}

const DIRECT_FAILURES = new Set(['connect_timeout', 'dns_failed', 'connect_refused']);

export async function networkOutcome(state: AttachmentView | null, env: NodeJS.ProcessEnv): Promise<CheckOutcome> {
  const proxy = proxyEnvironment(env);
  const route = state?.network.anchorRoute ?? null;
  const cause = causeToken(state?.network.causeLine ?? state?.network.cause ?? null);
  let osProxy = state?.network.osProxy ?? null;
  const noProxyVars = !proxy.httpsProxy && !proxy.httpProxy;
  // SPEC §PAC and OS proxy settings: read only after a direct connection failed, with no
  // proxy variable in force and a target no proxy would be skipped for (as core/net does).
  const proxyMightExplain = route?.via === 'direct' && (route.bypass === 'none_configured' || route.bypass === 'http_proxy_unset');
  if (!osProxy && cause && DIRECT_FAILURES.has(cause) && noProxyVars && proxyMightExplain) {
    const found = await detectOsProxy(env);
    if (found) osProxy = `${found.kind === 'pac' ? 'a PAC script' : 'a proxy'} ${found.value} (from ${found.source})`;
  }
  const data = { proxy, anchorRoute: route, cause, causeLine: state?.network.causeLine ?? null, osProxy };
  const proxyText = noProxyVars
    ? 'no HTTPS_PROXY / HTTP_PROXY'
    : [proxy.httpsProxy && `HTTPS_PROXY ${proxy.httpsProxy}`, proxy.httpProxy && `HTTP_PROXY ${proxy.httpProxy}`].filter(Boolean).join(', ');
  const routeText = route ? `; anchor ${route.via === 'proxy' ? `through ${route.proxy}` : `direct (${route.bypass ?? 'no proxy'})`}` : '';
  if (!cause) return { status: 'ok', detail: `${proxyText}${routeText}; no network failure`, data };
  const osText = osProxy ? `; OS proxy settings: ${osProxy} (this process does not see them)` : '';
  return {
    status: 'fail',
    detail: `${proxyText}${routeText}; ${cause}${osText}`,
    cause: state?.network.causeLine ?? cause,
    remedy: osProxy ? 'set HTTPS_PROXY (and HTTP_PROXY for a plain-http anchor) to the proxy the OS uses' : null,
    data,
  };
}

/**
 * The store's files are owner-only, but a home group or others can read or enter shows their
 * names and whatever an older binary left readable: doctor warns with the one-line fix.
 */
export async function storeOutcome(env: NodeJS.ProcessEnv): Promise<CheckOutcome> {
  const outcome = await storeFileOutcome(env);
  const mode = homeExposedMode(env);
  if (mode === undefined || outcome.status === 'fail') return outcome;
  const home = metabobHome(env);
  const exposed = `the metabob directory ${home} is ${mode.toString(8).padStart(4, '0')}, open to group or others`;
  return {
    ...outcome,
    status: 'warn',
    detail: `${outcome.detail}; ${exposed}`,
    remedy: outcome.remedy ? `${outcome.remedy}; chmod 700 ${home}` : `chmod 700 ${home}`,
    data: { ...outcome.data, homeMode: mode.toString(8).padStart(4, '0') },
  };
}

async function storeFileOutcome(env: NodeJS.ProcessEnv): Promise<CheckOutcome> {
  const path = storePath(env);
  // Before existsSync, which follows a link: a store the server refuses to open is not read here either.
  const refused = databaseFileRefusal(path);
  if (refused) {
    const { storeRefusedLine } = await import('../ledger/local-store.ts');
    const remedy = `move ${refused.file} aside, or set METABOB_HOME to a folder of your own`;
    return { status: 'fail', detail: refused.message.split(';')[0], cause: storeRefusedLine(refused), remedy, data: { path } };
  }
  if (!existsSync(path)) {
    return {
      status: 'ok',
      detail: `no store yet at ${path}; the first tool call that records a finding creates it (schema v${SCHEMA_VERSION})`,
      data: { path, exists: false, schemaVersion: null, binarySchemaVersion: SCHEMA_VERSION, bytes: 0, integrity: null },
    };
  }
  let bytes = statSync(path).size;
  for (const side of ['-wal', '-shm']) if (existsSync(path + side)) bytes += statSync(path + side).size;
  let Database: typeof import('better-sqlite3');
  try {
    Database = (await import('better-sqlite3')).default;
  } catch (err) {
    const line = `local_store_unavailable(better-sqlite3: ${(err as Error).message.split('\n')[0]})`;
    return {
      status: 'fail',
      detail: line,
      cause: line,
      remedy: 'reinstall the package so better-sqlite3 builds for this Node (npm rebuild better-sqlite3)',
      data: { path, bytes },
    };
  }
  // Read-only: doctor looks at the store, never migrates or writes it.
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
    const stored = row.v ?? 0;
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; ');
    const data = { path, exists: true, schemaVersion: stored, binarySchemaVersion: SCHEMA_VERSION, bytes, integrity };
    const detail = `${path}: schema v${stored} (this binary writes v${SCHEMA_VERSION}), ${bytes} bytes, integrity ${integrity}`;
    if (integrity !== 'ok') {
      return {
        status: 'fail',
        detail,
        cause: `store_corrupt: PRAGMA integrity_check answered ${integrity}`,
        remedy: `move ${path} aside; the next tool call creates a fresh store`,
        data,
      };
    }
    if (stored > SCHEMA_VERSION) {
      return { status: 'warn', detail, remedy: 'a newer metabob-mcp wrote this store: upgrade this one (npm i -g @metabob/mcp)', data };
    }
    if (stored < SCHEMA_VERSION) return { status: 'ok', detail: `${detail}; migrates on next open`, data };
    return { status: 'ok', detail, data };
  } finally {
    db.close();
  }
}

export async function parserOutcome(): Promise<CheckOutcome> {
  const { GRAMMAR_IDS, loadGrammar } = await import('../index/extract/grammar-loader.ts');
  const loaded: string[] = [];
  const failed: string[] = [];
  for (const grammar of GRAMMAR_IDS) {
    try {
      await loadGrammar(grammar);
      loaded.push(grammar);
    } catch (err) {
      failed.push(`${grammar}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  const data = { loaded, failed };
  if (loaded.length === 0) {
    const line = `local_index_unavailable(web-tree-sitter: ${failed[0] ?? 'no grammar loaded'})`;
    return {
      status: 'fail',
      detail: line,
      cause: line,
      remedy: 'reinstall the package (web-tree-sitter and its vendor/grammars/ folder ship the WASM files)',
      data,
    };
  }
  if (failed.length > 0) {
    return {
      status: 'warn',
      detail: `grammars load: ${loaded.join(', ')}; failed: ${failed.join('; ')}`,
      remedy: 'reinstall the package to restore the missing grammar files',
      data,
    };
  }
  return { status: 'ok', detail: `web-tree-sitter loads; grammars: ${loaded.join(', ')}`, data };
}

/**
 * The user cache directory the bin keeps its start-up code caches in (core/cli-loader.ts). Looked
 * at, never created here. Speed, not function: without it every start compiles, so a problem
 * with it is a warn.
 */
export function cacheOutcome(env: NodeJS.ProcessEnv): CheckOutcome {
  const dir = cacheDir(env);
  const data = { path: dir, used: false };
  let st;
  try {
    st = statSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: 'ok', detail: `${dir} not created yet; the first server start creates it (0700)`, data };
    return {
      status: 'warn',
      detail: `${dir} not used (${code}); every start compiles the server`,
      remedy: `make ${dir} a directory of your own, mode 700`,
      data,
    };
  }
  const notPrivate = !st.isDirectory()
    ? 'not a directory'
    : process.platform !== 'win32' && st.uid !== process.getuid?.()
      ? `owned by uid ${st.uid}`
      : process.platform !== 'win32' && (st.mode & 0o077) !== 0
        ? `mode ${(st.mode & 0o777).toString(8)}`
        : undefined;
  if (notPrivate)
    return {
      status: 'warn',
      detail: `${dir} not used (${notPrivate}); every start compiles the server`,
      remedy: `remove ${dir}, or chown it to you and chmod 700 it`,
      data,
    };
  let entries = 0;
  for (const sub of ['code-cache', 'compile-cache']) {
    try {
      entries += readdirSync(join(dir, sub)).length;
    } catch {
      // not written yet
    }
  }
  return { status: 'ok', detail: `${dir} used for start-up code (${entries} ${entries === 1 ? 'entry' : 'entries'})`, data: { ...data, used: true } };
}

export function workspaceOutcome(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): CheckOutcome {
  // doctor decides as a server launched here would, before any client roots.
  const decision = new WorkspaceState(env, cwd).decideNow();
  if (decision.decided) {
    return {
      status: 'ok',
      detail: `${decision.path} (from ${decision.source}); project ${decision.projectName} ${decision.projectId}`,
      data: { decided: true, path: decision.path, source: decision.source, projectId: decision.projectId },
    };
  }
  return {
    status: 'warn',
    detail: decision.refusal,
    remedy: "start the server in the project, set WORKSPACE_PATH, or have the agent call init_workspace with the project's absolute path",
    data: { decided: false, refusal: decision.refusal },
  };
}

export function pluginOutcome(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): CheckOutcome {
  const state = new WorkspaceState(env, cwd);
  if (!env.PLUGIN_ROOT) {
    return {
      status: 'ok',
      detail: 'PLUGIN_ROOT unset: not started by an Agent Plugins host; the workspace gate is open',
      data: { pluginRoot: null, gateClosed: false },
    };
  }
  const inside = state.inPluginFolder(state.launchDir);
  const gateClosed = !state.decideNow().decided;
  const data = { pluginRoot: state.pluginRoot, launchDir: state.launchDir, launchedInPluginFolder: inside, gateClosed };
  if (gateClosed) {
    return {
      status: 'warn',
      detail: `PLUGIN_ROOT ${state.pluginRoot}; launched inside it with no roots and no WORKSPACE_PATH: the workspace gate is closed`,
      remedy: 'the agent must call init_workspace {"workspace_path": "<project>"} first, or the host must send roots',
      data,
    };
  }
  return {
    status: 'ok',
    detail: `PLUGIN_ROOT ${state.pluginRoot}; launched ${inside ? 'inside it, but a workspace is named' : 'outside it'}; the workspace gate is open`,
    data,
  };
}

export function callLogOutcome(env: NodeJS.ProcessEnv): CheckOutcome {
  const path = env.METABOB_CALL_LOG;
  if (!path) return { status: 'ok', detail: 'off (METABOB_CALL_LOG unset)', data: { path: null, writable: null } };
  const writable = (target: string) => {
    try {
      accessSync(target, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  };
  const exists = existsSync(path);
  const ok = exists ? writable(path) : existsSync(dirname(path)) && writable(dirname(path));
  const data = { path, exists, writable: ok };
  if (ok) return { status: 'ok', detail: `${path}: ${exists ? 'writable' : 'would be created (mode 0600)'}`, data };
  return {
    status: 'warn',
    detail: `${path} cannot be written (${exists ? 'no write permission' : `its directory ${dirname(path)} is missing or read-only`}); calls go on unlogged`,
    remedy: 'point METABOB_CALL_LOG at a file in a writable directory',
    data,
  };
}

interface RunFileView {
  file: string;
  pid?: number;
  url?: string;
  alive: boolean;
  /** From the live server's GET /health: attached, or the reason it is not. */
  health?: string;
}

async function healthOf(url: string, env: NodeJS.ProcessEnv, token?: string): Promise<string> {
  try {
    // The run file's token: without it /health answers only that the server is alive.
    const headers = token ? { authorization: `Bearer ${token}` } : undefined;
    const res = await netRequest({ method: 'GET', url: `${url.replace(/(?<!\/)\/+$/, '')}/health`, headers, responseBudgetMs: 2000, idempotent: true, env });
    const body = JSON.parse(res.body) as { attached?: boolean; reason?: string };
    return body.attached ? 'attached' : `not attached (${causeToken(body.reason) ?? 'no reason given'})`;
  } catch (err) {
    return `no answer from /health (${causeToken((err as Error).message) ?? (err as Error).message})`;
  }
}

/** Loopback servers' run files (`<metabob home>/run/<pid>.json`, core/loopback/run-file.ts). */
export async function loopbackOutcome(env: NodeJS.ProcessEnv): Promise<CheckOutcome> {
  const dir = join(metabobHome(env), 'run');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return { status: 'ok', detail: `no loopback server running (no run files in ${dir})`, data: { dir, servers: [] } };
  }
  const tokens = new Map<RunFileView, string>();
  const servers: RunFileView[] = names.map((name) => {
    const file = join(dir, name);
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunFile>;
      const pid = typeof parsed.pid === 'number' ? parsed.pid : Number(name.replace(/\.json$/, ''));
      const url = parsed.url ?? (parsed.port ? `http://127.0.0.1:${parsed.port}` : undefined);
      const view = { file, pid, url, alive: Number.isInteger(pid) && processAlive(pid) };
      // Kept beside the view, never in it: the view goes into the report and its artifact.
      if (typeof parsed.token === 'string') tokens.set(view, parsed.token);
      return view;
    } catch {
      return { file, alive: false };
    }
  });
  for (const server of servers) if (server.alive && server.url) server.health = await healthOf(server.url, env, tokens.get(server));
  const live = servers.filter((s) => s.alive);
  const stale = servers.filter((s) => !s.alive);
  const data = { dir, servers };
  const liveText = live.length ? live.map((s) => `pid ${s.pid} at ${s.url ?? '?'}${s.health ? ` ${s.health}` : ''}`).join(', ') : 'none running';
  if (stale.length) {
    return {
      status: 'warn',
      detail: `loopback servers: ${liveText}; stale run files: ${stale.map((s) => s.file).join(', ')}`,
      remedy: 'a server that died without a clean shutdown left these; they are safe to delete',
      data,
    };
  }
  return { status: 'ok', detail: `loopback servers: ${liveText}`, data };
}
