// The one network request path (SPEC §Network): every request this process makes to a
// substrate goes through netRequest. HTTP/1.1 on node:net and node:tls (not fetch), never
// following a redirect; node:http parses the answer on the socket opened here.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { classifyError, netCause, NetError, type TlsInfo } from './net-causes.ts';
import { authSchemes, openConnection, proxyAuthorizationFor, type ConnectionHandle, type ConnectionPlan } from './open-connection.ts';
import { withOsProxyHint } from './os-proxy.ts';
import { log } from '../log.ts';
import { defaultPort, selectProxy, type RouteInfo, type SelectedRoute } from './select-proxy.ts';
import { redactUrl } from '../redact-url.ts';

export { classifyError, NetError, type NetCauseToken, type TlsInfo } from './net-causes.ts';
export { proxyEnvironment, selectProxy, type RouteInfo } from './select-proxy.ts';

export interface NetRequestOptions {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Whole-request budget (SPEC §Budgets and retries). */
  responseBudgetMs: number;
  /** Reads and the org check may retry on transient failures; writes never. */
  idempotent: boolean;
  /** /bootstrap: 502/503/504 retried too. */
  retryGatewayErrors?: boolean;
  /** Proxy / TLS / budget env; default process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface NetResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  route: RouteInfo;
  tls?: TlsInfo;
  attempts: number;
}

// @anchor connect-budget
export const DEFAULT_CONNECT_BUDGET_MS = 5_000;
/** No request is ever held open past this, whatever a caller asks (SPEC §Budgets and retries: never above 60 s). */
export const MAX_RESPONSE_BUDGET_MS = 60_000;
const RETRY_DELAYS_MS = [250, 750];
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export function connectBudgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.METABOB_CONNECT_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_CONNECT_BUDGET_MS;
}

function publicRoute(route: SelectedRoute): RouteInfo {
  const { via, proxy, bypass, noProxyEntry } = route;
  return { via, ...(proxy ? { proxy } : {}), ...(bypass ? { bypass } : {}), ...(noProxyEntry ? { noProxyEntry } : {}) };
}

// The pause between attempts holds the process open: a one-shot command (attach --check, doctor,
// task pull, finding close, call) has nothing else pending while it waits, and an unref'd timer
// let it exit 0 mid-wait with nothing printed (SPEC §Budgets and retries: the retries happen,
// then the failure is reported). The pause is at most 0.75 s, so no shutdown waits on it long.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// @anchor net-request
/** One request, retried only as SPEC §Budgets and retries allows. Rejects only with NetError. */
export async function netRequest(options: NetRequestOptions): Promise<NetResponse> {
  const env = options.env ?? process.env;
  const budget = Math.min(Math.max(1, options.responseBudgetMs), MAX_RESPONSE_BUDGET_MS);
  const deadline = Date.now() + budget;
  let target: URL;
  try {
    target = new URL(options.url);
  } catch {
    throw netCause.anchorUnreachable({ via: 'direct' }, redactUrl(options.url), 'the URL does not parse');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw netCause.anchorUnreachable({ via: 'direct' }, redactUrl(options.url), `only http:// and https:// URLs are requested (${target.protocol})`);
  }
  const selected = selectProxy(target.href, env);
  const route = publicRoute(selected);
  if (selected.unsupportedScheme) throw netCause.proxyUnsupported(route, selected.unsupportedScheme, selected.proxyVar);
  const plan: ConnectionPlan = {
    route: { ...selected, ...route },
    https: target.protocol === 'https:',
    host: target.hostname.replace(/^\[|\]$/g, ''),
    port: target.port ? Number(target.port) : defaultPort(target.protocol),
    env,
  };
  for (let attempt = 1; ; attempt++) {
    let outcome: NetResponse | NetError;
    try {
      outcome = await attemptOnce(options, target, plan, deadline, budget, attempt);
    } catch (err) {
      outcome = classifyError(err, target.href, route);
    }
    const retryable = outcome instanceof NetError ? outcome.transient : Boolean(options.retryGatewayErrors) && [502, 503, 504].includes(outcome.status);
    const delay = RETRY_DELAYS_MS[attempt - 1];
    // Retries: idempotent requests only, at most twice, and only while the budget leaves room.
    if (retryable && options.idempotent && delay !== undefined && Date.now() + delay < deadline) {
      await sleep(delay);
      continue;
    }
    if (outcome instanceof NetError) {
      const failure = await withOsProxyHint(outcome, selected, env);
      log.debug(`net ${options.method} ${redactUrl(target.origin)} after ${attempt} attempt(s): ${failure.line}`);
      throw failure;
    }
    return outcome;
  }
}

async function attemptOnce(
  options: NetRequestOptions,
  target: URL,
  plan: ConnectionPlan,
  deadline: number,
  budget: number,
  attempt: number,
): Promise<NetResponse> {
  const handle: ConnectionHandle = {};
  const connectBudget = connectBudgetMs(plan.env);
  const remaining = Math.max(1, deadline - Date.now());
  // The response budget covers the whole request, so it caps the connect budget; the line then
  // names the caller's budget, not the few milliseconds that happened to be left.
  const capped = remaining < connectBudget;
  const socket = await withConnectBudget(openConnection(plan, handle), handle, plan, capped ? remaining : connectBudget, capped ? budget : connectBudget);
  return await exchange(options, target, plan, socket, handle, deadline, budget, attempt);
}

