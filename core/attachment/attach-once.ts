// SPEC §attachment steps 1-3, one pass that contacts each address at most once: /bootstrap,
// the identity choice, the org check. The long-running server (supervisor.ts) runs this on
// start, on its reattach schedule and on a tool call; attach --check and doctor run it once
// with per-hop callbacks.
import { classifyError, netRequest, NetError, proxyEnvironment, selectProxy } from '../substrate/net-client.ts';
import { orgCheck } from '../auth-service.ts';
import { netCause } from '../net/net-causes.ts';
import { pendingState, redactStateLines, type AnchorSource, type AttachmentCause, type AttachmentState } from './state.ts';
import { redactUrl } from '../redact-url.ts';

export type Hop = 'bootstrap' | 'identity' | 'org_check';
export interface HopEvent {
  hop: Hop;
  phase: 'start' | 'done';
  ok?: boolean;
  detail?: string;
  ms?: number;
}

export interface AttachmentAnchor {
  discovery: string | null;
  source: AnchorSource;
}

export interface AttachOnceOptions {
  env?: NodeJS.ProcessEnv;
  onHop?: (event: HopEvent) => void;
  /** core/config.ts's report anchor, when configuration lookup ran; otherwise read from env. */
  anchor?: AttachmentAnchor;
  /** core/config.ts's one missing-input line (naming the lookup order), used for not_configured. */
  notConfiguredMessage?: string | null;
}

const BOOTSTRAP_BUDGET_MS = 5000;
const IDENTITY_DIAL_BUDGET_MS = 2000;
const TAIL = 'substrate tools are unavailable; local tools still work';
const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)$/i;

function trimSlash(url: string): string {
  return url.replace(/(?<!\/)\/+$/, '');
}

/** The anchor from the environment after configuration lookup ran (DISCOVERY_ENDPOINT). */
export function anchorFromEnv(env: NodeJS.ProcessEnv = process.env): AttachmentAnchor {
  const discovery = env.DISCOVERY_ENDPOINT?.trim();
  if (!discovery) return { discovery: null, source: 'none' };
  const source = env.METABOB_ANCHOR_SOURCE === 'derived-h1' ? 'derived-h1' : 'explicit';
  return { discovery: trimSlash(discovery), source };
}

// @anchor rehost-h1
/**
 * Census class H1 interim debt (SPEC §attachment step 2.3): an advertised identity on
 * loopback or a single-label container name on an 8xxx port that does not answer is tried at
 * the same port on discovery's host, shifted by discovery's published-port offset.
 */
export function rehostH1(advertised: string, discovery: string): string | null {
  let a: URL;
  let d: URL;
  try {
    a = new URL(advertised);
    d = new URL(discovery);
  } catch {
    return null;
  }
  const port = Number(a.port);
  if (!(port >= 8000 && port <= 8999)) return null;
  const singleLabel = /^[a-z0-9-]+$/i.test(a.hostname) && !/^\d+$/.test(a.hostname);
  if (!LOOPBACK_HOST.test(a.hostname) && !singleLabel) return null;
  const discoveryPort = Number(d.port || (d.protocol === 'https:' ? 443 : 80));
  const shifted = port + (discoveryPort - 8100);
  if (shifted < 1 || shifted > 65535) return null;
  return `${a.protocol}//${d.hostname.includes(':') ? `[${d.hostname}]` : d.hostname}:${shifted}`;
}

function isHtml(body: string, contentType: unknown): boolean {
  return /html/i.test(String(contentType ?? '')) || /^\s*</.test(body);
}

