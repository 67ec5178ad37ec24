// What a host shows the model is the answer's text alone: Claude Code and Codex drop a tool
// result's `_meta`. So what an agent branches on is put in the text, once, here, for every
// tool: the warnings and diagnoses of severity warning or error (META-ENVELOPE §warnings_v2,
// §diagnosis_v2), the empty reason and the first next step (§empty_reason, §next_steps), each
// added only when the handler's text does not already say it (a one-line refusal already does); and the whole fits the budget of
// the host that asked (core/server/host-limits.ts), cut at a line break with a line naming how
// to get the rest.
import type { NextStep, Notice, ToolAnswer, ToolDefinition } from '../tools/define-tool.ts';
import { EMPTY_REASONS } from '../tools/empty-reason.ts';
import type { AnswerBudget } from './host-limits.ts';

/** Characters kept free under the budget for the cut line. */
const CUT_LINE_RESERVE = 400;
/** Longest argument list echoed in the closing line; a longer one is named by its keys. */
const ARGS_ECHO_CAP = 200;
/** Next steps the closing line names. */
const STEPS_SHOWN = 2;

function callText(tool: string, args: Record<string, unknown>): string {
  const json = JSON.stringify(args);
  return `${tool} ${json.length <= ARGS_ECHO_CAP ? json : `{${Object.keys(args).join(', ')}}`}`;
}

function stepsText(steps: NextStep[]): string {
  return steps
    .slice(0, STEPS_SHOWN)
    .map((s) => `${callText(s.tool, s.args)}${s.why ? ` (${s.why})` : ''}`)
    .join('; then ');
}

/**
 * The one line an agent can follow without `_meta`: the next call with its arguments and, for
 * an empty answer, its reason; or, with no call to make, what to do about the reason.
 * Undefined when the envelope carries neither.
 */
export function closingLine(answer: ToolAnswer): string | undefined {
  const reason = answer.emptyReason;
  if (answer.nextSteps?.length) return `Next${reason ? ` (${reason})` : ''}: ${stepsText(answer.nextSteps)}`;
  if (reason) return `Next (${reason}): ${EMPTY_REASONS[reason].response}`;
  return undefined;
}

/** Whether `body` already names the step's call (`call init_workspace`, `path_activity {...}`, `execution_trace(...)`). */
function namesCall(body: string, step: NextStep): boolean {
  return body.toLowerCase().includes(`call ${step.tool}`) || body.includes(`${step.tool} {`) || body.includes(`${step.tool}(`);
}

function hasWord(body: string, word: string): boolean {
  return new RegExp(`(^|[^a-z0-9_])${word}([^a-z0-9_]|$)`).test(body);
}

/** The notices an agent must see: severity warning or error, each message once. */
function noticesToShow(answer: ToolAnswer): Notice[] {
  const seen = new Set<string>();
  return [...(answer.diagnosis ?? []), ...(answer.warnings ?? [])].filter((n) => {
    if (n.severity === 'info' || seen.has(n.message)) return false;
    seen.add(n.message);
    return true;
  });
}

/** A notice as one line of text, its code named once: a message that starts with its code keeps it there. */
function noticeLine(n: Notice): string {
  const message = n.message.replace(/\s*\n\s*/g, ' ').trim();
  const label = n.severity === 'error' ? 'Error' : 'Warning';
  return message.startsWith(n.code) ? `${label}: ${message}` : `${label} (${n.code}): ${message}`;
}

/**
 * The lines the envelope adds to `body`: each warning or error the body does not already carry,
 * then the closing line unless the body already names both the empty reason and the next call.
 */
export function envelopeLines(answer: ToolAnswer, body: string): string[] {
  const lines = noticesToShow(answer)
    .filter((n) => !body.includes(n.message))
    .map((n) => noticeLine(n));
  const said = [body, ...lines].join('\n');
  const reason = answer.emptyReason;
  const step = answer.nextSteps?.[0];
  const reasonShown = !reason || hasWord(said, reason);
  const stepShown = !step || namesCall(said, step);
  if (step && !stepShown) lines.push(`Next${reason && !reasonShown ? ` (${reason})` : ''}: ${stepsText(answer.nextSteps!)}`);
  else if (reason && !reasonShown) lines.push(`Next (${reason}): ${EMPTY_REASONS[reason].response}`);
  return lines;
}

