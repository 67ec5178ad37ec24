// What a host shows the model is the answer's text alone: Claude Code and Codex drop a tool
// result's `_meta`. So the two things an agent must not miss are put in the text, once, here,
// for every tool: the envelope's next step (META-ENVELOPE §next_steps, §empty_reason) as one
// closing line, and a size cap, so no answer floods a context window by default.
import type { ToolAnswer, ToolDefinition } from '../tools/define-tool.ts';
import { EMPTY_REASONS } from '../tools/empty-reason.ts';
import { heuristicTokens } from './tokens.ts';

/** Tokens (chars/4) an answer's text may take unless METABOB_MAX_ANSWER_TOKENS says otherwise. */
export const DEFAULT_ANSWER_TOKEN_CAP = 10_000;
/** The smallest cap the variable may set: below it the cut line itself would not fit. */
const MIN_ANSWER_TOKEN_CAP = 200;
/** Characters kept free under the cap for the cut line and the closing line (at most a quarter of it). */
const SHAPE_RESERVE_CHARS = 800;
/** Longest argument list echoed in the closing line; a longer one is named by its keys. */
const ARGS_ECHO_CAP = 200;
/** Next steps the closing line names. */
const STEPS_SHOWN = 2;

export function answerTokenCap(env: NodeJS.ProcessEnv): number {
  const raw = Number(env.METABOB_MAX_ANSWER_TOKENS);
  return Number.isInteger(raw) && raw >= MIN_ANSWER_TOKEN_CAP ? raw : DEFAULT_ANSWER_TOKEN_CAP;
}

function callText(tool: string, args: Record<string, unknown>): string {
  const json = JSON.stringify(args);
  return `${tool} ${json.length <= ARGS_ECHO_CAP ? json : `{${Object.keys(args).join(', ')}}`}`;
}

/**
 * The one line an agent can follow without `_meta`: the next call with its arguments, or,
 * for an empty answer with no call to make, what to do about its reason. Undefined when the
 * envelope carries neither.
 */
export function closingLine(answer: ToolAnswer): string | undefined {
  const steps = answer.nextSteps ?? [];
  if (steps.length > 0) {
    const calls = steps.slice(0, STEPS_SHOWN).map((s) => `${callText(s.tool, s.args)}${s.why ? ` (${s.why})` : ''}`);
    return `Next: ${calls.join('; then ')}`;
  }
  if (answer.emptyReason) return `Next (${answer.emptyReason}): ${EMPTY_REASONS[answer.emptyReason].response}`;
  return undefined;
}

/** How to get what a cut answer left out, from the tool's own narrowing arguments. */
function restHint(tool: ToolDefinition | undefined): string {
  const keys = tool ? Object.keys(tool.inputSchema.shape) : [];
  const limit = keys.find((k) => k === 'limit' || k.endsWith('_limit'));
  const narrowing = keys.filter((k) => /^(file_path|files|paths|changed_files|path|query|severity|category)$/.test(k));
  const ways = [limit ? `a smaller ${limit}` : undefined, narrowing.length ? `a narrower ${narrowing.join(' / ')}` : undefined].filter(Boolean);
  return ways.length && tool ? `call ${tool.name} again with ${ways.join(', or ')} to see the rest` : 'narrow the call to see the rest';
}

/**
 * Cuts a text over the cap at its last line break under it and says so, naming how to get the
 * rest. Returns the text unchanged when it fits.
 */
export function capText(text: string, cap: number, tool: ToolDefinition | undefined): string {
  if (heuristicTokens(text) <= cap) return text;
  const budget = cap * 4 - Math.min(SHAPE_RESERVE_CHARS, cap);
  const cutAt = text.lastIndexOf('\n', budget);
  const kept = text.slice(0, cutAt > budget / 2 ? cutAt : budget);
  const shownLines = kept.split('\n').length;
  const totalLines = text.split('\n').length;
  return `${kept}\n... answer_capped: cut at ${cap.toLocaleString('en-US')} tokens (${shownLines} of ${totalLines} lines shown); ${restHint(tool)}.`;
}

/** Tool-like names (`init_workspace`, `path_activity`) in a reason's response. */
const NAME_IN_RESPONSE = /\b[a-z]{2,32}(?:_[a-z]{2,32}){1,3}\b/g;

/** The tools the closing line tells the agent to call or read. */
function toolsNamed(answer: ToolAnswer, isTool: (name: string) => boolean): string[] {
  if (answer.nextSteps?.length) return answer.nextSteps.slice(0, STEPS_SHOWN).map((s) => s.tool);
  if (!answer.emptyReason) return [];
  return (EMPTY_REASONS[answer.emptyReason].response.match(NAME_IN_RESPONSE) ?? []).filter(isTool);
}

/**
 * Whether the text already tells the agent what the closing line would: it names the same call
 * (`call init_workspace`, `path_activity {...}`, `execution_trace(...)`), or it is a one-line refusal: the spec's
 * refusal lines stay one line, and each already names its cause and the fix.
 */
function textAlreadySays(body: string, line: string, answer: ToolAnswer, isTool: (name: string) => boolean): boolean {
  if (body.trimEnd().endsWith(line)) return true;
  const named = toolsNamed(answer, isTool);
  const lower = body.toLowerCase();
  if (named.some((tool) => lower.includes(`call ${tool}`) || body.includes(`${tool} {`) || body.includes(`${tool}(`))) return true;
  return answer.isError === true && !body.trim().includes('\n');
}

/** The text a host shows: capped, then the closing line unless the text already ends with what it says. */
export function shapeAnswerText(answer: ToolAnswer, tool: ToolDefinition | undefined, env: NodeJS.ProcessEnv, isTool: (name: string) => boolean): string {
  const body = capText(answer.text, answerTokenCap(env), tool);
  const line = answer.textIsWhole ? undefined : closingLine(answer);
  if (!line || textAlreadySays(body, line, answer, isTool)) return body;
  return `${body.trimEnd()}\n${line}`;
}
