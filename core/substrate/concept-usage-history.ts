// The one direct REST read the substrate tools make (SPEC §concept_usage_stats): no concept-db
// shape serves usage history, so concept-db is located through discovery's vesselCapability
// (through the attachment) and read at GET /concepts/:id/usage?limit=N, 3 s, on the
// attachment's request path (SPEC §Network, core/net/net.ts). An advertised private address
// on another host than discovery is not dialled: it is almost always out of reach from here.
import { netRequest, NetError } from './net-client.ts';
import { isRecord } from './concept-content.ts';

/** SPEC §Budgets and retries: the history read's response budget. */
export const USAGE_HISTORY_BUDGET_MS = 3_000;

export interface UsageRow {
  outcome: string;
  recordedAt: string | undefined;
  traceId: string | undefined;
  activityId: string | undefined;
}

export type UsageHistory = { ok: true; address: string; rows: UsageRow[] } | { ok: false; address: string | undefined; why: string };

/** What locating concept-db needs: vesselCapability's answer body, or the line it failed with. */
export type CapabilityRead = () => Promise<{ ok: true; body: unknown } | { ok: false; line: string }>;

function ipv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4) return undefined;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o >= 0 && o <= 255) ? octets : undefined;
}

/** RFC 1918, CGNAT (100.64.0.0/10) and link-local (169.254.0.0/16, fe80::/10) addresses. */
export function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4(bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254);
  }
  return /^fe[89ab][0-9a-f]:/.test(bare);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

/** concept-db's address from vesselCapability's rows: a direct (non-peer) row first, its public_endpoint when present. */
export function conceptDbAddress(body: unknown): string | undefined {
  const content = isRecord(body) ? body.content : undefined;
  const vessels = isRecord(content) && Array.isArray(content.vessels) ? content.vessels.filter(isRecord) : [];
  const ordered = [...vessels.filter((v) => v.discoveredVia !== 'peer'), ...vessels.filter((v) => v.discoveredVia === 'peer')];
  for (const row of ordered) {
    const address = typeof row.public_endpoint === 'string' && row.public_endpoint ? row.public_endpoint : row.endpoint;
    if (typeof address === 'string' && /^https?:\/\//i.test(address)) return address.replace(/\/+$/, '');
  }
  return undefined;
}

function usageRowsOf(text: string): UsageRow[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const list = isRecord(body) ? body.usage : undefined;
  if (!Array.isArray(list)) return undefined;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return list.filter(isRecord).map((row) => ({
    outcome: str(row.outcome) ?? '?',
    recordedAt: str(row.recorded_at),
    traceId: str(row.trace_id),
    activityId: str(row.activity_id),
  }));
}

// @anchor usage-history-direct-edge
/**
 * Recent usage rows of one concept, or why there are none to show. `conceptId` is plain;
 * `discovery` is the anchor's URL; `key` goes in the Authorization header and nowhere else.
 */
export async function readUsageHistory(options: {
  conceptId: string;
  limit: number;
  discovery: string | null;
  key: string;
  locate: CapabilityRead;
  env: NodeJS.ProcessEnv;
}): Promise<UsageHistory> {
  const located = await options.locate();
  if (!located.ok) return { ok: false, address: undefined, why: `vesselCapability could not locate it (${located.line})` };
  const address = conceptDbAddress(located.body);
  if (!address) return { ok: false, address: undefined, why: 'vesselCapability named no address for it' };
  const host = hostOf(address);
  const discoveryHost = options.discovery ? hostOf(options.discovery) : undefined;
  if (host && isPrivateAddress(host) && host !== discoveryHost) {
    return {
      ok: false,
      address,
      why: 'a private address (RFC 1918, CGNAT or link-local) on another host than discovery, which was not dialled since it is almost always out of reach from this client',
    };
  }
  const url = `${address}/concepts/${encodeURIComponent(options.conceptId)}/usage?limit=${options.limit}`;
  try {
    const res = await netRequest({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(options.key ? { authorization: `ApiKey ${options.key}` } : {}) },
      responseBudgetMs: USAGE_HISTORY_BUDGET_MS,
      idempotent: true,
      env: options.env,
    });
    if (res.status !== 200) return { ok: false, address, why: `which answered GET /concepts/:id/usage with HTTP ${res.status}` };
    const rows = usageRowsOf(res.body);
    if (!rows) return { ok: false, address, why: 'which answered GET /concepts/:id/usage without a usage list' };
    return { ok: true, address, rows: rows.slice(0, options.limit) };
  } catch (err) {
    const line = err instanceof NetError ? err.line : (err as Error).message;
    return { ok: false, address, why: `which did not answer GET /concepts/:id/usage: ${line}` };
  }
}
