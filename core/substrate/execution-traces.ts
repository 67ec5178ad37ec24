// How activity-api's execution traces are read and printed (SPEC §execution_trace, §goal_status,
// §goal_reasoning): the bare exec_… id, the satisfier rule, the tolerant read of a stored
// execution row (substrate-contract §6.1 marks `format:"json"` and the row's fields as guessed)
// and of executionTraceList's JSON-string content (§6.2).

/** The most of one field a reply quotes. */
const FIELD_MAX = 300;
/** The most tasks a trace prints; a longer sequence ends with a count of the rest. */
const TASKS_MAX = 100;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > FIELD_MAX ? `${value.slice(0, FIELD_MAX)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => text(v) ?? JSON.stringify(v)).filter((v): v is string => typeof v === 'string') : [];
}

// @anchor bareExecutionId
/**
 * `v_paradigm_execution_traces:⟨exec_1⟩`, `execution:exec_1` and `exec_1` all read as `exec_1`:
 * the listing carries stored record ids, and activityExecutionTrace answers the bare one.
 */
export function bareExecutionId(id: string): string {
  let out = id.trim();
  const table = /^[A-Za-z_][A-Za-z0-9_]*:/.exec(out);
  if (table && !out.startsWith('satisfier:')) out = out.slice(table[0].length);
  if (out.startsWith('⟨') && out.endsWith('⟩')) out = out.slice(1, -1);
  else if (out.startsWith('`') && out.endsWith('`')) out = out.slice(1, -1);
  return out;
}

// @anchor isSatisfierExecution
/**
 * A satisfier reach (walk-satisfier-…, or a satisfier: template) persists no task trace, so
 * activity-api answers 404 for it, a successful one included (SPEC §execution_trace).
 */
export function isSatisfierExecution(executionId: string | undefined, templateId?: string): boolean {
  return Boolean((executionId && bareExecutionId(executionId).startsWith('walk-satisfier-')) || (templateId && templateId.startsWith('satisfier:')));
}

export const SATISFIER_NOTE = 'a satisfier reach persists no task trace, so activity-api was not asked; its walk is in the dispatch record (goal_reasoning)';

export interface TraceTask {
  ok: boolean | undefined;
  resolver: string;
  tier?: string;
  inShapes: string[];
  outShapes: string[];
  failure?: string;
}

export interface ExecutionTrace {
  id: string;
  status: string;
  templateId?: string;
  vesselId?: string;
  compositionChain: string[];
  tags: string[];
  failureMode?: string;
  stateSignature?: string;
  producedShapes: string[];
  alpha?: number;
  beta?: number;
  tasks: TraceTask[];
  durationMs?: number;
}

function failureText(value: unknown): string | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return text(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const type = text(v.type) ?? text(v.mode);
    const reason = text(v.reason) ?? text(v.message);
    return [type, reason].filter(Boolean).join(': ') || undefined;
  }
  return undefined;
}

function readTask(t: Record<string, unknown>): TraceTask {
  const ok = typeof t.success === 'boolean' ? t.success : t.status === 'success' || t.status === 'completed' ? true : t.status ? false : undefined;
  return {
    ok,
    resolver: text(t.resolver) ?? text(t.resolverId) ?? text(t.task_id) ?? text(t.name) ?? '?',
    tier: text(t.tier),
    inShapes: strings(t.inShapes ?? t.in_shapes ?? t.input_shapes),
    outShapes: strings(t.outShapes ?? t.out_shapes ?? t.output_shapes),
    failure: failureText(t.failure_mode ?? t.failureMode ?? t.error),
  };
}

/** The first `prefix…` tag's value. */
export function firstTag(trace: ExecutionTrace, prefix: string): string | undefined {
  const tag = trace.tags.find((t) => t.startsWith(`${prefix}:`));
  return tag === undefined ? undefined : tag.slice(prefix.length + 1);
}

/**
 * The stored execution row from activityExecutionTrace's `content` (a JSON string with
 * format:"json"); undefined when the content is not a JSON row (an activity-api that answers
 * only markdown), which the caller prints as it came.
 */
export function readExecutionRow(content: unknown, id: string): ExecutionTrace | undefined {
  let row: unknown = content;
  if (typeof content === 'string') {
    try {
      row = JSON.parse(content);
    } catch {
      return undefined;
    }
  }
  if (!row || typeof row !== 'object' || Array.isArray(row)) return undefined;
  const r = row as Record<string, unknown>;
  const nested = (r.execution_trace && typeof r.execution_trace === 'object' ? r.execution_trace : {}) as Record<string, unknown>;
  const rawTasks = Array.isArray(nested.tasks) ? nested.tasks : Array.isArray(r.tasks) ? r.tasks : [];
  const thompson = (r.thompson && typeof r.thompson === 'object' ? r.thompson : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const trace: ExecutionTrace = {
    id: bareExecutionId(text(r.execution_id) ?? text(r.id) ?? id),
    status: text(r.status) ?? (typeof r.success === 'boolean' ? (r.success ? 'success' : 'failure') : 'unknown'),
    templateId: text(r.activity_template_id) ?? text(r.template_id) ?? text(r.activity_id),
    vesselId: text(r.vessel_id),
    compositionChain: strings(r.composition_chain),
    tags: strings(r.tags),
    failureMode: failureText(r.failure_mode),
    stateSignature: text(r.state_signature),
    producedShapes: strings(r.produced_shapes ?? r.output_shapes),
    alpha: num(thompson.alpha) ?? num(r.alpha),
    beta: num(thompson.beta) ?? num(r.beta),
    tasks: rawTasks.filter((t): t is Record<string, unknown> => Boolean(t) && typeof t === 'object').map(readTask),
    durationMs: num(r.duration_ms),
  };
  trace.stateSignature ??= firstTag(trace, 'state_signature');
  return trace;
}

const list = (items: string[]) => (items.length > 0 ? items.join(', ') : '(none)');

/** The per-task sequence: `#N ✓/✗ resolver/tier inShapes → outShapes, failure mode`. */
export function taskLines(trace: ExecutionTrace): string[] {
  if (trace.tasks.length === 0) return ['tasks: (none recorded)'];
  const lines = [`tasks (${trace.tasks.length}):`];
  trace.tasks.slice(0, TASKS_MAX).forEach((t, i) => {
    const mark = t.ok === true ? '✓' : t.ok === false ? '✗' : '?';
    const who = t.tier ? `${t.resolver}/${t.tier}` : t.resolver;
    lines.push(`  #${i + 1} ${mark} ${who} ${list(t.inShapes)} → ${list(t.outShapes)}${t.failure ? `, ${t.failure}` : ''}`);
  });
  if (trace.tasks.length > TASKS_MAX) lines.push(`  … ${trace.tasks.length - TASKS_MAX} more tasks`);
  return lines;
}

