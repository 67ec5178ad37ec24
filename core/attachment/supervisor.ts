// The long-running server's attachment (SPEC §attachment): it attaches in the background,
// retries the causes that can pass on a schedule and on a substrate tool call, keeps the
// key proven with the heartbeat, and serves readers the last settled attempt while calls
// wait for the one in flight.
import { EventEmitter } from 'node:events';
import { log } from '../log.ts';
import { AuthService } from '../auth-service.ts';
import { runAttachmentOnce, keyRejectedLine, type AttachmentAnchor } from './attach-once.ts';
import { resolveWithState, type ResolveOptions, type ResolveResult } from './resolve.ts';
import { isAttached, isRetryable, pendingState, type AttachmentState } from './state.ts';
import { anchorFromEnv } from './attach-once.ts';
import { proxyEnvironment } from '../substrate/net-client.ts';
import { redactUrl } from '../redact-url.ts';
import type { ClaimSource } from '../identity/operator-id.ts';
import { cause, type Cause } from '../process/cause.ts';

// @anchor reattach
/** 5 s, 15 s, 30 s, 1 min, 2 min, then every 5 min (METABOB_REATTACH_SCALE multiplies, for tests). */
export const REATTACH_SCHEDULE_MS = [5_000, 15_000, 30_000, 60_000, 120_000];
export const REATTACH_STEADY_MS = 300_000;
/** A substrate tool call attempts again at most this often (METABOB_CALL_RETRY_MS overrides, for tests). */
export const CALL_RETRY_MS = 10_000;

export interface AttachmentChange {
  attached: boolean;
  cause: string | null;
  message: string | null;
  at: string;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : fallback;
}

function ago(ms: number): string {
  const minutes = ms / 60_000;
  return minutes < 90 ? `${minutes.toFixed(1)} min` : `${(minutes / 60).toFixed(1)} h`;
}

