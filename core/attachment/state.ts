// SPEC §attachment "State": the one typed object doctor, attach --check and the loopback
// GET /health report. It never carries the key, nor identity's jwt. Its addresses are the ones
// requests go to, user info and all; publicAttachmentState is the copy that is shown.
import type { NetRoute, NetTls } from '../substrate/net-client.ts';
import { redactUrl, redactUrlsIn } from '../redact-url.ts';

export type AnchorSource = 'explicit' | 'derived-h1' | 'none';
/** pending: not answered yet (or not requested, the attempt still running); skipped: not requested, with no discovery or nothing configured. */
export type BootstrapStatus = 'pending' | 'ok' | 'unreachable' | 'not_substrate' | 'skipped';
export type IdentitySource = 'explicit' | 'bootstrap' | 'rehosted-h1' | 'none';
export type AuthStatus = 'pending' | 'authenticated' | 'key_rejected' | 'identity_unreachable' | 'not_configured';
/** The named causes keyed calls are refused with (SPEC §attachment "Named causes"). */
export type AttachmentCause = 'not_configured' | 'anchor_unreachable' | 'blocked_by_portal' | 'identity_unreachable' | 'key_rejected';
export type Family = 'discovery' | 'trace' | 'concept' | 'goal' | 'other';

export interface FamilyOutcome {
  ok: boolean;
  cause: string | null;
  at: string;
}

// @anchor network-diagnosis
export interface NetworkDiagnosis {
  proxy: { httpsProxy?: string; httpProxy?: string; noProxy: string[] };
  anchorRoute: NetRoute | null;
  /** The network cause token of a failed attachment (SPEC §named-network-causes). */
  cause: string | null;
  causeLine: string | null;
  tls: NetTls | null;
  osProxy: string | null;
  lastByFamily: Partial<Record<'attachment' | Family, FamilyOutcome>>;
}

// @anchor AttachmentState
export interface AttachmentState {
  anchor: { discovery: string | null; source: AnchorSource };
  bootstrap: { status: BootstrapStatus; identityEndpoint?: string; detail?: string };
  identity: { endpoint: string | null; source: IdentitySource; advertised: string | null; tried: string[] };
  auth: {
    status: AuthStatus;
    orgId?: string;
    keyId?: string;
    accountId?: string;
    /** The key's validated scopes, or "not reported" (the flat org check). */
    scopes?: string[] | 'not reported';
    detail?: string;
  };
  cause: AttachmentCause | null;
  message: string | null;
  advertised: 'none';
  network: NetworkDiagnosis;
  startedAt: string;
  settledAt: string | null;
  lastCheckedAt: string | null;
}

/** Causes that can pass by themselves, so the long-running server retries them (SPEC §attachment `reattach`). */
export function isRetryable(state: AttachmentState): boolean {
  if (state.cause === 'anchor_unreachable' || state.cause === 'identity_unreachable' || state.cause === 'blocked_by_portal') {
    // A proxy's refusal and a non-substrate answer are final even when they surface as these.
    return !(state.network.cause ?? '').startsWith('proxy_') && state.bootstrap.detail?.startsWith('not a substrate') !== true;
  }
  return false;
}

export function emptyNetwork(proxy: NetworkDiagnosis['proxy']): NetworkDiagnosis {
  return { proxy, anchorRoute: null, cause: null, causeLine: null, tls: null, osProxy: null, lastByFamily: {} };
}

export function pendingState(anchor: AttachmentState['anchor'], proxy: NetworkDiagnosis['proxy']): AttachmentState {
  return {
    anchor,
    bootstrap: { status: anchor.discovery ? 'pending' : 'skipped' },
    identity: { endpoint: null, source: 'none', advertised: null, tried: [] },
    auth: { status: 'pending' },
    cause: null,
    message: null,
    advertised: 'none',
    network: emptyNetwork(proxy),
    startedAt: new Date().toISOString(),
    settledAt: null,
    lastCheckedAt: null,
  };
}

/** True only once the key is proven. */
export function isAttached(state: AttachmentState): boolean {
  return state.auth.status === 'authenticated';
}

/**
 * The state as it is shown (GET /health, doctor, attach --check): every address and line with
 * its user info redacted (SPEC §Proxy `redact-credentials`, applied to every URL shown).
 */
export function publicAttachmentState(state: AttachmentState): AttachmentState {
  return redactUrlsIn(state);
}

/**
 * A settled state's lines, redacted where they are made: they name the addresses tried and
 * travel on as tool refusals, /v1/events reasons and log lines, so none may hold user info.
 */
export function redactStateLines(state: AttachmentState): AttachmentState {
  if (state.message) state.message = redactUrl(state.message);
  if (state.bootstrap.detail) state.bootstrap.detail = redactUrl(state.bootstrap.detail);
  if (state.auth.detail) state.auth.detail = redactUrl(state.auth.detail);
  if (state.network.causeLine) state.network.causeLine = redactUrl(state.network.causeLine);
  for (const outcome of Object.values(state.network.lastByFamily)) if (outcome?.cause) outcome.cause = redactUrl(outcome.cause);
  return state;
}
