// OS proxy settings (SPEC §PAC and OS proxy settings): PAC and WPAD are never evaluated; the
// settings are read, best effort within 1.5 s, only after a direct connection failed, so the
// failure can name them. Nothing here runs at startup.
import { execFile } from 'node:child_process';
import type { NetError } from './net-causes.ts';
import type { SelectedRoute } from './select-proxy.ts';

export interface OsProxySettings {
  /** Where they were read: gsettings, scutil, registry. */
  source: 'gsettings' | 'scutil' | 'registry';
  kind: 'manual' | 'pac';
  /** The proxy (http://host:port) or the PAC script's URL. */
  value: string;
}

export const OS_PROXY_BUDGET_MS = 1_500;

function run(command: string, args: string[], env: NodeJS.ProcessEnv, deadline: number): Promise<string | undefined> {
  const timeout = Math.max(1, deadline - Date.now());
  return new Promise((resolve) => {
    try {
      execFile(command, args, { env, timeout, windowsHide: true, encoding: 'utf8' }, (err, stdout) => resolve(err ? undefined : stdout));
    } catch {
      resolve(undefined);
    }
  });
}

const unquote = (text: string | undefined) =>
  text
    ?.trim()
    .replace(/^'(.*)'$/, '$1')
    .trim() ?? '';

async function fromGsettings(env: NodeJS.ProcessEnv, deadline: number): Promise<OsProxySettings | undefined> {
  const get = (schema: string, key: string) => run('gsettings', ['get', schema, key], env, deadline).then(unquote);
  const mode = await get('org.gnome.system.proxy', 'mode');
  if (mode === 'auto') {
    const url = await get('org.gnome.system.proxy', 'autoconfig-url');
    return { source: 'gsettings', kind: 'pac', value: url || 'WPAD' };
  }
  if (mode !== 'manual') return undefined;
  for (const schema of ['org.gnome.system.proxy.https', 'org.gnome.system.proxy.http']) {
    const host = await get(schema, 'host');
    if (!host) continue;
    const port = (await get(schema, 'port')) || '8080';
    return { source: 'gsettings', kind: 'manual', value: `http://${host}:${port}` };
  }
  return undefined;
}

/** Parses `scutil --proxy` (macOS). */
export function parseScutil(text: string): OsProxySettings | undefined {
  const field = (name: string) => new RegExp(`^[ \\t]*${name}[ \\t]*:[ \\t]*(.+)$`, 'm').exec(text)?.[1].trim();
  if (field('ProxyAutoConfigEnable') === '1') return { source: 'scutil', kind: 'pac', value: field('ProxyAutoConfigURLString') ?? 'WPAD' };
  if (field('ProxyAutoDiscoveryEnable') === '1') return { source: 'scutil', kind: 'pac', value: 'WPAD' };
  for (const prefix of ['HTTPS', 'HTTP']) {
    if (field(`${prefix}Enable`) === '1' && field(`${prefix}Proxy`)) {
      return { source: 'scutil', kind: 'manual', value: `http://${field(`${prefix}Proxy`)}:${field(`${prefix}Port`) ?? '8080'}` };
    }
  }
  return undefined;
}

/** Parses `reg query "HKCU\...\Internet Settings"` (Windows). */
export function parseRegistry(text: string): OsProxySettings | undefined {
  const field = (name: string) => new RegExp(`^[ \\t]*${name}[ \\t]+REG_\\w+[ \\t]+(.+)$`, 'm').exec(text)?.[1].trim();
  const pac = field('AutoConfigURL');
  if (pac) return { source: 'registry', kind: 'pac', value: pac };
  if (!/^0x0*1$/i.test(field('ProxyEnable') ?? '')) return undefined;
  const server = field('ProxyServer');
  if (!server) return undefined;
  // "proxy:8080" or "http=proxy:8080;https=proxy:8443".
  const perScheme = Object.fromEntries(
    server
      .split(';')
      .map((p) => p.split('='))
      .filter((p) => p.length === 2),
  );
  const chosen = (perScheme.https ?? perScheme.http ?? server).replace(/^https?:\/\//, '');
  return { source: 'registry', kind: 'manual', value: `http://${chosen}` };
}

// @anchor detect-os-proxy
/** The OS proxy settings, best effort within 1.5 s; undefined when none are found. */
export async function detectOsProxy(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<OsProxySettings | undefined> {
  const deadline = Date.now() + OS_PROXY_BUDGET_MS;
  try {
    if (platform === 'darwin') {
      const out = await run('scutil', ['--proxy'], env, deadline);
      return out ? parseScutil(out) : undefined;
    }
    if (platform === 'win32') {
      const out = await run('reg', ['query', 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Internet Settings'], env, deadline);
      return out ? parseRegistry(out) : undefined;
    }
    return await fromGsettings(env, deadline);
  } catch {
    return undefined;
  }
}

const HINTED = new Set(['connect_timeout', 'dns_failed', 'connect_refused']);

/**
 * Adds the OS proxy settings to a direct failure that a proxy might explain (SPEC §PAC and OS
 * proxy settings): only connect_timeout, dns_failed and connect_refused, only with no
 * HTTP(S)_PROXY in force, never for a loopback or NO_PROXY target.
 */
export async function withOsProxyHint(err: NetError, route: SelectedRoute, env: NodeJS.ProcessEnv): Promise<NetError> {
  if (!HINTED.has(err.token) || route.via !== 'direct') return err;
  if (route.bypass !== 'none_configured' && route.bypass !== 'http_proxy_unset') return err;
  const settings = await detectOsProxy(env);
  if (settings?.kind === 'pac') {
    return err.withSuffix(
      `; the OS proxy settings use a PAC script (${settings.value}), which this process does not see; set HTTPS_PROXY`,
      `pac ${settings.value}`,
    );
  }
  if (settings?.kind === 'manual') {
    return err.withSuffix(
      `; the OS proxy settings (${settings.source}) name ${settings.value}, which this process does not read; set HTTPS_PROXY=${settings.value}`,
      settings.value,
    );
  }
  if (err.token === 'connect_timeout') return err.withSuffix('; a network reachable only through a proxy needs HTTPS_PROXY');
  return err;
}
