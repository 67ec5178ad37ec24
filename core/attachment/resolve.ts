// SPEC §attachment "The one ingress": resolve(pointer) posts {pointer} to discovery
// POST /resolve with the key, under the family's client cap, and names discovery's own
// failures in one line. Tools reach it through resolveShape (core/attachment.ts).
import { netRequest, NetError } from '../substrate/net-client.ts';
import { clientClaim, type ClaimSource } from '../identity/operator-id.ts';
import { resolveVesselId } from '../identity/vessel-identity.ts';
import { sessionId } from '../process/session.ts';
import { isAttached, type AttachmentState, type Family } from './state.ts';
import { guardOutgoingPointer } from '../outgoing-guard.ts';
import { log } from '../log.ts';
import { redactUrl } from '../redact-url.ts';

// @anchor resolve-timeouts
/** Client caps just above discovery's cut for each producer family; none above 60 s. */
export const RESOLVE_TIMEOUTS_MS: Record<Family, number> = {
  discovery: 10_000,
  trace: 15_000,
  concept: 35_000,
  goal: 60_000,
  other: 30_000,
};
export const MAX_REQUEST_MS = 60_000;
const READ_RETRY_DELAYS_MS = [500, 1500];
/** activity-api does not cancel a query discovery cut: retrying would run it twice. */
const NEVER_RETRIED_READS = new Set(['activityExecutionTrace', 'executionTraceList']);

export interface ResolveOptions {
  family: Family;
  /** A write: never retried, refused for a read-only key, and carries client_claim. */
  write?: boolean;
  /** A tighter cap than the family's (never above 60 s). */
  timeoutMs?: number;
  /** Sent once, never retried, under `timeoutMs` even above the family's cap (never above 60 s): resolve_impulse. */
  once?: boolean;
  /** Who a write's client claim names (SPEC §client-claim); without it the claim is unidentified. */
  claim?: ClaimSource;
  /** The decided workspace, whose dotenv files the egress backstop knows secrets from (resolveShape fills it). */
  workspaceRoot?: string;
}

export type ResolveResult =
  | { ok: true; status: number; body: unknown; text: string; shape: string; attempts: number }
  | { ok: false; cause: string; line: string; shape: string; status?: number };

function refusal(cause: string, line: string, shape: string, status?: number): ResolveResult {
  return { ok: false, cause, line, shape, ...(status !== undefined ? { status } : {}) };
}

// @anchor no-producer-line
export function noProducerLine(shape: string): string {
  return (
    `no_producer(${shape}): discovery found no producer for ${shape}, or a producer behind a peer refused the request ` +
    'or lacks the item (a forwarded 404 does not say which)'
  );
}

// @anchor classifyDiscoveryAnswer
/**
 * Names discovery's own failures (SPEC §attachment): its 404 {error:"Not found", shape},
 * its 502 forward_failed (cut at the producer's timeout, or any other forward failure).
 * Anything else is the producer's answer and passes through; null means "not a failure".
 */
export function classifyDiscoveryAnswer(shape: string, status: number, body: unknown, elapsedMs: number): { cause: string; line: string } | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (status === 404 && b.error === 'Not found' && (b.shape === undefined || b.shape === shape)) {
    return { cause: 'no_producer', line: noProducerLine(shape) };
  }
  if (status === 502 && b.error === 'forward_failed') {
    const detail = typeof b.detail === 'string' ? b.detail : '';
    if (/time(d)?\s?out|abort/i.test(detail)) {
      const ms = Math.round(elapsedMs / 100) * 100;
      return {
        cause: 'producer_timeout',
        line: `producer_timeout(${shape}, ${ms}): discovery cut the forward to ${shape}'s producer at its resolve timeout (${detail})`,
      };
    }
    return {
      cause: 'producer_unreachable',
      line: `producer_unreachable(${shape}): discovery could not reach ${shape}'s producer${detail ? ` (${detail})` : ''}`,
    };
  }
  return null;
}

/** Shapes that write though their names do not end in `_write` (substrate-contract §4.2, §5). */
const WRITING_SHAPES = new Set(['goalDispatchAsync', 'impulseSignatureConcept']);

/**
 * A resolve that is not a read (SPEC §client-claim, §read-only-key): one the caller marks as a
 * write, any `*_write` shape, a dispatch, and `concept` with an id (resolving it writes
 * times_loaded). It carries client_claim, is refused for a read-only key, and is sent once.
 */
export function isNonReadResolve(pointer: Record<string, unknown>, options: ResolveOptions): boolean {
  if (options.write) return true;
  const shape = typeof pointer.type === 'string' ? pointer.type : '';
  return shape.endsWith('_write') || WRITING_SHAPES.has(shape) || (shape === 'concept' && pointer.concept_id !== undefined);
}

