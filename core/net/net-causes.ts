// The named network causes (SPEC §Named network causes): every failure of the one request
// path is one line that starts with its cause token, built here and nowhere else.
import type { RouteInfo } from './select-proxy.ts';

export type NetCauseToken =
  | 'proxy_auth_required'
  | 'proxy_port_blocked'
  | 'proxy_refused'
  | 'proxy_unsupported'
  | 'tls_intercepted'
  | 'tls_name_mismatch'
  | 'tls_failed'
  | 'dns_failed'
  | 'connect_timeout'
  | 'connect_refused'
  | 'connection_reset'
  | 'response_timeout'
  | 'blocked_by_portal'
  | 'anchor_unreachable';

export interface TlsInfo {
  host: string;
  /** The chain and the name both verified. */
  authorized: boolean;
  issuer?: string;
  /** The chain verified but the name did not: the names the certificate was issued for. */
  issuedFor?: string;
}

export class NetError extends Error {
  readonly token: NetCauseToken;
  /** The whole one-line cause, e.g. "connect_refused(127.0.0.1:9): nothing accepts connections there". */
  readonly line: string;
  readonly route: RouteInfo;
  readonly tls?: TlsInfo;
  /** The OS proxy settings named in the line (SPEC §PAC and OS proxy settings), when read. */
  readonly osProxy?: string;
  /** A transient failure a retry may pass (SPEC §Budgets and retries); never set on a classification. */
  readonly transient: boolean;

  constructor(init: { token: NetCauseToken; line: string; route: RouteInfo; tls?: TlsInfo; osProxy?: string; transient?: boolean }) {
    super(init.line);
    this.name = 'NetError';
    this.token = init.token;
    this.line = init.line;
    // Only the public, redacted facts: a SelectedRoute also carries the proxy URL with its credentials.
    const { via, proxy, bypass, noProxyEntry } = init.route;
    this.route = { via, ...(proxy ? { proxy } : {}), ...(bypass ? { bypass } : {}), ...(noProxyEntry ? { noProxyEntry } : {}) };
    this.tls = init.tls;
    this.osProxy = init.osProxy;
    this.transient = init.transient ?? false;
  }

  /** The same cause with more said after it (the OS proxy hint), keeping token and route. */
  withSuffix(suffix: string, osProxy?: string): NetError {
    return new NetError({ token: this.token, line: `${this.line}${suffix}`, route: this.route, tls: this.tls, osProxy, transient: this.transient });
  }
}

/** "the proxy http://***@proxy:3128 (HTTPS_PROXY)" or "" for a direct route. */
function proxyPhrase(route: RouteInfo, proxyVar?: string): string {
  if (route.via !== 'proxy' || !route.proxy) return '';
  return proxyVar ? `the proxy ${route.proxy} (${proxyVar})` : `the proxy ${route.proxy}`;
}

