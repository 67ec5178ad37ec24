// The report model behind `attach --check`, `doctor` and `configure` (SPEC §attach --check):
// one run is a stream of events (a check started / a check finished / the run ended), so the
// Ink view, the plain lines and the JSON object all consume the same run. core/ never imports
// ink or react; tui/ renders this, typed by the exports here.
import type { ReportExitCode } from '../process/exit-code.ts';
import { redactUrl } from '../redact-url.ts';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

/** Stable check ids: the JSON keys CI reads, and the order a person sees them in. */
export type CheckId =
  | 'runtime'
  | 'config'
  | 'config_files'
  | 'placeholders'
  | 'proxy'
  | 'tls'
  | 'bootstrap'
  | 'identity'
  | 'org_check'
  | 'resolve'
  | 'result'
  | 'network'
  | 'store'
  | 'parser'
  | 'cache'
  | 'index_cache'
  | 'workspace'
  | 'plugin'
  | 'call_log'
  | 'loopback';

export interface CheckOutcome {
  status: CheckStatus;
  /** One line: what was found. */
  detail: string;
  /** The one cause line when the check failed (starts with its cause token). */
  cause?: string | null;
  /** One line: what to do about it (for warn and fail). */
  remedy?: string | null;
  /** Structured facts for --json (never a secret). */
  data?: Record<string, unknown>;
}

export type ReportEvent =
  | { type: 'start'; id: CheckId; label: string }
  | ({ type: 'finish'; id: CheckId; label: string; ms: number } & CheckOutcome)
  | { type: 'end'; summary: RunSummary };

export interface RunSummary {
  /** 0 attached (or doctor found no failure), 1 otherwise. */
  exitCode: ReportExitCode;
  attached: boolean;
  resolved: boolean;
  /** The attachment's cause token (`key_rejected`, `not_configured`, ...) or null. */
  cause: string | null;
  /** The one line for that cause, or the attached line. */
  line: string;
  /** Short: `attached: ...`, or `not attached: <cause> at the <hop> hop` (the hop shows the line). */
  headline: string;
  /** The network cause under an anchor_unreachable (`connect_refused`, ...), or null. */
  networkCause: string | null;
}

export interface CheckState extends Partial<CheckOutcome> {
  id: CheckId;
  label: string;
  state: 'running' | CheckStatus;
  ms?: number;
}

export interface ReportModel {
  checks: CheckState[];
  summary: RunSummary | null;
}

export const EMPTY_MODEL: ReportModel = { checks: [], summary: null };

/** The model after one more event: a pure reducer, shared by every rendering. */
export function reduceReport(model: ReportModel, event: ReportEvent): ReportModel {
  if (event.type === 'end') return { ...model, summary: event.summary };
  const at = model.checks.findIndex((c) => c.id === event.id);
  let next: CheckState;
  if (event.type === 'start') next = { id: event.id, label: event.label, state: 'running' };
  else {
    const { type: _type, ...rest } = event;
    next = { ...rest, state: event.status };
  }
  const checks = at === -1 ? [...model.checks, next] : model.checks.map((c, i) => (i === at ? next : c));
  return { ...model, checks };
}

export function reduceAll(events: ReportEvent[]): ReportModel {
  return events.reduce(reduceReport, EMPTY_MODEL);
}

type Listener = (event: ReportEvent) => void;

/**
 * One run's event stream. Listeners that subscribe late get the past events first, so a view
 * mounted after the run began still shows every hop. Known secrets (the API key, proxy
 * passwords) are scrubbed from every string before any listener sees it, and so is every URL's
 * user info (SPEC §Proxy `redact-credentials`), so no check, view or --json can print one.
 */
export class ReportRun {
  readonly events: ReportEvent[] = [];
  private listeners: Listener[] = [];
  private secrets: string[] = [];
  private resolveDone!: (model: ReportModel) => void;
  readonly done: Promise<ReportModel> = new Promise((r) => (this.resolveDone = r));

  /** Never shown: any string holding one is printed with `***` in its place. */
  addSecret(value: string | undefined): void {
    if (value && value.length >= 4 && !this.secrets.includes(value)) this.secrets.push(value);
  }

  subscribe(listener: Listener): () => void {
    for (const event of this.events) listener(event);
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  emit(event: ReportEvent): void {
    const clean = scrub(event, this.secrets) as ReportEvent;
    this.events.push(clean);
    for (const listener of this.listeners) listener(clean);
    if (clean.type === 'end') this.resolveDone(this.model());
  }

  start(id: CheckId, label: string): number {
    this.emit({ type: 'start', id, label });
    return Date.now();
  }

  finish(id: CheckId, label: string, startedAt: number, outcome: CheckOutcome): CheckOutcome {
    this.emit({ type: 'finish', id, label, ms: Date.now() - startedAt, ...outcome });
    return outcome;
  }

  /** Runs one check: started, then finished with its outcome (a throw is a failed check). */
  async check(id: CheckId, label: string, fn: () => Promise<CheckOutcome> | CheckOutcome): Promise<CheckOutcome> {
    const startedAt = this.start(id, label);
    let outcome: CheckOutcome;
    try {
      outcome = await fn();
    } catch (err) {
      outcome = {
        status: 'fail',
        detail: `the check itself failed: ${(err as Error).message}`,
        cause: `check_failed(${id}): ${(err as Error).message}`,
        remedy: 'report this with the output of `metabob-mcp doctor --json`',
      };
    }
    return this.finish(id, label, startedAt, outcome);
  }

  /** A check that did not run because an earlier hop failed. */
  skip(id: CheckId, label: string, why: string): void {
    this.emit({ type: 'finish', id, label, ms: 0, status: 'skip', detail: why });
  }

  end(summary: RunSummary): void {
    this.emit({ type: 'end', summary });
  }

  model(): ReportModel {
    return reduceAll(this.events);
  }
}

function scrub(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') {
    let out = redactUrl(value);
    for (const s of secrets) out = out.split(s).join('***');
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, secrets)]));
  }
  return value;
}

export function countByStatus(model: ReportModel): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { ok: 0, warn: 0, fail: 0, skip: 0 };
  for (const c of model.checks) if (c.state !== 'running') counts[c.state]++;
  return counts;
}
