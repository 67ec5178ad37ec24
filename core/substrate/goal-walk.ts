// How a goal-host dispatch record is read and printed (SPEC §Substrate goal tools, §goal_status,
// §goal_reasoning, §run_goal): the tolerant read of goalWalkState's body (substrate-contract §5.2,
// whose newer serialisation leaves keys out and lets walkLog entries be strings or objects),
// the header every goal tool opens with (reached first), who dispatched, and what the walk taught.

/** The most of one walkLog line or error a reply quotes. */
const LINE_MAX = 400;
/** goalWalkState carries the last 60 walkLog lines; never more is printed. */
export const WALK_LOG_MAX = 60;

export interface Principal {
  kind?: string;
  operator?: boolean;
  tag?: string;
  label?: string;
}

export interface AlphaBetaDelta {
  templateId: string;
  dAlpha: number;
  dBeta: number;
}

export interface Learning {
  alphaBetaDelta: AlphaBetaDelta[];
  gapsFiled: string[];
  goalPathRecorded: boolean;
  oracleLabelWritten: boolean;
}

export interface WalkRecord {
  dispatchId: string;
  status: string;
  reached: boolean | null;
  goal?: string;
  goalReachReason?: string;
  executionId?: string;
  selectedTemplateId?: string;
  executionPath?: string;
  operator?: string;
  operatorLabel?: string;
  error?: string;
  walkLog: string[];
  principal?: Principal;
  learning: Learning | null;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > LINE_MAX ? `${value.slice(0, LINE_MAX)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A walkLog entry as printed: a string verbatim, an object as its JSON (both clipped). */
function walkLogLine(entry: unknown): string {
  if (typeof entry === 'string') return text(entry)!;
  const json = JSON.stringify(entry) ?? String(entry);
  return json.length > LINE_MAX ? `${json.slice(0, LINE_MAX)}…` : json;
}

function readLearning(value: unknown): Learning | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const deltas = Array.isArray(v.alphaBetaDelta) ? v.alphaBetaDelta : [];
  return {
    alphaBetaDelta: deltas
      .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
      .map((d) => ({ templateId: text(d.templateId) ?? '?', dAlpha: Number(d.dAlpha) || 0, dBeta: Number(d.dBeta) || 0 })),
    gapsFiled: Array.isArray(v.gapsFiled) ? v.gapsFiled.map((g) => text(g) ?? '?') : [],
    goalPathRecorded: v.goalPathRecorded === true,
    oracleLabelWritten: v.oracleLabelWritten === true,
  };
}

function readPrincipal(value: unknown): Principal | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return { kind: text(v.kind), operator: typeof v.operator === 'boolean' ? v.operator : undefined, tag: text(v.tag), label: text(v.label) };
}

/**
 * The dispatch record inside goal-host's `{resolved, shape, body}` (or a flat record, the
 * `GET /executions/:id` twin); undefined when the answer carries no dispatch at all.
 */
export function readWalkRecord(answer: unknown, dispatchId: string): WalkRecord | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const a = answer as Record<string, unknown>;
  const b = (a.body && typeof a.body === 'object' ? a.body : a) as Record<string, unknown>;
  if (typeof b.status !== 'string') return undefined;
  const walkLog = Array.isArray(b.walkLog) ? b.walkLog.slice(-WALK_LOG_MAX).map(walkLogLine) : [];
  return {
    dispatchId: text(b.dispatchId) ?? dispatchId,
    status: b.status,
    reached: typeof b.reached === 'boolean' ? b.reached : null,
    goal: typeof b.goal === 'string' ? b.goal : undefined,
    goalReachReason: text(b.goalReachReason),
    executionId: text(b.executionId),
    selectedTemplateId: text(b.selectedTemplateId),
    executionPath: text(b.executionPath),
    operator: text(b.operator),
    operatorLabel: text(b.operator_label),
    error: text(b.error),
    walkLog,
    principal: readPrincipal(b.principal),
    learning: readLearning(b.learning),
  };
}

export function isRunning(record: WalkRecord): boolean {
  return record.status === 'running';
}

/** SPEC §goal_status: reached is yes / no / (running) / unknown, never inferred from status. */
export function reachedWord(record: WalkRecord): string {
  if (record.reached === true) return 'yes';
  if (record.reached === false) return 'no';
  return isRunning(record) ? '(running)' : 'unknown';
}

// @anchor principalLines
/**
 * Who dispatched (SPEC §goal_status "Who dispatched"): goal-host's validated principal, the
 * claimed operator marked as claimed, and the one line for a caller without operator
 * authority. A record without a principal is never read as non-operator, and a raw key id
 * (a pre-amendment `label: key:<id>`) is never printed.
 */
export function principalLines(record: WalkRecord): string[] {
  const claimed = record.operatorLabel ?? record.operator;
  const p = record.principal;
  if (!p) {
    const lines = ['principal: not reported'];
    if (claimed) lines.push(`operator: ${claimed} (claimed; goal-host reported no validated principal)`);
    return lines;
  }
  const kind = p.kind ?? 'unknown';
  const tag = p.tag ?? (p.label?.startsWith('key:') ? 'key id withheld' : p.label) ?? 'no tag';
  const lines = [`principal: ${kind} (${tag})`];
  if (p.operator === true) lines.push('operator authority: yes (validated)');
  if (claimed) lines.push(`operator: ${claimed} (claimed, unverified)`);
  if (p.operator === false) {
    lines.push(
      kind === 'node_self'
        ? 'ran without operator authority (node self-call)'
        : 'ran without operator authority: an ordinary keyed caller; directed edits and operator priority do not apply',
    );
  }
  return lines;
}

/**
 * The header every goal tool opens with (SPEC §goal_status): reached first ("reached, not
 * status"), then status, executionId, who dispatched, selectedTemplateId and error. run_goal
 * adds the dispatchId, which the caller of the other tools already holds.
 */
export function headerLines(record: WalkRecord, options: { dispatchId?: boolean } = {}): string[] {
  const lines = [`reached: ${reachedWord(record)}`, `status: ${record.status}`];
  if (record.goalReachReason) lines.push(`reach reason: ${record.goalReachReason}`);
  if (options.dispatchId) lines.push(`dispatchId: ${record.dispatchId}`);
  lines.push(`executionId: ${record.executionId ?? '(none)'}`, ...principalLines(record));
  lines.push(`selectedTemplateId: ${record.selectedTemplateId ?? '(none)'}`);
  if (record.error) lines.push(`error: ${record.error}`);
  return lines;
}

/** The last `count` walkLog entries, as the live tail of a running walk. */
export function walkLogTail(record: WalkRecord, count: number): string[] {
  if (record.walkLog.length === 0) return ['walk log: (no entries yet)'];
  const tail = record.walkLog.slice(-count);
  return [`walk log (last ${tail.length} of ${record.walkLog.length}):`, ...tail.map((l) => `  ${l}`)];
}

/** A posterior change is one with a non-zero Δ (goal-host lists templates with Δ0 too). */
function posteriorChanges(learning: Learning): AlphaBetaDelta[] {
  return learning.alphaBetaDelta.filter((d) => d.dAlpha !== 0 || d.dBeta !== 0);
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

// @anchor learningLines
/**
 * What the walk taught, as goal-host reported it (SPEC §run_goal_async "reported, not
 * inferred"); with `requestedMode` observe, a warning when the walk learned anyway. A goal
 * path alone is not evidence of a write: goal-host sets the flag on its trace branch whether
 * or not it wrote the path.
 */
export function learningLines(record: WalkRecord, requestedMode?: string): string[] {
  const l = record.learning;
  if (!l) return ['learning: not reported by goal-host'];
  const changes = posteriorChanges(l);
  const parts: string[] = [];
  if (l.goalPathRecorded) parts.push('goal path recorded');
  if (changes.length > 0) parts.push(`posterior changes ${changes.map((d) => `${d.templateId} α${signed(d.dAlpha)}/β${signed(d.dBeta)}`).join(', ')}`);
  if (l.gapsFiled.length > 0) parts.push(`gaps filed ${l.gapsFiled.join(', ')}`);
  if (l.oracleLabelWritten) parts.push('oracle label written');
  const lines = [`learning: ${parts.length > 0 ? parts.join('; ') : 'none recorded'}`];
  if (requestedMode === 'observe') {
    const learned = [
      changes.length > 0 ? 'a posterior change' : '',
      l.gapsFiled.length > 0 ? 'a gap' : '',
      l.oracleLabelWritten ? 'an oracle label' : '',
    ].filter(Boolean);
    if (learned.length > 0) lines.push(`warning: learning_mode observe was requested, yet goal-host recorded ${learned.join(', ')} for this walk`);
    if (l.goalPathRecorded) {
      lines.push(
        'note: under observe, goal path recorded is not evidence of a write (goal-host sets the flag on its trace branch whether or not it wrote the path)',
      );
    }
  }
  return lines;
}

/** The goal text a label names: the record's, else the goal the caller passed. */
export function goalOf(record: WalkRecord, given?: string): string | undefined {
  return record.goal ?? (given && given.trim() ? given : undefined);
}
