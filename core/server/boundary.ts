// The one boundary every tool call passes through, on every plane (stdio, loopback HTTP,
// headless CLI): argument validation, the workspace gate, the substrate gate, the handler,
// the `_meta` envelope, the call log and call events (STYLE habit 2; ARCHITECTURE).
import type { z } from 'zod';
import { TOOL_REGISTRY, findTool } from '../tools/registry.ts';
import { clipEcho } from '../tools/input-caps.ts';
import { zod3Messages } from '../tools/zod-messages.ts';
import { ulid } from '../process/ulid.ts';
import { buildMeta, type MetaEnvelope } from './meta.ts';
import type { WorkspaceDecision } from '../workspace/workspace.ts';
import { NO_ATTACHMENT_CAUSE } from '../substrate/attachment-status.ts';
import { cause, causeNotice } from '../process/cause.ts';
import { guardToolInput, oversizedField } from '../outgoing-guard.ts';
import { logCall, type CallOutcome } from './call-log.ts';
import { shapeAnswerText } from './answer-shape.ts';
import { answerBudget } from './host-limits.ts';
import type { Services } from '../services/services.ts';
import type { Notice, Plane, ToolAnswer, ToolContext, ToolDefinition } from '../tools/define-tool.ts';
import { UNKNOWN_TOOL_LABEL, unknownToolLine, unknownToolLogName } from './unknown-tool-name.ts';
import type { AnsweredCall } from '../services/edit-news-service.ts';

export interface CallResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
  _meta: MetaEnvelope;
}

export interface CallOptions {
  plane: Plane;
  signal?: AbortSignal;
  progress?: ToolContext['progress'];
  /** The handler's answer as data (its call-log `result` among it), for an in-process caller such as a cell's step. */
  onAnswer?: (answer: ToolAnswer) => void;
  /**
   * How a name no tool has is answered. Left out: an `isError` result with its cause (the
   * headless CLI, a cell). `refuse`: the call is counted and logged as any other, then
   * UnknownToolError is thrown, which the stdio plane answers as the protocol error MCP asks
   * for; `listed`: how many tools tools/list names, for the line.
   */
  unknownTool?: { refuse: boolean; listed: number };
  /** The client's own name (MCP `clientInfo.name`), which sizes the answer for its host (core/server/host-limits.ts). */
  client?: string;
}

/** Thrown by callTool for a name no tool has, when the caller asked for a refusal; its message is the one line. */
export class UnknownToolError extends Error {
  override name = 'UnknownToolError';
}

/** Emitted on `services.calls` after every call, for metrics and the SSE event stream. */
export interface CallEvent {
  requestId: string;
  tool: string;
  plane: Plane;
  outcome: CallOutcome;
  latencyMs: number;
  tokensUsed: number;
  tokensSaved?: number;
  /** The rest of what an OTLP span mirrors of `_meta` (META-ENVELOPE §OTLP integration). */
  tokensSavedPct?: number;
  complexityTier?: MetaEnvelope['complexity_tier'];
  emptyReason?: MetaEnvelope['empty_reason'];
  binaryDrift?: NonNullable<MetaEnvelope['binary_drift_warning']>;
}

function errorAnswer(line: string, code: string, data?: Record<string, unknown>): ToolAnswer {
  return { text: line, isError: true, diagnosis: [causeNotice(cause(code, line, data))] };
}

/** The most zod issues or unknown arguments a reply lists: an array of a million bad items is one line, not a million. */
const ISSUES_LISTED = 5;

function unknownArgNotices(tool: ToolDefinition, args: Record<string, unknown>): Notice[] {
  const accepted = Object.keys(tool.inputSchema.shape);
  return Object.keys(args)
    .filter((key) => !accepted.includes(key))
    .slice(0, ISSUES_LISTED)
    .map((key) => clipEcho(key))
    .map((key) => ({
      code: 'unknown_arg',
      severity: 'warning' as const,
      message: `unknown argument "${key}" was ignored; ${tool.name} accepts ${accepted.length ? accepted.join(', ') : 'no arguments'}`,
      data: { arg: key, accepted },
    }));
}

/** The arguments the schema refused for their size alone; another refusal (an enum, a type) stays the schema's. */
function tooBigArgs(error: z.ZodError, args: Record<string, unknown>): Record<string, unknown> {
  const fields = new Set(error.issues.filter((issue) => issue.code === 'too_big' && issue.path.length > 0).map((issue) => String(issue.path[0])));
  return Object.fromEntries(Object.entries(args).filter(([key]) => fields.has(key)));
}