// @anchor net-causes
/** The line builders, one per cause. Arguments are already redacted where they name a proxy. */
export const netCause = {
  proxyAuthRequired(route: RouteInfo, schemes: string[], hadCredentials: boolean, proxyVar = 'HTTPS_PROXY'): NetError {
    const arg = schemes.length > 0 ? schemes.join(', ') : 'unknown';
    const who = proxyPhrase(route, proxyVar);
    const basic = schemes.some((s) => s.toLowerCase() === 'basic');
    let advice: string;
    if (basic && hadCredentials) advice = `${who} rejected the credentials in the proxy URL; correct the user and password in ${proxyVar}`;
    else if (basic) advice = `${who} asks for credentials; put them in the proxy URL (${proxyVar}=http://user:password@host:port)`;
    else
      advice = `${who} asks for ${arg} authentication, which this process does not speak; run a local authenticating relay (px or cntlm) and point ${proxyVar} at it`;
    return new NetError({ token: 'proxy_auth_required', line: `proxy_auth_required(${arg}): ${advice}`, route });
  },
  proxyPortBlocked(route: RouteInfo, port: number, status: number, proxyVar?: string): NetError {
    const line = `proxy_port_blocked(${port}): ${proxyPhrase(route, proxyVar)} refused CONNECT to port ${port} (${status}); proxies such as Squid tunnel only to 443 by default, so serve the substrate on 443 or have port ${port} allowed`;
    return new NetError({ token: 'proxy_port_blocked', line, route });
  },
  proxyRefused(route: RouteInfo, status: number, proxyVar?: string): NetError {
    const line = `proxy_refused: the request went through ${proxyPhrase(route, proxyVar)} and was answered ${status} without JSON; the proxy itself may refuse it (one that allows only HTTPS, say)`;
    return new NetError({ token: 'proxy_refused', line, route });
  },
  proxyUnsupported(route: RouteInfo, scheme: string, proxyVar?: string): NetError {
    const what = scheme === 'invalid_url' ? 'does not parse as a URL' : 'is not an http:// or https:// proxy';
    const line = `proxy_unsupported(${scheme}): ${proxyVar ?? 'the proxy'}=${route.proxy ?? ''} ${what}; this process speaks only to HTTP proxies`;
    return new NetError({ token: 'proxy_unsupported', line, route });
  },
  tlsIntercepted(route: RouteInfo, host: string, port: number, issuer: string, tls: TlsInfo): NetError {
    const line = `tls_intercepted(${issuer}): ${host}:${port} served a chain signed by ${issuer}, which this process does not trust (TLS inspection or a private CA); add that CA's certificate to NODE_EXTRA_CA_CERTS if it is yours`;
    return new NetError({ token: 'tls_intercepted', line, route, tls });
  },
  tlsNameMismatch(route: RouteInfo, host: string, port: number, certNames: string, tls: TlsInfo): NetError {
    const line = `tls_name_mismatch(${host}): the trusted certificate served at ${host}:${port} is for ${certNames}, not ${host}`;
    return new NetError({ token: 'tls_name_mismatch', line, route, tls });
  },
  tlsFailed(route: RouteInfo, host: string, port: number, reason: string, tls?: TlsInfo): NetError {
    return new NetError({ token: 'tls_failed', line: `tls_failed(${host}:${port}): the TLS handshake failed: ${reason}`, route, tls });
  },
  dnsFailed(route: RouteInfo, host: string, _code: string): NetError {
    // The resolver's code (ENOTFOUND, EAI_AGAIN) differs by machine for the same fault; the line does not.
    const what = route.via === 'proxy' ? `the proxy's name ${host} does not resolve` : `the name ${host} does not resolve`;
    return new NetError({ token: 'dns_failed', line: `dns_failed(${host}): ${what}`, route });
  },
  connectTimeout(route: RouteInfo, hostPort: string, ms: number | undefined, phase: string): NetError {
    const within = ms === undefined ? 'the connect budget' : `${ms} ms`;
    const why = phase === 'connection' ? '; packets to it are being dropped' : '';
    const line = `connect_timeout(${hostPort}): no ${phase} within ${within}${why}`;
    return new NetError({ token: 'connect_timeout', line, route });
  },
  connectRefused(route: RouteInfo, hostPort: string): NetError {
    const suffix = route.via === 'proxy' ? ` (the proxy ${route.proxy})` : '';
    return new NetError({ token: 'connect_refused', line: `connect_refused(${hostPort}): nothing accepts connections there${suffix}`, route });
  },
  connectionReset(route: RouteInfo, host: string, detail: string): NetError {
    const line = `connection_reset(${host}): the connection closed before a complete answer (${detail})`;
    return new NetError({ token: 'connection_reset', line, route, transient: true });
  },
  responseTimeout(route: RouteInfo, host: string, ms: number | undefined): NetError {
    const line =
      ms === undefined
        ? `response_timeout(${host}): connected, but no complete answer within the response budget`
        : `response_timeout(${host}, ${ms}): connected, but no complete answer within ${ms} ms`;
    return new NetError({ token: 'response_timeout', line, route });
  },
  blockedByPortal(route: RouteInfo, what: string): NetError {
    return new NetError({ token: 'blocked_by_portal', line: `blocked_by_portal: ${what}`, route });
  },
  anchorUnreachable(route: RouteInfo, hostPort: string, what: string, transient = false): NetError {
    return new NetError({ token: 'anchor_unreachable', line: `anchor_unreachable(${hostPort}): ${what}`, route, transient });
  },
};

const directRoute: RouteInfo = { via: 'direct' };

function splitTarget(target: string): { host: string; hostPort: string } {
  try {
    const url = new URL(target);
    const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
    return { host: url.hostname, hostPort: port ? `${url.hostname}:${port}` : url.hostname };
  } catch {
    const host = target.replace(/:\d+$/, '');
    return { host, hostPort: target };
  }
}

// @anchor classify-error
/**
 * Names an error from any other source (a scripted fetch in tests, a runtime error) by its code
 * or message (SPEC §Named network causes). `target` is a URL or host:port.
 */
export function classifyError(err: unknown, target: string, route: RouteInfo = directRoute): NetError {
  if (err instanceof NetError) return err;
  const { host, hostPort } = splitTarget(target);
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  const cause = e?.cause as { code?: unknown; message?: unknown } | undefined;
  const code = String(e?.code ?? cause?.code ?? '');
  const message = String(e?.message ?? err ?? '') + (cause?.message ? ` ${String(cause.message)}` : '');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL' || /getaddrinfo/i.test(message)) {
    return netCause.dnsFailed(route, host, code || 'ENOTFOUND');
  }
  if (code === 'ECONNREFUSED') return netCause.connectRefused(route, hostPort);
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return netCause.connectTimeout(route, hostPort, undefined, 'connection');
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || /socket hang up|other side closed/i.test(message)) {
    return netCause.connectionReset(route, host, code || 'closed');
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ABORT_ERR' || /timed? ?out/i.test(message)) {
    return netCause.responseTimeout(route, host, undefined);
  }
  if (/self[- ]signed|unable to (get|verify)|certificate chain|UNABLE_TO_|SELF_SIGNED/i.test(code + ' ' + message)) {
    return netCause.tlsIntercepted(route, host, Number(hostPort.split(':')[1] ?? 443), 'unknown issuer', { host, authorized: false });
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || /altnames|does not match certificate/i.test(message)) {
    return netCause.tlsNameMismatch(route, host, Number(hostPort.split(':')[1] ?? 443), 'another name', { host, authorized: false, issuedFor: 'another name' });
  }
  if (/^ERR_SSL|^ERR_TLS|ssl|tls/i.test(code + ' ' + message)) {
    return netCause.tlsFailed(route, host, Number(hostPort.split(':')[1] ?? 443), code || message.split('\n')[0]);
  }
  if (code.startsWith('HPE_')) return netCause.blockedByPortal(route, `${hostPort} answered with something that is not HTTP`);
  const first = message.split('\n')[0].trim() || 'unknown error';
  return netCause.anchorUnreachable(route, hostPort, code ? `${code}: ${first}` : first);
}
