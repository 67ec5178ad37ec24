// SPEC §attachment step 3 (the org check) and the key-issuance heartbeat. The key is sent to
// identity and nowhere else in this module's output: results carry ids and scopes, never the
// key and never identity's jwt.
import { netRequest, NetError, selectProxy, type NetRoute } from './substrate/net-client.ts';
import { log } from './log.ts';

export const ORG_CHECK_BUDGET_MS = 5000;

export type OrgCheckResult =
  | {
      kind: 'authenticated';
      orgId?: string;
      keyId?: string;
      accountId?: string;
      scopes: string[] | 'not reported';
      route: NetRoute;
    }
  | { kind: 'key_rejected'; status: number; route: NetRoute }
  /** Non-JSON or HTML where identity's JSON belongs: a portal or a block page. */
  | { kind: 'not_json'; status: number; detail: string; route: NetRoute }
  /** No usable answer: the network cause, or an HTTP status identity does not use for a key. */
  | { kind: 'unreachable'; detail: string; netError?: NetError; route: NetRoute };

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function looksLikeHtml(body: string, contentType: string | undefined): boolean {
  return /html/i.test(contentType ?? '') || /^\s*</.test(body);
}

// @anchor org-check
/**
 * POST {identity}/v1/auth/resolve with the key in both of identity's forms: the nested body
 * and the flat `Authorization: ApiKey` header. Through a proxy only the header goes, since an
 * inspecting proxy's scanner logs bodies where it masks the Authorization header; scopes are
 * then "not reported".
 */
export async function orgCheck(identity: string, key: string, env: NodeJS.ProcessEnv = process.env): Promise<OrgCheckResult> {
  const url = `${identity.replace(/(?<!\/)\/+$/, '')}/v1/auth/resolve`;
  const route = selectProxy(url, env);
  const direct = route.via === 'direct';
  const body = direct ? { impulse: { type: 'authentication', pointer: { type: 'apiKey', apiKey: key } } } : {};
  let res;
  try {
    res = await netRequest({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', authorization: `ApiKey ${key}`, accept: 'application/json' },
      body: JSON.stringify(body),
      responseBudgetMs: ORG_CHECK_BUDGET_MS,
      idempotent: true,
      env,
    });
  } catch (err) {
    if (err instanceof NetError) return { kind: 'unreachable', detail: err.line, netError: err, route: err.route };
    return { kind: 'unreachable', detail: `anchor_unreachable: ${(err as Error).message}`, route };
  }
  // The body is read before the status: a proxy's or portal's 401/403 page is its own answer, not
  // identity's rejection of the key (SPEC §Named network causes: the org check names a non-JSON
  // or HTML answer blocked_by_portal). Only identity's JSON 401/403 is key_rejected, which is final.
  let parsed: any;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    const what = looksLikeHtml(res.body, res.headers['content-type'] as string | undefined) ? 'an HTML page' : 'a non-JSON body';
    return { kind: 'not_json', status: res.status, detail: `identity answered POST /v1/auth/resolve with ${what} (HTTP ${res.status})`, route: res.route };
  }
  if (res.status === 401 || res.status === 403) return { kind: 'key_rejected', status: res.status, route: res.route };
  if (res.status >= 200 && res.status < 300) {
    // Nested form: {success, data:{authenticated, orgId, keyId, scopes, accountId}}.
    if (parsed?.success === true && parsed.data?.authenticated === true) {
      const d = parsed.data;
      const scopes = Array.isArray(d.scopes) && direct ? d.scopes.filter((s: unknown) => typeof s === 'string') : 'not reported';
      return { kind: 'authenticated', orgId: str(d.orgId), keyId: str(d.keyId), accountId: str(d.accountId), scopes, route: res.route };
    }
    // Flat form: {valid, org_id, key_id?}; it reports no scopes the client relies on.
    if (parsed?.valid === true) {
      return {
        kind: 'authenticated',
        orgId: str(parsed.org_id),
        keyId: str(parsed.key_id),
        accountId: str(parsed.account_id),
        scopes: 'not reported',
        route: res.route,
      };
    }
    if (parsed?.valid === false || parsed?.data?.authenticated === false) return { kind: 'key_rejected', status: res.status, route: res.route };
  }
  return { kind: 'unreachable', detail: `identity answered POST /v1/auth/resolve with HTTP ${res.status}`, route: res.route };
}

export const HEARTBEAT_MS = 5 * 60 * 1000;

// @anchor AuthService
/**
 * The key-issuance heartbeat: once authenticated, the same identity is re-resolved every
 * 5 minutes (METABOB_HEARTBEAT_MS overrides, for tests). A key revoked meanwhile is reported
 * to `onRejected`; a heartbeat that gets no answer changes nothing (the next one tries again).
 */
export class AuthService {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly identity: string,
    private readonly key: string,
    private readonly handlers: { onChecked(at: string): void; onRejected(status: number): void },
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  static intervalMs(env: NodeJS.ProcessEnv = process.env): number {
    const ms = Number(env.METABOB_HEARTBEAT_MS);
    return Number.isFinite(ms) && ms > 0 ? ms : HEARTBEAT_MS;
  }

  start(): void {
    this.stop();
    this.timer = setTimeout(() => void this.beat(), AuthService.intervalMs(this.env));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async beat(): Promise<void> {
    const result = await orgCheck(this.identity, this.key, this.env);
    if (result.kind === 'key_rejected') {
      this.stop();
      this.handlers.onRejected(result.status);
      return;
    }
    if (result.kind === 'authenticated') this.handlers.onChecked(new Date().toISOString());
    else log.debug(`heartbeat: identity gave no usable answer (${result.detail}); next heartbeat tries again`);
    this.start();
  }
}
