// The attachment's request path, written to the API of core/net/net.ts (issue 5 item 1:
// SPEC §network, the one path every substrate request takes). Until that module lands this
// file carries a direct-only stand-in with the same signature and the same rejection shape
// (NetError {token, line, route}); when it lands, this file becomes a re-export and nothing
// that calls it changes. The stand-in never uses a proxy: it reports the proxy the
// environment names, but it cannot tunnel, so a proxied request fails with proxy_unsupported.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface NetRoute {
  via: 'direct' | 'proxy';
  proxy?: string;
  bypass?: string;
}

export interface NetTls {
  host: string;
  authorized: boolean;
  issuer: string;
}

export interface NetResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  route: NetRoute;
  tls?: NetTls;
  attempts: number;
}

export interface NetRequestOptions {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  responseBudgetMs: number;
  idempotent?: boolean;
  retryGatewayErrors?: boolean;
  env?: NodeJS.ProcessEnv;
}

export class NetError extends Error {
  constructor(
    readonly token: string,
    readonly line: string,
    readonly route: NetRoute,
    readonly tls?: NetTls,
    readonly osProxy?: string,
  ) {
    super(line);
    this.name = 'NetError';
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\]|.*\.localhost)$/i;

/** `http://user:pass@proxy:3128` -> `http://***@proxy:3128`. */
export function redactCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1***@');
}

function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;
}

/** The proxy environment as the diagnosis reports it, credentials redacted. */
export function proxyEnvironment(env: NodeJS.ProcessEnv = process.env): {
  httpsProxy: string | null;
  httpProxy: string | null;
  noProxy: string[];
} {
  const https = envValue(env, 'HTTPS_PROXY');
  const http = envValue(env, 'HTTP_PROXY');
  const noProxy = (envValue(env, 'NO_PROXY') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (https || http) for (const host of ['localhost', '127.0.0.1', '::1']) if (!noProxy.includes(host)) noProxy.push(host);
  return { httpsProxy: https ? redactCredentials(https) : null, httpProxy: http ? redactCredentials(http) : null, noProxy };
}

/** Which route a request to `url` takes (SPEC §proxy-selection, simplified: loopback and NO_PROXY hosts). */
export function selectProxy(url: string, env: NodeJS.ProcessEnv = process.env): NetRoute {
  const target = new URL(url);
  const proxy = target.protocol === 'https:' ? envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY') : envValue(env, 'HTTP_PROXY');
  if (!proxy) return { via: 'direct', bypass: 'no proxy configured' };
  if (LOOPBACK.test(target.hostname)) return { via: 'direct', bypass: 'loopback' };
  const noProxy = proxyEnvironment(env).noProxy;
  const host = target.hostname.toLowerCase();
  for (const entry of noProxy) {
    const e = entry.toLowerCase().replace(/^\./, '');
    if (e === '*' || host === e || host.endsWith('.' + e) || `${host}:${target.port}` === e) {
      return { via: 'direct', bypass: `NO_PROXY ${entry}` };
    }
  }
  return { via: 'proxy', proxy: redactCredentials(proxy) };
}

function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
}

function classify(err: NodeJS.ErrnoException, url: URL, budgetMs: number, timedOut: boolean): [string, string] {
  if (timedOut) return ['response_timeout', `response_timeout(${url.hostname}, ${budgetMs}): connected, but no complete answer within ${budgetMs} ms`];
  switch (err.code) {
    case 'ECONNREFUSED':
      return ['connect_refused', `connect_refused(${hostPort(url)}): nothing accepts connections there`];
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return ['dns_failed', `dns_failed(${url.hostname}): the name does not resolve`];
    case 'ECONNRESET':
    case 'EPIPE':
      return ['connection_reset', `connection_reset(${url.hostname}): the connection closed before a complete answer`];
    case 'ETIMEDOUT':
      return ['connect_timeout', `connect_timeout(${hostPort(url)}): no connection within the connect budget`];
    default:
      return ['anchor_unreachable', `anchor_unreachable(${hostPort(url)}): ${err.code ?? err.message}`];
  }
}

function once(options: NetRequestOptions, url: URL, route: NetRoute): Promise<NetResponse> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = send(url, { method: options.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), route, attempts: 1 });
      });
      res.on('error', (err) => req.destroy(err));
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('response budget spent'));
    }, options.responseBudgetMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const [token, line] = classify(err, url, options.responseBudgetMs, timedOut);
      reject(new NetError(token, line, route));
    });
    req.end(options.body);
  });
}

const RETRY_DELAYS_MS = [250, 750];

export async function netRequest(options: NetRequestOptions): Promise<NetResponse> {
  const url = new URL(options.url);
  const route = selectProxy(options.url, options.env ?? process.env);
  if (route.via === 'proxy') {
    throw new NetError('proxy_unsupported', `proxy_unsupported(${route.proxy}): this build's request path does not tunnel yet`, route);
  }
  const deadline = Date.now() + options.responseBudgetMs;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const budget = Math.max(1, deadline - Date.now());
    try {
      const res = await once({ ...options, responseBudgetMs: budget }, url, route);
      const gateway = options.retryGatewayErrors && [502, 503, 504].includes(res.status);
      if (!gateway || attempts > RETRY_DELAYS_MS.length || Date.now() + RETRY_DELAYS_MS[attempts - 1] >= deadline) {
        return { ...res, attempts };
      }
    } catch (err) {
      const e = err as NetError;
      const transient = e.token === 'connection_reset';
      if (!options.idempotent || !transient || attempts > RETRY_DELAYS_MS.length || Date.now() + RETRY_DELAYS_MS[attempts - 1] >= deadline) {
        if (e.token === 'response_timeout') {
          throw new NetError(e.token, `response_timeout(${url.hostname}, ${options.responseBudgetMs}): connected, but no complete answer within ${options.responseBudgetMs} ms`, route);
        }
        throw err;
      }
    }
    await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempts - 1]));
  }
}