/** How to get what a cut answer left out, from the tool's own narrowing arguments. */
function restHint(tool: ToolDefinition | undefined): string {
  const keys = tool ? Object.keys(tool.inputSchema.shape) : [];
  const limit = keys.find((k) => k === 'limit' || k.endsWith('_limit'));
  const narrowing = keys.filter((k) => /^(file_path|files|paths|changed_files|path|query|severity|category)$/.test(k));
  const ways = [limit ? `a smaller ${limit}` : undefined, narrowing.length ? `a narrower ${narrowing.join(' / ')}` : undefined].filter(Boolean);
  return ways.length && tool ? `call ${tool.name} again with ${ways.join(', or ')} to see the rest` : 'narrow the call to see the rest';
}

function budgetText(budget: AnswerBudget): string {
  const parts = [`${budget.tokens.toLocaleString('en-US')} tokens`];
  if (budget.bytes) parts.push(`${(budget.bytes / 1024).toLocaleString('en-US')} KiB`);
  if (budget.lines) parts.push(`${budget.lines} lines`);
  return parts.join(' / ');
}

/** What text of `chars` characters, `bytes` UTF-8 bytes and `lines` lines leaves of the budget. */
interface Room {
  chars: number;
  bytes: number;
  lines: number;
}

function roomOf(budget: AnswerBudget): Room {
  return { chars: budget.tokens * 4, bytes: budget.bytes ?? Infinity, lines: budget.lines ?? Infinity };
}

function fits(text: string, room: Room): boolean {
  return text.length <= room.chars && Buffer.byteLength(text) <= room.bytes && text.split('\n').length <= room.lines;
}

/** The longest run of whole lines from the top that fits `room`; a first line too long alone is cut by characters. */
function keptHead(text: string, room: Room): string {
  const lines = text.split('\n');
  let chars = 0;
  let bytes = 0;
  let n = 0;
  for (; n < lines.length && n < room.lines; n++) {
    const add = lines[n].length + (n > 0 ? 1 : 0);
    const addBytes = Buffer.byteLength(lines[n]) + (n > 0 ? 1 : 0);
    if (chars + add > room.chars || bytes + addBytes > room.bytes) break;
    chars += add;
    bytes += addBytes;
  }
  if (n > 0) return lines.slice(0, n).join('\n');
  let head = lines[0].slice(0, Math.max(0, Math.min(room.chars, room.bytes)));
  while (Buffer.byteLength(head) > room.bytes) head = head.slice(0, -1);
  return head;
}

/**
 * Cuts a text that, with `extra` lines after it, would pass the budget, at its last line break
 * under it, and says so, naming how to get the rest. Returns the text unchanged when it fits.
 */
export function capText(text: string, budget: AnswerBudget, tool: ToolDefinition | undefined, extra: string[] = []): string {
  const room = roomOf(budget);
  if (fits([text, ...extra].join('\n'), room)) return text;
  const tail = extra.join('\n');
  const reserve = tail.length + CUT_LINE_RESERVE;
  const kept = keptHead(text, {
    chars: room.chars - reserve,
    bytes: room.bytes - Buffer.byteLength(tail) - CUT_LINE_RESERVE,
    lines: room.lines - extra.length - 1,
  });
  const shown = kept.split('\n').length;
  const total = text.split('\n').length;
  return `${kept}\n... answer_capped: cut at ${budgetText(budget)}${budget.host ? ` for ${budget.host}` : ''} (${shown} of ${total} lines shown); ${restHint(tool)}.`;
}

/**
 * A refusal the spec words as one line (SPEC §attachment "The gate": "returns the cause as one
 * line"): it starts with its cause token and names the fix, which is what its empty reason
 * (`not_attached`: "Surface the cause line") and its diagnosis say, so nothing is added to it.
 */
function isOneLineRefusal(answer: ToolAnswer): boolean {
  return answer.isError === true && !answer.text.trim().includes('\n');
}

/**
 * The text a host shows: the handler's text with what the envelope adds, within the budget of
 * the host that asked. A text the spec words whole (`textIsWhole`) gets nothing added.
 */
export function shapeAnswerText(answer: ToolAnswer, tool: ToolDefinition | undefined, budget: AnswerBudget): string {
  if (answer.textIsWhole || isOneLineRefusal(answer)) return capText(answer.text, budget, tool);
  // Room is kept for everything the envelope could add; what the cut text still says is not added again.
  const body = capText(answer.text, budget, tool, envelopeLines(answer, ''));
  const added = envelopeLines(answer, body);
  return added.length ? [body.trimEnd(), ...added].join('\n') : body;
}
