// Proxy choice per request, from the environment only (SPEC §Proxy selection): never from a
// config file, never cached, so a test or a caller can pass its own env.
import { isIP } from 'node:net';
import { redactUrl } from '../redact-url.ts';

export interface RouteInfo {
  via: 'direct' | 'proxy';
  /** The proxy URL, redacted (http://***@proxy:3128). */
  proxy?: string;
  bypass?: 'loopback' | 'no_proxy' | 'none_configured' | 'http_proxy_unset';
  noProxyEntry?: string;
}

export interface SelectedRoute extends RouteInfo {
  proxyUrl?: URL;
  /** The variable the proxy came from (HTTPS_PROXY, http_proxy, ...), for lines a person acts on. */
  proxyVar?: string;
  /** A proxy value that is not http:// or https://, or does not parse (SPEC: proxy_unsupported). */
  unsupportedScheme?: string;
}

function envValue(env: NodeJS.ProcessEnv, name: string): { name: string; value: string } | undefined {
  // Lowercase wins over uppercase (SPEC §Proxy selection). An empty value counts as unset.
  const lower = env[name.toLowerCase()];
  if (lower !== undefined && lower.trim() !== '') return { name: name.toLowerCase(), value: lower.trim() };
  const upper = env[name.toUpperCase()];
  if (upper !== undefined && upper.trim() !== '') return { name: name.toUpperCase(), value: upper.trim() };
  return undefined;
}

/** A proxy value as a URL; scheme-less means http:// (SPEC §Proxy selection). */
function parseProxy(value: string): { url?: URL; scheme?: string } {
  const withScheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { scheme: 'invalid_url' };
  }
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { scheme };
  if (!url.hostname) return { scheme: 'invalid_url' };
  return { url };
}

function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

export function isLoopbackHost(hostname: string): boolean {
  const host = bareHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  return mapped !== null && mapped[1].startsWith('127.');
}

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function matchesCidr(host: string, entry: string): boolean {
  const [base, bitsText] = entry.split('/');
  const bits = Number(bitsText);
  if (isIP(host) !== 4 || isIP(base) !== 4 || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
  return (ipv4ToNumber(host) & mask) >>> 0 === (ipv4ToNumber(base) & mask) >>> 0;
}

/** The NO_PROXY entries, split on commas and whitespace. */
export function noProxyEntries(env: NodeJS.ProcessEnv): string[] {
  const raw = envValue(env, 'NO_PROXY')?.value ?? '';
  return raw
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/** The NO_PROXY entry that sends host:port direct, if any (SPEC: *, host and subdomains, host:port, IPv4 CIDR). */
export function matchNoProxy(hostname: string, port: number, entries: string[]): string | undefined {
  const host = bareHost(hostname);
  for (const entry of entries) {
    const e = entry.toLowerCase();
    if (e === '*') return entry;
    if (e.includes('/')) {
      if (matchesCidr(host, e)) return entry;
      continue;
    }
    let entryHost = e;
    let entryPort: number | undefined;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(e);
    if (bracketed) {
      entryHost = bracketed[1];
      entryPort = bracketed[2] ? Number(bracketed[2]) : undefined;
    } else {
      const hostPort = /^([^:]+):(\d+)$/.exec(e);
      if (hostPort) {
        entryHost = hostPort[1];
        entryPort = Number(hostPort[2]);
      }
    }
    if (entryPort !== undefined && entryPort !== port) continue;
    entryHost = entryHost.replace(/^\*?\./, '').replace(/\.$/, '');
    if (entryHost === '') continue;
    if (host === entryHost || host.endsWith(`.${entryHost}`)) return entry;
  }
  return undefined;
}

export function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

// @anchor select-proxy
/** The route for one request to `url`: direct (and why) or through which proxy. */
export function selectProxy(url: string, env: NodeJS.ProcessEnv = process.env): SelectedRoute {
  const target = new URL(url);
  const port = target.port ? Number(target.port) : defaultPort(target.protocol);
  const https = target.protocol === 'https:';
  // An https: URL uses HTTPS_PROXY then HTTP_PROXY; an http: URL uses HTTP_PROXY only.
  const chosen = https ? (envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY')) : envValue(env, 'HTTP_PROXY');
  if (!chosen) {
    const httpsOnly = !https && envValue(env, 'HTTPS_PROXY') !== undefined;
    if (isLoopbackHost(target.hostname)) return { via: 'direct', bypass: 'loopback' };
    return { via: 'direct', bypass: httpsOnly ? 'http_proxy_unset' : 'none_configured' };
  }
  // Whenever a proxy is set, loopback goes direct: local traffic never crosses a corporate proxy.
  if (isLoopbackHost(target.hostname)) return { via: 'direct', bypass: 'loopback' };
  const entry = matchNoProxy(target.hostname, port, noProxyEntries(env));
  if (entry !== undefined) return { via: 'direct', bypass: 'no_proxy', noProxyEntry: entry };
  const parsed = parseProxy(chosen.value);
  const redacted = redactUrl(chosen.value);
  if (!parsed.url) return { via: 'proxy', proxy: redacted, proxyVar: chosen.name, unsupportedScheme: parsed.scheme };
  return { via: 'proxy', proxy: redactUrl(parsed.url.href.replace(/\/$/, '')), proxyUrl: parsed.url, proxyVar: chosen.name };
}

/** The proxy environment in force, redacted, for /health and doctor. */
export function proxyEnvironment(env: NodeJS.ProcessEnv = process.env): { httpsProxy?: string; httpProxy?: string; noProxy: string[] } {
  const httpsProxy = envValue(env, 'HTTPS_PROXY');
  const httpProxy = envValue(env, 'HTTP_PROXY');
  const noProxy = noProxyEntries(env);
  if (httpsProxy || httpProxy) {
    for (const local of ['localhost', '127.0.0.1', '::1']) if (!noProxy.includes(local)) noProxy.push(local);
  }
  return {
    ...(httpsProxy ? { httpsProxy: redactUrl(httpsProxy.value) } : {}),
    ...(httpProxy ? { httpProxy: redactUrl(httpProxy.value) } : {}),
    noProxy,
  };
}