function withConnectBudget(opening: Promise<Socket>, handle: ConnectionHandle, plan: ConnectionPlan, ms: number, namedMs = ms): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Which hop ran out: the first hop (TCP, or TLS to an https:// proxy), or the tunnel / TLS to the target.
      handle.current?.destroy();
      const phase = handle.stage ?? 'connection';
      const proxyUrl = plan.route.proxyUrl;
      const firstHop = phase === 'connection' || phase === 'proxy TLS handshake';
      const hop = proxyUrl && firstHop ? `${proxyUrl.hostname}:${proxyUrl.port || (proxyUrl.protocol === 'https:' ? 443 : 80)}` : `${plan.host}:${plan.port}`;
      reject(netCause.connectTimeout(plan.route, hop, namedMs, phase));
    }, ms);
    opening.then(
      (socket) => {
        clearTimeout(timer);
        resolve(socket);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

function exchange(
  options: NetRequestOptions,
  target: URL,
  plan: ConnectionPlan,
  socket: Socket,
  handle: ConnectionHandle,
  deadline: number,
  budget: number,
  attempt: number,
): Promise<NetResponse> {
  const route = plan.route;
  const absoluteForm = route.via === 'proxy' && !plan.https;
  const headers: Record<string, string> = {
    Host: target.host,
    Connection: 'close',
    Accept: 'application/json',
    ...(options.headers ?? {}),
  };
  if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
  if (absoluteForm) {
    const auth = proxyAuthorizationFor(route);
    if (auth) headers['Proxy-Authorization'] = auth;
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () => {
        settle(() => reject(netCause.responseTimeout(route, plan.host, budget)));
        socket.destroy();
      },
      Math.max(1, deadline - Date.now()),
    );
    const req = httpRequest({
      method: options.method,
      host: plan.host,
      port: plan.port,
      // http through a proxy is sent in absolute form (GET http://host:port/path).
      path: absoluteForm ? target.href : `${target.pathname}${target.search}`,
      headers,
      createConnection: () => socket,
    });
    req.on('error', (err) => settle(() => reject(classifyExchangeError(err, plan))));
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          socket.destroy();
          settle(() => reject(netCause.blockedByPortal(route, `${plan.host} answered with a body over ${MAX_BODY_BYTES} bytes`)));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err) => settle(() => reject(classifyExchangeError(err, plan))));
      res.on('aborted', () => settle(() => reject(netCause.connectionReset(route, plan.host, 'the answer was cut off'))));
      res.on('end', () => {
        if (!res.complete) return settle(() => reject(netCause.connectionReset(route, plan.host, 'the answer was cut off')));
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        socket.destroy();
        if (absoluteForm && res.statusCode === 407) {
          // Through a proxy in absolute form, a 407 is the proxy's own challenge, never the target's.
          const schemes = authSchemes([flat['proxy-authenticate'] ?? '']);
          return settle(() => reject(netCause.proxyAuthRequired(route, schemes, proxyAuthorizationFor(route) !== undefined, route.proxyVar)));
        }
        settle(() =>
          resolve({
            status: res.statusCode ?? 0,
            headers: flat,
            body: Buffer.concat(chunks).toString('utf8'),
            route: {
              via: route.via,
              ...(route.proxy ? { proxy: route.proxy } : {}),
              ...(route.bypass ? { bypass: route.bypass } : {}),
              ...(route.noProxyEntry ? { noProxyEntry: route.noProxyEntry } : {}),
            },
            ...(handle.tls ? { tls: handle.tls } : {}),
            attempts: attempt,
          }),
        );
      });
    });
    req.end(options.body);
  });
}

function classifyExchangeError(err: NodeJS.ErrnoException, plan: ConnectionPlan): NetError {
  const code = err.code ?? '';
  if (code.startsWith('HPE_')) {
    // The parser's exact code varies with the answer and the Node version; the cause does not.
    return netCause.blockedByPortal(plan.route, `${plan.host}:${plan.port} answered with something that is not HTTP`);
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(err.message)) {
    return netCause.connectionReset(
      plan.route,
      plan.host,
      code === 'ECONNRESET' && /hang up/i.test(err.message) ? 'closed without an answer' : code || 'closed',
    );
  }
  return classifyError(err, `${plan.https ? 'https' : 'http'}://${plan.host}:${plan.port}`, plan.route);
}

export interface OpenedTls {
  socket: Socket;
  tls: TlsInfo;
  /** SHA-256 fingerprint of the certificate the peer served (AA:BB:...). */
  fingerprint256: string;
  route: RouteInfo;
}

// @anchor open-tls-socket
/**
 * A verified TLS socket to an https: URL over the same route, trust and connect budget as
 * netRequest (doctor's TLS probe, the certificate-fingerprint self-probe). The caller ends it.
 */
export async function openTlsSocket(url: string, env: NodeJS.ProcessEnv = process.env): Promise<OpenedTls> {
  const target = new URL(url);
  const selected = selectProxy(target.href, env);
  const route = publicRoute(selected);
  if (selected.unsupportedScheme) throw netCause.proxyUnsupported(route, selected.unsupportedScheme, selected.proxyVar);
  const plan: ConnectionPlan = {
    route: { ...selected, ...route },
    https: true,
    host: target.hostname.replace(/^\[|\]$/g, ''),
    port: target.port ? Number(target.port) : 443,
    env,
  };
  const handle: ConnectionHandle = {};
  try {
    const socket = (await withConnectBudget(openConnection(plan, handle), handle, plan, connectBudgetMs(env))) as Socket & {
      getPeerCertificate?: () => { fingerprint256?: string };
    };
    const fingerprint256 = socket.getPeerCertificate?.().fingerprint256 ?? '';
    return { socket, tls: handle.tls as TlsInfo, fingerprint256, route };
  } catch (err) {
    throw await withOsProxyHint(classifyError(err, target.href, route), selected, env);
  }
}