function describeZodError(error: z.ZodError): { line: string; notices: Notice[] } {
  // Paths and messages are clipped: zod quotes a rejected enum value back whole.
  const notices = error.issues.slice(0, ISSUES_LISTED).map((issue) => {
    const path = clipEcho(issue.path.join('.') || '(arguments)');
    return {
      // The cause token the text starts with: one name for one refusal, in the text and in the envelope.
      code: 'invalid_arguments',
      severity: 'error' as const,
      message: `${path}: ${clipEcho(issue.message)}`,
      data: { arg: path, issue: issue.code },
    };
  });
  const more = error.issues.length > ISSUES_LISTED ? `; and ${error.issues.length - ISSUES_LISTED} more` : '';
  return { line: notices.map((n) => n.message).join('; ') + more, notices };
}

async function runTool(tool: ToolDefinition, rawArgs: Record<string, unknown>, ctx: ToolContext): Promise<{ answer: ToolAnswer; outcome: CallOutcome }> {
  const unknown = unknownArgNotices(tool, rawArgs);
  const parsed = tool.inputSchema.safeParse(rawArgs, { error: zod3Messages });
  if (!parsed.success) {
    // A guarded field over its outgoing cap is the guard's refusal, whichever check meets it
    // first (SPEC §outgoing-text-guard: outgoing_too_large(<field>, <bytes>)); the schema's own
    // character caps stand behind it for the other tools and the fields the guard does not size.
    const oversized = oversizedField(tool.name, tooBigArgs(parsed.error, rawArgs));
    if (oversized) {
      const answer: ToolAnswer = { text: oversized.line, isError: true, diagnosis: [causeNotice(oversized), ...unknown], outcome: 'refused' };
      return { answer, outcome: 'refused' };
    }
    const { line, notices } = describeZodError(parsed.error);
    const answer = errorAnswer(`invalid_arguments: ${tool.name}: ${line}`, 'invalid_arguments');
    answer.diagnosis = [...notices, ...unknown];
    return { answer, outcome: 'error' };
  }
  let args = parsed.data;

  // SPEC §workspace gate: every tool but init_workspace {workspace_path}, a pending one too.
  const decision = ctx.workspace;
  if (!decision.decided && !tool.allowedWhenWorkspaceUndetermined?.(args)) {
    const answer = errorAnswer(`${tool.name}: ${decision.refusal}`, 'workspace_undetermined', { tool: tool.name, ...decision.refusalData });
    answer.emptyReason = 'workspace_undetermined';
    return { answer, outcome: 'error' };
  }

  if (tool.pending) {
    const answer = errorAnswer(`not_implemented: ${tool.name} is registered but not built yet (${tool.pending}); nothing was done`, 'not_implemented', {
      tool: tool.name,
    });
    answer.emptyReason = 'not_implemented';
    answer.diagnosis!.push(...unknown);
    return { answer, outcome: 'error' };
  }

  if (tool.tier === 'substrate') {
    // SPEC §attachment "The gate": with no attachment in the services the gate is closed.
    const attachment = ctx.services.attachment;
    const refusal = attachment ? await attachment.refusal(tool.name) : NO_ATTACHMENT_CAUSE;
    if (refusal) {
      const answer: ToolAnswer = { text: refusal.line, isError: true, diagnosis: [causeNotice(refusal)] };
      answer.emptyReason = 'not_attached';
      return { answer: { ...answer, outcome: 'not_attached' }, outcome: 'not_attached' };
    }
  }

  // SPEC §outgoing-text-guard: every string a non-exempt tool sends, before it runs, on every plane.
  const guarded = guardToolInput(tool.name, args, { env: ctx.services.env, workspaceRoot: decision.decided ? decision.path : undefined });
  if (!guarded.ok) {
    const answer: ToolAnswer = { text: guarded.cause.line, isError: true, diagnosis: [causeNotice(guarded.cause), ...unknown], outcome: 'refused' };
    return { answer, outcome: 'refused' };
  }
  args = guarded.args as typeof args;

  let answer: ToolAnswer;
  try {
    const raw = await tool.handle(args, ctx);
    answer = typeof raw === 'string' ? { text: raw } : raw;
  } catch (err) {
    const e = err as Error & { code?: string };
    const cause = e.code ? `${e.name ?? 'Error'}(${e.code})` : e.name || 'Error';
    ctx.log.error(`${tool.name} threw:`, e.stack ?? e.message);
    answer = errorAnswer(`internal_error: ${tool.name} failed: ${cause}: ${e.message}`, 'internal_error', { cause });
  }
  if (unknown.length > 0) {
    answer.diagnosis = [...(answer.diagnosis ?? []), ...unknown];
    answer.text += `\n\n(${unknown.map((n) => n.message).join('; ')})`;
  }
  if (guarded.note) answer.text += `\n\n${guarded.note}`;
  const outcome: CallOutcome = answer.outcome ?? (answer.isError ? 'error' : 'ok');
  return { answer, outcome };
}