export class AttachmentSupervisor {
  readonly events = new EventEmitter();
  private settled: AttachmentState;
  private inflight: Promise<AttachmentState> | null = null;
  private started = false;
  private lastAttemptAt = 0;
  /** Attempts in the current run of failures, and when its cause was first found. */
  private failedAttempts = 0;
  private causeFoundAt = 0;
  private attemptNo = 0;
  private reattachStep = 0;
  private reattachTimer: NodeJS.Timeout | undefined;
  private heartbeat: AuthService | undefined;
  private warned: string | null = null;

  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly anchor: AttachmentAnchor = anchorFromEnv(env),
    private readonly notConfiguredMessage: string | null = null,
    /** The clock the cause's age is measured on (tests pass their own). */
    private readonly now: () => number = Date.now,
    /** Who a write's client claim names (SPEC §client-claim). */
    private readonly claim: () => ClaimSource | undefined = () => undefined,
  ) {
    this.settled = pendingState(anchor, proxyEnvironment(env));
  }

  /** Starts the first attempt (idempotent). Startup never waits on it. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.attempt();
  }

  stop(): void {
    if (this.reattachTimer) clearTimeout(this.reattachTimer);
    this.heartbeat?.stop();
  }

  /** The last settled state (a pending one before the first attempt settles). Never waits. */
  current(): AttachmentState {
    return this.settled;
  }

  /** The cause line a refused call echoes, with its age once it is more than a minute old. */
  causeLine(state: AttachmentState = this.settled): string | null {
    if (isAttached(state) || !state.message) return state.auth.status === 'pending' ? 'attaching' : state.message;
    if (isRetryable(state) && this.causeFoundAt && this.now() - this.causeFoundAt > 60_000) {
      const at = new Date(this.causeFoundAt).toISOString();
      return `${state.message} (found ${ago(this.now() - this.causeFoundAt)} ago, at ${at}, after ${this.failedAttempts} attempt${this.failedAttempts === 1 ? '' : 's'}; retrying)`;
    }
    return state.message;
  }

  /** causeLine as a cause: a settled state's message starts with its own cause token; the first attempt's pending state reads `attaching`. */
  causeOf(state: AttachmentState = this.settled): Cause | null {
    const line = this.causeLine(state);
    if (line === null) return null;
    const attaching = (isAttached(state) || !state.message) && state.auth.status === 'pending';
    // The envelope's payload for an agent that branches on the cause (META-ENVELOPE §warnings_v2):
    // where the attempt stopped, and the network cause when the network gave no answer.
    const data = {
      auth: state.auth.status,
      bootstrap: state.bootstrap.status,
      network_cause: state.network.cause,
      settled_at: state.settledAt,
    };
    return cause(attaching ? 'attaching' : (state.cause ?? 'not_configured'), line, data);
  }

  /** Waits for an attempt in flight (starting the first if none ran), then the settled state. */
  async settledState(): Promise<AttachmentState> {
    if (!this.started) this.start();
    if (this.inflight) return this.inflight;
    return this.settled;
  }

  // The gate (SPEC §attachment "The gate"): null when the tool may run, else the cause.
  async refusalCause(tool: string): Promise<Cause | null> {
    let state = await this.settledState();
    if (isAttached(state)) return null;
    const retryMs = positive(this.env.METABOB_CALL_RETRY_MS, CALL_RETRY_MS);
    if (isRetryable(state) && this.now() - this.lastAttemptAt >= retryMs) {
      state = await this.attempt();
      if (isAttached(state)) return null;
    }
    log.debug(`${tool} refused: ${state.cause}`);
    return this.causeOf(state);
  }

  /** The gate's cause line, or null when the tool may run. */
  async refusal(tool: string): Promise<string | null> {
    return (await this.refusalCause(tool))?.line ?? null;
  }

  /** resolve() on the attachment (SPEC §attachment "The one ingress"). */
  async resolve(pointer: Record<string, unknown>, options: ResolveOptions): Promise<ResolveResult> {
    const shape = typeof pointer.type === 'string' ? pointer.type : '';
    const refused = await this.refusalCause(shape || 'resolve');
    if (refused) return { ok: false, cause: refused.code, line: refused.line, shape };
    const result = await resolveWithState(this.settled, this.env.METABOB_API_KEY?.trim() ?? '', pointer, { claim: this.claim(), ...options }, this.env);
    this.settled.network.lastByFamily[options.family] = { ok: result.ok, cause: result.ok ? null : result.line, at: new Date().toISOString() };
    return result;
  }

  private attempt(): Promise<AttachmentState> {
    if (this.inflight) return this.inflight;
    this.lastAttemptAt = this.now();
    this.attemptNo += 1;
    const attempt = runAttachmentOnce({ env: this.env, anchor: this.anchor, notConfiguredMessage: this.notConfiguredMessage }).catch((err) => {
      // runAttachmentOnce never throws by contract; a bug here must still settle the state.
      log.error('attachment attempt failed unexpectedly:', err);
      const state = pendingState(this.anchor, proxyEnvironment(this.env));
      state.auth = { status: 'identity_unreachable', detail: (err as Error).message };
      state.cause = 'anchor_unreachable';
      state.message = redactUrl(
        `anchor_unreachable: the attachment attempt failed (${(err as Error).message}); substrate tools are unavailable; local tools still work`,
      );
      state.settledAt = new Date().toISOString();
      return state;
    });
    this.inflight = attempt.then((state) => {
      this.inflight = null;
      this.onSettled(state);
      return state;
    });
    return this.inflight;
  }

  private onSettled(state: AttachmentState): void {
    const previous = this.settled;
    this.settled = state;
    if (isAttached(state)) {
      if (this.failedAttempts > 0) {
        log.info(`Attached on attempt ${this.attemptNo}, after: ${previous.message ?? previous.cause}`);
      } else {
        log.info(`attached to ${state.anchor.discovery ?? state.identity.endpoint} (identity ${state.identity.endpoint}, ${state.identity.source})`);
      }
      if (state.identity.source === 'rehosted-h1') {
        log.warn(
          `identity rehosted (H1 interim debt): discovery advertises ${state.identity.advertised}, which does not answer; using ${state.identity.endpoint}`,
        );
      }
      this.failedAttempts = 0;
      this.causeFoundAt = 0;
      this.reattachStep = 0;
      this.warned = null;
      if (this.reattachTimer) clearTimeout(this.reattachTimer);
      this.reattachTimer = undefined;
      this.startHeartbeat(state);
    } else {
      if (previous.cause !== state.cause || !this.causeFoundAt) this.causeFoundAt = this.now();
      this.failedAttempts += 1;
      this.warnOnce(state);
      if (isRetryable(state)) this.scheduleReattach();
    }
    this.emitChange();
  }

  private warnOnce(state: AttachmentState): void {
    // Missing configuration is named once, by the configuration (SPEC §configuration "logs
    // one message naming the missing input"); a second line here would repeat it.
    if (state.cause === 'not_configured') return;
    if (!state.message || this.warned === state.message) return;
    this.warned = state.message;
    const requirement = state.cause === 'key_rejected' ? 'CONFORMANCE §c3-identity' : 'CONFORMANCE §c9-fail-visibly';
    log.warn(`attachment refused: ${state.message} (${requirement})`);
  }

  private scheduleReattach(): void {
    if (this.reattachTimer) return;
    const scale = positive(this.env.METABOB_REATTACH_SCALE, 1);
    const base = REATTACH_SCHEDULE_MS[this.reattachStep] ?? REATTACH_STEADY_MS;
    this.reattachStep += 1;
    this.reattachTimer = setTimeout(() => {
      this.reattachTimer = undefined;
      void this.attempt();
    }, base * scale);
    this.reattachTimer.unref();
  }

  private startHeartbeat(state: AttachmentState): void {
    this.heartbeat?.stop();
    const key = this.env.METABOB_API_KEY?.trim();
    if (!state.identity.endpoint || !key) return;
    const identity = state.identity.endpoint;
    this.heartbeat = new AuthService(
      identity,
      key,
      {
        onChecked: (at) => {
          if (this.settled === state) state.lastCheckedAt = at;
        },
        onRejected: (status) => {
          if (this.settled !== state) return;
          const rejected: AttachmentState = {
            ...state,
            auth: { status: 'key_rejected', detail: `HTTP ${status} on the heartbeat` },
            cause: 'key_rejected',
            message: keyRejectedLine(identity, status),
            settledAt: new Date().toISOString(),
            lastCheckedAt: new Date().toISOString(),
          };
          this.settled = rejected;
          this.failedAttempts = 1;
          this.causeFoundAt = this.now();
          this.warnOnce(rejected);
          this.emitChange();
        },
      },
      this.env,
    );
    this.heartbeat.start();
  }

  private emitChange(): void {
    const change: AttachmentChange = {
      attached: isAttached(this.settled),
      cause: this.settled.cause,
      message: this.settled.message,
      at: new Date().toISOString(),
    };
    this.events.emit('change', change);
  }
}