// @anchor attach
/** Runs the attachment sequence once and returns the settled state. Never throws. */
export async function runAttachmentOnce(options: AttachOnceOptions = {}): Promise<AttachmentState> {
  const env = options.env ?? process.env;
  // A hop's detail names the address it tried; it is shown (attach --check), so without user info.
  const onHop = (event: HopEvent) => options.onHop?.(event.detail ? { ...event, detail: redactUrl(event.detail) } : event);
  const anchor = options.anchor ?? anchorFromEnv(env);
  const key = env.METABOB_API_KEY?.trim() || '';
  const explicitIdentity = env.IDENTITY_ENDPOINT?.trim() ? trimSlash(env.IDENTITY_ENDPOINT.trim()) : null;
  const state = pendingState(anchor, proxyEnvironment(env));
  const now = () => new Date().toISOString();
  const settle = (cause: AttachmentCause | null, message: string | null): AttachmentState => {
    state.cause = cause;
    state.message = message;
    state.settledAt = now();
    state.network.lastByFamily.attachment = { ok: cause === null, cause: message, at: state.settledAt };
    return redactStateLines(state);
  };
  const netFailure = (err: NetError) => {
    state.network.cause = err.token;
    state.network.causeLine = err.line;
    if (err.tls) state.network.tls = err.tls;
    if (err.osProxy) state.network.osProxy = err.osProxy;
  };

  if (!key || (!anchor.discovery && !explicitIdentity)) {
    state.auth = { status: 'not_configured' };
    // Nothing was requested: /bootstrap was never asked, so it never reads as answered.
    state.bootstrap = { status: 'skipped' };
    const missing = !key
      ? 'METABOB_API_KEY is not set (set it, or run metabob-mcp configure)'
      : 'no discovery endpoint is configured (set METABOB_ENDPOINT or DISCOVERY_ENDPOINT, or run metabob-mcp configure)';
    state.auth.detail = missing;
    return settle('not_configured', options.notConfiguredMessage ?? `not_configured: ${missing}; ${TAIL}`);
  }

  // Step 1: GET {discovery}/bootstrap, public and keyless.
  let advertised: string | null = null;
  if (anchor.discovery) {
    const url = `${anchor.discovery}/bootstrap`;
    // Only the public, redacted facts: a selected route also carries the proxy URL with its credentials.
    const { via, proxy, bypass, noProxyEntry } = selectProxy(url, env);
    state.network.anchorRoute = { via, ...(proxy ? { proxy } : {}), ...(bypass ? { bypass } : {}), ...(noProxyEntry ? { noProxyEntry } : {}) };
    onHop({ hop: 'bootstrap', phase: 'start' });
    const started = Date.now();
    const done = (ok: boolean, detail: string) => onHop({ hop: 'bootstrap', phase: 'done', ok, detail, ms: Date.now() - started });
    let res;
    try {
      res = await netRequest({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
        responseBudgetMs: BOOTSTRAP_BUDGET_MS,
        idempotent: true,
        retryGatewayErrors: true,
        env,
      });
      if (res.tls) state.network.tls = res.tls;
    } catch (err) {
      const e = classifyError(err, url, state.network.anchorRoute!);
      netFailure(e);
      state.bootstrap = { status: 'unreachable', detail: e.line };
      state.auth = { status: 'pending' };
      done(false, e.line);
      const portal = e.token === 'blocked_by_portal';
      return settle(
        portal ? 'blocked_by_portal' : 'anchor_unreachable',
        `${portal ? 'blocked_by_portal' : 'anchor_unreachable'}: discovery ${anchor.discovery} did not answer GET /bootstrap — ${e.line}; ${TAIL}`,
      );
    }
    let parsed: any;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined) {
      const what = isHtml(res.body, res.headers['content-type']) ? 'an HTML page' : 'a non-JSON body';
      if (res.route.via === 'proxy' && res.status >= 400 && res.status < 500) {
        // SPEC §named-network-causes proxy_refused: a non-JSON 4xx through a proxy names the proxy.
        const refused = netCause.proxyRefused(res.route, res.status);
        state.network.cause = refused.token;
        state.network.causeLine = refused.line;
        state.bootstrap = { status: 'not_substrate', detail: refused.line };
        done(false, refused.line);
        return settle('anchor_unreachable', `anchor_unreachable: discovery ${anchor.discovery} did not answer GET /bootstrap — ${refused.line}; ${TAIL}`);
      }
      const detail = `discovery ${anchor.discovery} answered GET /bootstrap with ${what} (HTTP ${res.status}), not the substrate's JSON`;
      state.network.cause = 'blocked_by_portal';
      state.network.causeLine = `blocked_by_portal: ${detail}`;
      state.bootstrap = { status: 'not_substrate', detail };
      done(false, detail);
      return settle('blocked_by_portal', `blocked_by_portal: ${detail}: a captive portal or block page; sign in or check the network; ${TAIL}`);
    }
    if (res.status >= 500) {
      const detail = `discovery ${anchor.discovery} answered GET /bootstrap with HTTP ${res.status}`;
      state.bootstrap = { status: 'unreachable', detail };
      done(false, detail);
      return settle('anchor_unreachable', `anchor_unreachable: ${detail}; ${TAIL}`);
    }
    if (res.status !== 200 || typeof parsed !== 'object' || parsed === null || !('identity_endpoint' in parsed)) {
      const detail = `not a substrate: discovery ${anchor.discovery} answered GET /bootstrap with HTTP ${res.status} and JSON that is no bootstrap; check the endpoint`;
      state.bootstrap = { status: 'not_substrate', detail };
      done(false, detail);
      return settle('anchor_unreachable', `anchor_unreachable: ${detail}; ${TAIL}`);
    }
    advertised = typeof parsed.identity_endpoint === 'string' && parsed.identity_endpoint ? trimSlash(parsed.identity_endpoint) : null;
    state.bootstrap = { status: 'ok', ...(advertised ? { identityEndpoint: advertised } : {}) };
    done(true, advertised ? `identity_endpoint ${advertised}` : 'no identity_endpoint advertised');
  }

  // Step 2: the identity endpoint.
  const identity = state.identity;
  identity.advertised = advertised;
  const identityUnreachable = (why: string): AttachmentState => {
    state.auth = { status: 'identity_unreachable', detail: why };
    return settle('identity_unreachable', `identity_unreachable(advertised=${advertised ?? 'none'}, tried=[${identity.tried.join(', ')}]): ${why}; ${TAIL}`);
  };
  onHop({ hop: 'identity', phase: 'start' });
  const identityStarted = Date.now();
  const identityDone = (ok: boolean, detail: string) => onHop({ hop: 'identity', phase: 'done', ok, detail, ms: Date.now() - identityStarted });
  let rehosted = false;
  if (explicitIdentity) {
    identity.endpoint = explicitIdentity;
    identity.source = 'explicit';
    identity.tried.push(explicitIdentity);
  } else if (advertised) {
    identity.tried.push(advertised);
    let answered = false;
    let why = '';
    try {
      const health = await netRequest({ method: 'GET', url: `${advertised}/health`, responseBudgetMs: IDENTITY_DIAL_BUDGET_MS, idempotent: true, env });
      answered = health.status >= 200 && health.status < 300;
      why = `GET ${advertised}/health answered HTTP ${health.status}`;
    } catch (err) {
      why = err instanceof NetError ? err.line : (err as Error).message;
      if (err instanceof NetError) netFailure(err);
    }
    if (answered) {
      identity.endpoint = advertised;
      identity.source = 'bootstrap';
    } else {
      const rehost = anchor.discovery ? rehostH1(advertised, anchor.discovery) : null;
      if (!rehost) {
        identityDone(false, why);
        return identityUnreachable(`the advertised identity did not answer (${why})`);
      }
      identity.endpoint = rehost;
      identity.source = 'rehosted-h1';
      identity.tried.push(rehost);
      rehosted = true;
    }
  } else {
    identityDone(false, 'discovery advertises no identity_endpoint and IDENTITY_ENDPOINT is not set');
    return identityUnreachable('discovery advertises no identity_endpoint and IDENTITY_ENDPOINT is not set');
  }
  identityDone(true, `${identity.endpoint} (${identity.source})`);

  // Step 3: prove the key against the chosen identity; for a rehosted address it is also the dial.
  onHop({ hop: 'org_check', phase: 'start' });
  const checkStarted = Date.now();
  const checkDone = (ok: boolean, detail: string) => onHop({ hop: 'org_check', phase: 'done', ok, detail, ms: Date.now() - checkStarted });
  const result = await orgCheck(identity.endpoint!, key, env);
  state.lastCheckedAt = now();
  switch (result.kind) {
    case 'authenticated': {
      state.auth = {
        status: 'authenticated',
        ...(result.orgId ? { orgId: result.orgId } : {}),
        ...(result.keyId ? { keyId: result.keyId } : {}),
        ...(result.accountId ? { accountId: result.accountId } : {}),
        scopes: result.scopes,
      };
      state.network.cause = null;
      state.network.causeLine = null;
      const scopes = Array.isArray(result.scopes) ? `scopes [${result.scopes.join(', ')}]` : 'scopes not reported by identity';
      checkDone(true, `org ${result.orgId ?? '?'}, ${scopes}`);
      return settle(null, null);
    }
    case 'key_rejected': {
      state.auth = { status: 'key_rejected', detail: `HTTP ${result.status}` };
      checkDone(false, `HTTP ${result.status}`);
      return settle('key_rejected', keyRejectedLine(identity.endpoint!, result.status));
    }
    case 'not_json': {
      state.auth = { status: 'identity_unreachable', detail: result.detail };
      state.network.cause = 'blocked_by_portal';
      state.network.causeLine = `blocked_by_portal: ${result.detail}`;
      checkDone(false, result.detail);
      return settle('blocked_by_portal', `blocked_by_portal: ${result.detail}: a captive portal or block page; ${TAIL}`);
    }
    case 'unreachable': {
      if (result.netError) netFailure(result.netError);
      checkDone(false, result.detail);
      return identityUnreachable(rehosted ? `neither the advertised identity nor its H1 rehost answered (${result.detail})` : result.detail);
    }
  }
}

export function keyRejectedLine(identity: string, status: number): string {
  return `key_rejected: the substrate's identity (${redactUrl(identity)}) rejected the API key (HTTP ${status}); ${TAIL}`;
}