function scopesAllowWrite(state: AttachmentState): boolean {
  const scopes = state.auth.scopes;
  // No scopes reported (the flat org check): nothing is known about the key, nothing is gated.
  if (!Array.isArray(scopes)) return true;
  return scopes.includes('write') || scopes.includes('admin');
}

/**
 * One resolve against a settled, authenticated state. `key` is the attachment's key; it goes
 * in the Authorization header and nowhere else.
 */
// @anchor attachment-resolve
export async function resolveWithState(
  state: AttachmentState,
  key: string,
  pointer: Record<string, unknown>,
  options: ResolveOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ResolveResult> {
  const shape = typeof pointer.type === 'string' ? pointer.type : '';
  if (!shape) return refusal('invalid_pointer', 'invalid_pointer: the pointer has no type; nothing was sent', shape);
  if (!isAttached(state)) return refusal(state.cause ?? 'not_configured', state.message ?? 'not_configured: the attachment is not authenticated', shape);
  if (!state.anchor.discovery) {
    return refusal(
      'not_configured',
      'not_configured: no discovery endpoint is configured, so there is nowhere to resolve; set METABOB_ENDPOINT or DISCOVERY_ENDPOINT',
      shape,
    );
  }
  const write = isNonReadResolve(pointer, options);
  // @anchor read-only-key
  if (write && !scopesAllowWrite(state)) {
    const scopes = (state.auth.scopes as string[]).join(', ');
    return refusal('key_read_only', `key_read_only: this key has scopes [${scopes}]; the ${shape} write was not sent`, shape);
  }
  let sent = pointer;
  if (write && env.METABOB_CLIENT_CLAIM !== 'off' && pointer.client_claim === undefined) {
    sent = { ...pointer, client_claim: clientClaim(options.claim ?? { sessionId, vesselId: resolveVesselId(process.cwd(), env) }, env) };
  }
  if (write) {
    // SPEC §guard-outgoing-pointer: the lines the server composed are checked once more before they leave.
    const guarded = guardOutgoingPointer(sent, shape, { env, key, workspaceRoot: options.workspaceRoot });
    if (!guarded.ok) return refusal(guarded.cause.code, guarded.cause.line, shape);
    if (guarded.replaced.length) log.warn(`outgoing_home_path(${shape}): this user's home was sent as ~ in ${guarded.replaced.join(', ')}`);
    sent = guarded.pointer;
  }
  const familyCap = RESOLVE_TIMEOUTS_MS[options.family];
  const cap = Math.min(options.timeoutMs ?? familyCap, options.once ? MAX_REQUEST_MS : familyCap, MAX_REQUEST_MS);
  const retries = write || options.once || NEVER_RETRIED_READS.has(shape) ? [] : READ_RETRY_DELAYS_MS;
  const url = `${state.anchor.discovery}/resolve`;
  let last: ResolveResult | undefined;
  for (let attempt = 0; attempt <= retries.length; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, retries[attempt - 1]));
    const started = Date.now();
    let res;
    try {
      res = await netRequest({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `ApiKey ${key}` },
        body: JSON.stringify({ pointer: sent }),
        responseBudgetMs: cap,
        idempotent: false,
        env,
      });
    } catch (err) {
      const e = err as NetError;
      if (e instanceof NetError && e.token === 'response_timeout') {
        // The request outlived its client cap: the producer is slow, discovery is not gone.
        last = refusal('producer_timeout', `producer_timeout(${shape}, ${cap}): no answer within the ${options.family} cap of ${cap} ms`, shape);
        continue;
      }
      const line = e instanceof NetError ? e.line : (err as Error).message;
      const discovery = redactUrl(state.anchor.discovery);
      return refusal('anchor_unreachable', `anchor_unreachable: discovery ${discovery} did not answer POST /resolve — ${redactUrl(line)}`, shape);
    }
    const elapsed = Date.now() - started;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
    if (body === undefined) {
      const html = /^\s*</.test(res.body) ? 'an HTML page' : 'a non-JSON body';
      return refusal(
        'blocked_by_portal',
        `blocked_by_portal: discovery answered POST /resolve for ${shape} with ${html} (HTTP ${res.status})`,
        shape,
        res.status,
      );
    }
    if (res.status === 401 && (body as any)?.error?.code === 'INVALID_API_KEY') {
      return refusal(
        'key_rejected',
        `key_rejected: discovery rejected the API key on POST /resolve for ${shape} (HTTP 401): ${(body as any).error.message}`,
        shape,
        401,
      );
    }
    const named = classifyDiscoveryAnswer(shape, res.status, body, elapsed);
    if (!named) return { ok: true, status: res.status, body, text: res.body, shape, attempts: attempt + 1 };
    last = refusal(named.cause, named.line, shape, res.status);
    if (named.cause !== 'producer_timeout') return last;
  }
  return last!;
}