/**
 * Runs one tool call through the boundary. Never throws: every failure is an `isError`
 * result with a named cause and a full `_meta`.
 */
export async function callTool(services: Services, name: string, rawArgs: unknown, options: CallOptions): Promise<CallResult> {
  const startedAt = performance.now();
  const requestId = ulid();
  const tool = findTool(name);
  // SPEC §workspace: decided once per call. On stdio wait for the client's roots (at most
  // 2 s) first, so the answer and its `_meta.project_*` describe the workspace it named.
  const decision: WorkspaceDecision = options.plane === 'stdio' ? await services.workspace.decide() : services.workspace.decideNow();
  const ctx: ToolContext = {
    requestId,
    plane: options.plane,
    sessionId: services.sessionId,
    log: services.log,
    signal: options.signal ?? new AbortController().signal,
    workspace: decision,
    services,
    progress: options.progress ?? (() => {}),
  };
  let answer: ToolAnswer;
  let outcome: CallOutcome;
  let unknownLine: string | undefined;
  if (!tool) {
    const names = TOOL_REGISTRY.map((t) => t.name);
    unknownLine = unknownToolLine(name, options.unknownTool?.listed ?? names.length);
    answer = errorAnswer(unknownLine, 'unknown_tool', { accepted: names });
    outcome = 'error';
    // From here on (the debug line, the call log, call events) the name is its length only.
    name = unknownToolLogName(name);
  } else if (rawArgs !== undefined && rawArgs !== null && (typeof rawArgs !== 'object' || Array.isArray(rawArgs))) {
    answer = errorAnswer(`invalid_arguments: ${name}: arguments must be a JSON object`, 'invalid_arguments');
    outcome = 'error';
  } else {
    ({ answer, outcome } = await runTool(tool, (rawArgs ?? {}) as Record<string, unknown>, ctx));
  }
  options.onAnswer?.(answer);

  // Hosts show the model the text alone, so the text is what gets sized for the host and carries what the envelope says.
  answer.text = shapeAnswerText(answer, tool, answerBudget(options.client, services.env));
  const meta = await buildMeta(services, {
    requestId,
    tool,
    answer,
    latencyMs: performance.now() - startedAt,
    // Decided again: init_workspace may have moved the workspace during the call.
    workspace: services.workspace.decideNow(),
  });
  const latencyMs = meta.latency_ms;
  services.log.debug(`${name} ${outcome} in ${latencyMs} ms (${requestId})`);
  logCall(
    { session: services.sessionId, tool: name, plane: options.plane, args: rawArgs, outcome, result: answer.result, ms: latencyMs },
    services.env.METABOB_CALL_LOG,
    services.warnedOnce,
  );
  const event: CallEvent = {
    requestId,
    tool: name,
    plane: options.plane,
    outcome,
    latencyMs,
    tokensUsed: meta.tokens_used,
    tokensSaved: meta.tokens_saved ?? undefined,
    tokensSavedPct: meta.tokens_saved_pct ?? undefined,
    complexityTier: meta.complexity_tier,
    emptyReason: meta.empty_reason,
    binaryDrift: meta.binary_drift_warning ?? undefined,
  };
  services.tally.record({
    label: tool ? tool.name : UNKNOWN_TOOL_LABEL,
    outcome,
    latencyMs,
    tokensUsed: meta.tokens_used,
    tokensSaved: meta.tokens_saved ?? undefined,
  });
  services.calls.emit('call', event);
  // The arguments and text stay in process: the edit news reads which files and findings the agent was shown.
  services.calls.emit('answered', { tool: tool?.name, args: rawArgs, text: answer.text } satisfies AnsweredCall);
  if (unknownLine !== undefined && options.unknownTool?.refuse) throw new UnknownToolError(unknownLine);

  return {
    content: [{ type: 'text', text: answer.text }],
    ...(answer.isError ? { isError: true } : {}),
    _meta: meta,
  };
}
