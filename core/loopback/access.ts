// Who the loopback server answers (SPEC §impulse-shapes: local callers, advertised nowhere).
// Binding 127.0.0.1 is not enough: a web page can rebind its own DNS name to 127.0.0.1 and read
// the answers (its requests carry its Host and Origin), and another local user can find the port
// in /proc/net/tcp. So every request must name a loopback Host with the bound port and carry no
// foreign Origin, and every answer beyond a bare liveness one needs a credential: the token in
// the run file (0600, in a 0700 directory) or the server's METABOB_API_KEY.
import type { IncomingMessage } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface AccessRefusal {
  status: number;
  code: string;
  message: string;
}

/** A fresh 256-bit token for one server's run file. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Host must be a loopback name with the bound port; Origin, when sent, this server's own. */
export function checkOrigin(req: IncomingMessage, port: number): AccessRefusal | null {
  const host = req.headers.host?.toLowerCase();
  const hosts = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  if (port === 80) hosts.push(...LOOPBACK_NAMES);
  if (!host || !hosts.includes(host)) {
    return {
      status: 421,
      code: 'misdirected_request',
      message: `this server answers only Host 127.0.0.1:${port} or localhost:${port}`,
    };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin.toLowerCase())) {
    return { status: 403, code: 'forbidden_origin', message: 'requests from web pages are not served here; this server is for local callers only' };
  }
  return null;
}

function same(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The credential an Authorization header presents: `Bearer <x>`, `ApiKey <x>` or bare `<x>`. */
export function presentedCredential(req: IncomingMessage): string | undefined {
  const header = typeof req.headers.authorization === 'string' ? req.headers.authorization.trim() : '';
  return header ? header.replace(/^(ApiKey|Bearer)\s+/i, '') : undefined;
}

/** Whether the request carries the run file's token or the configured API key. */
export function credentialAccepted(req: IncomingMessage, token: string, apiKey: string | undefined = process.env.METABOB_API_KEY?.trim()): boolean {
  const presented = presentedCredential(req);
  if (presented === undefined) return false;
  return same(presented, token) || (!!apiKey && same(presented, apiKey));
}

export const CREDENTIAL_REQUIRED =
  "Authorization: Bearer <token> is required, with the token from this server's run file (<metabob home>/run/<pid>.json), or ApiKey <METABOB_API_KEY>";