/** The reach verdict of a trace: state-space, produced shapes, reach tags, failure mode, α/β. */
export function reachVerdictLines(trace: ExecutionTrace): string[] {
  const ab = trace.alpha !== undefined || trace.beta !== undefined ? `α ${trace.alpha ?? '?'} / β ${trace.beta ?? '?'}` : '(not recorded)';
  return [
    `state-space signature: ${trace.stateSignature ?? '(none)'}`,
    `produced shapes: ${list(trace.producedShapes)}`,
    `completion_shapes: ${firstTag(trace, 'completion_shapes') ?? '(no tag)'}`,
    `reached tag: ${firstTag(trace, 'reached') ?? '(no tag)'}`,
    `failure mode: ${trace.failureMode ?? '(none)'}`,
    `Thompson: ${ab}`,
  ];
}

/** execution_trace's rendering of one trace (SPEC §execution_trace "Otherwise it renders …"). */
export function traceLines(trace: ExecutionTrace): string[] {
  const tag = (prefix: string) => `${prefix}: ${firstTag(trace, prefix) ?? '(no tag)'}`;
  return [
    `Execution ${trace.id}`,
    `status: ${trace.status}`,
    `activity_template_id: ${trace.templateId ?? '(none)'}`,
    `vessel_id: ${trace.vesselId ?? '(none)'}`,
    `composition_chain: ${list(trace.compositionChain)}`,
    tag('state_signature'),
    tag('reached'),
    tag('completion_shapes'),
    tag('operator'),
    `failure mode: ${trace.failureMode ?? '(none)'}`,
    ...taskLines(trace),
  ];
}

export interface TraceListRow {
  id: string;
  status: string;
  durationMs?: number;
  templateId?: string;
  activityId?: string;
  createdAt?: string;
}

export interface TraceListing {
  rows: TraceListRow[];
  successCount?: number;
  failureCount?: number;
}

/** executionTraceList's content (a JSON string of `{loaded, metadata, content:{traces}}`). */
export function readTraceListing(content: unknown): TraceListing | undefined {
  let doc: unknown = content;
  if (typeof content === 'string') {
    try {
      doc = JSON.parse(content);
    } catch {
      return undefined;
    }
  }
  if (!doc || typeof doc !== 'object') return undefined;
  const d = doc as Record<string, any>;
  const traces = d.content?.traces ?? d.traces;
  if (!Array.isArray(traces)) return undefined;
  const summary = d.metadata?.summary ?? {};
  return {
    rows: traces
      .filter((t): t is Record<string, unknown> => Boolean(t) && typeof t === 'object')
      .map((t) => ({
        id: bareExecutionId(text(t.id) ?? text((t.pointer as Record<string, unknown> | undefined)?.executionId) ?? '?'),
        status: text(t.status) ?? '?',
        durationMs: typeof t.duration_ms === 'number' ? t.duration_ms : undefined,
        templateId: text(t.templateId),
        activityId: text(t.activityId),
        createdAt: text(t.created_at),
      })),
    successCount: typeof summary.successCount === 'number' ? summary.successCount : undefined,
    failureCount: typeof summary.failureCount === 'number' ? summary.failureCount : undefined,
  };
}

/** One listing row: id, status, duration, template and time; satisfier rows marked. */
export function listingRowLine(row: TraceListRow): string {
  const template = row.templateId ?? row.activityId ?? '(no template)';
  const satisfier = isSatisfierExecution(row.id, row.templateId ?? row.activityId) ? ' [satisfier: no task trace]' : '';
  const duration = row.durationMs === undefined ? '?' : `${row.durationMs} ms`;
  return `- ${row.id}  ${row.status}  ${duration}  ${template}  ${row.createdAt ?? '(no time)'}${satisfier}`;
}
