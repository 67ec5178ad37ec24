// identity-vessel (substrate-contract §3): GET /health, and POST /v1/auth/resolve in both
// forms (nested body, flat Authorization header), keys with scopes, revocable keys, and a
// flat-only mode (an older identity that reads only the header).
import { EmulatedService, json, parseJson, type Reply } from './http-kit.ts';
import type { IncomingMessage } from 'node:http';

export interface KeyRecord {
  orgId: string;
  userId: string;
  keyId: string;
  scopes: string[];
  accountId?: string;
  revoked?: boolean;
}

export interface IdentityLogEntry {
  form: 'nested' | 'flat';
  /** Whether the request carried the key in its body (the nested form). */
  bodyCarriedKey: boolean;
  headerCarriedKey: boolean;
  at: number;
}

export class IdentityEmulator {
  readonly keys = new Map<string, KeyRecord>();
  readonly log: IdentityLogEntry[] = [];
  flatOnly = false;
  /** Answer /v1/auth/resolve with an HTML page (a portal in front of identity). */
  htmlAnswers = false;
  readonly service: EmulatedService;

  constructor() {
    this.service = new EmulatedService('identity', (req, body, url) => this.handle(req, body, url));
  }

  private handle(req: IncomingMessage, body: string, url: URL): Reply {
    if (req.method === 'GET' && url.pathname === '/health') {
      return json(200, {
        status: 'ok',
        service: 'identity-vessel',
        version: '0.2.0',
        timestamp: new Date().toISOString(),
        checks: { discovery: { status: 'healthy', registered: true, lastHeartbeat: null } },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/auth/resolve') {
      if (this.htmlAnswers) return { status: 200, body: '<html><body>Sign in to continue</body></html>', raw: { contentType: 'text/html' } };
      const parsed = parseJson(body) ?? {};
      const header = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
      const nestedKey = parsed?.impulse?.pointer?.apiKey;
      const headerKey = header?.startsWith('ApiKey ') ? header.slice('ApiKey '.length) : undefined;
      if (parsed.impulse && !this.flatOnly) {
        this.log.push({ form: 'nested', bodyCarriedKey: typeof nestedKey === 'string', headerCarriedKey: Boolean(headerKey), at: Date.now() });
        if (parsed.impulse.type !== 'authentication' || parsed.impulse.pointer?.type !== 'apiKey' || typeof nestedKey !== 'string') {
          return json(400, { success: false, error: { code: 'RESOLVE_FAILED', message: 'invalid authentication impulse' } });
        }
        const record = this.validate(nestedKey);
        if ('error' in record) return json(401, { success: false, error: { code: 'AUTHENTICATION_FAILED', message: record.error } });
        return json(200, {
          success: true,
          data: {
            authenticated: true,
            orgId: record.orgId,
            userId: record.userId,
            keyId: record.keyId,
            type: 'api_key',
            scopes: record.scopes,
            ...(record.accountId ? { accountId: record.accountId } : {}),
          },
        });
      }
      this.log.push({ form: 'flat', bodyCarriedKey: typeof nestedKey === 'string', headerCarriedKey: Boolean(headerKey), at: Date.now() });
      if (!header)
        return json(400, { success: false, error: { code: 'MISSING_AUTH_HEADER', message: 'Provide either { impulse } body or Authorization header' } });
      if (!headerKey) {
        return json(400, { success: false, error: { code: 'INVALID_AUTH_SCHEME', message: 'Authorization must start with "ApiKey " or "Bearer "' } });
      }
      const record = this.validate(headerKey);
      if ('error' in record) return json(401, { valid: false, error: record.error });
      return json(200, { valid: true, user_id: record.userId, org_id: record.orgId, account_id: record.accountId, role: 'member' });
    }
    return json(404, { error: 'Not found' });
  }

  validate(key: string): KeyRecord | { error: string } {
    const record = this.keys.get(key);
    if (!record) return { error: 'Invalid API key' };
    if (record.revoked) return { error: 'API key has been revoked' };
    return record;
  }
}
