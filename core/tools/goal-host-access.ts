// The goal tools' calls to goal-host through the attachment (SPEC §Substrate goal tools): the
// dispatch (goalDispatchAsync, a write, never retried, under goal-host's 60 s) and the dispatch
// record (goalWalkState, a read capped at 15 s since goal-host keeps it in memory), each with
// the failure lines the spec names for them.
import { z } from 'zod';
import { clientClaim, type ClaimSource } from '../identity/operator-id.ts';
import { cause, type Cause } from '../process/cause.ts';
import { readWalkRecord, type WalkRecord } from '../substrate/goal-walk.ts';
import type { ToolContext } from './define-tool.ts';
import { INPUT_CAPS, cappedArray, cappedString } from './input-caps.ts';
import { resolveShape } from './substrate-access.ts';

/** SPEC §Substrate goal tools: a goalWalkState read is capped at 15 s. */
export const WALK_STATE_TIMEOUT_MS = 15_000;

/** Who this session's writes are from (SPEC §Client claim). */
export function claimSourceOf(ctx: ToolContext): ClaimSource {
  const root = ctx.workspace.decided ? ctx.workspace.path : process.cwd();
  return { sessionId: ctx.sessionId, vesselId: ctx.services.author.of(root).vesselId };
}

/** The declared operator: MB_OPERATOR_ID, else this workspace's stable vesselId. */
export function operatorOf(ctx: ToolContext): string {
  return clientClaim(claimSourceOf(ctx), ctx.services.env).operator;
}

function errorOf(body: unknown): string {
  const e = (body as { error?: unknown } | undefined)?.error;
  if (typeof e === 'string') return e.slice(0, 300);
  if (e && typeof e === 'object') return JSON.stringify(e).slice(0, 300);
  return 'no error given';
}

export type WalkStateRead = { ok: true; record: WalkRecord } | { ok: false; cause: Cause; missing: boolean };

// @anchor readWalkState
/**
 * The dispatch record. goal-host keeps about the last 100 records in memory, so its 404 means
 * pruned or never existed; through a spoke that 404 arrives as no_producer(goalWalkState).
 */
export async function readWalkState(ctx: ToolContext, dispatchId: string): Promise<WalkStateRead> {
  const result = await resolveShape(ctx, { type: 'goalWalkState', dispatchId }, { family: 'goal', timeoutMs: WALK_STATE_TIMEOUT_MS });
  if (!result.ok) {
    if (result.cause === 'no_producer') {
      const line =
        `no_producer(goalWalkState): either no producer answered for goalWalkState, or goal-host has no dispatch ${dispatchId} ` +
        '(it keeps about the last 100 dispatch records in memory; a forwarded 404 does not say which)';
      return { ok: false, cause: cause('no_producer', line, { dispatch_id: dispatchId }), missing: true };
    }
    return { ok: false, cause: cause(result.cause, result.line), missing: false };
  }
  if (result.status === 404) {
    const line =
      `dispatch_not_found: goal-host has no dispatch ${dispatchId}; it keeps dispatch records in memory (about the last 100), ` +
      'so the record was pruned or never existed';
    return { ok: false, cause: cause('dispatch_not_found', line, { dispatch_id: dispatchId }), missing: true };
  }
  const record = result.status === 200 ? readWalkRecord(result.body, dispatchId) : undefined;
  if (!record) {
    const line = `goal_host_error(goalWalkState): goal-host answered HTTP ${result.status}: ${errorOf(result.body)}`;
    return { ok: false, cause: cause('goal_host_error', line, { status: result.status }), missing: false };
  }
  return { ok: true, record };
}

export interface DispatchArgs {
  goal?: string;
  target_template_id?: string;
  variables?: Record<string, unknown>;
  parent_execution_id?: string;
  composition_chain?: string[];
  learning_mode?: 'observe' | 'learn';
  tags?: string[];
}

export type Dispatched = { ok: true; dispatchId: string; status: string; coalesced: boolean; operator: string } | { ok: false; cause: Cause };

// @anchor dispatchGoal
/**
 * goalDispatchAsync: goal-host enqueues the walk and answers 202 {dispatchId} at once. The
 * dispatch carries the declared operator and a session:<id> tag (SPEC §Client claim); a
 * refusal (200 {refused}, 429 from the spend-rate breaker, 503 while draining) is its status
 * and error, and nothing is retried.
 */
export async function dispatchGoal(ctx: ToolContext, args: DispatchArgs): Promise<Dispatched> {
  const operator = operatorOf(ctx);
  const tags = [...(args.tags ?? []), `session:${ctx.sessionId}`];
  const pointer: Record<string, unknown> = { type: 'goalDispatchAsync', operator, tags };
  if (args.goal !== undefined) pointer.goal = args.goal;
  if (args.target_template_id !== undefined) pointer.targetTemplateId = args.target_template_id;
  if (args.variables !== undefined) pointer.variables = args.variables;
  if (args.parent_execution_id !== undefined) pointer.parent_execution_id = args.parent_execution_id;
  if (args.composition_chain !== undefined) pointer.composition_chain = args.composition_chain;
  if (args.learning_mode !== undefined) pointer.learning_mode = args.learning_mode;
  const result = await resolveShape(ctx, pointer, { family: 'goal', write: true, claim: claimSourceOf(ctx) });
  if (!result.ok) return { ok: false, cause: cause(result.cause, result.line) };
  const body = (result.body ?? {}) as Record<string, unknown>;
  const flat = (body.body && typeof body.body === 'object' ? body.body : body) as Record<string, unknown>;
  const dispatchId = typeof flat.dispatchId === 'string' ? flat.dispatchId : undefined;
  if (flat.refused === true) {
    const reason = typeof flat.goalReachReason === 'string' ? flat.goalReachReason.slice(0, 300) : 'no reason given';
    const line = `dispatch_refused: goal-host refused the goal${dispatchId ? ` (dispatch ${dispatchId})` : ''}: ${reason}; nothing ran`;
    return { ok: false, cause: cause('dispatch_refused', line, { status: result.status, ...(dispatchId ? { dispatch_id: dispatchId } : {}) }) };
  }
  if (result.status === 429) {
    const line = `goal_host_busy(429): goal-host's spend-rate breaker refused the dispatch: ${errorOf(body)}; nothing was dispatched`;
    return { ok: false, cause: cause('goal_host_busy', line, { status: 429 }) };
  }
  if (result.status === 503 || flat.draining === true) {
    const line = `goal_host_draining(${result.status}): goal-host is draining and takes no new walk: ${errorOf(body)}; nothing was dispatched`;
    return { ok: false, cause: cause('goal_host_draining', line, { status: result.status }) };
  }
  if (result.status >= 300 || !dispatchId) {
    const line = `dispatch_failed(${result.status}): goal-host answered the dispatch with HTTP ${result.status}: ${errorOf(body)}; nothing was dispatched`;
    return { ok: false, cause: cause('dispatch_failed', line, { status: result.status }) };
  }
  return { ok: true, dispatchId, status: typeof flat.status === 'string' ? flat.status : 'running', coalesced: flat.coalesced === true, operator };
}

/** The lines a dispatch reply adds about a requested learning_mode: requested, never applied. */
export function requestedModeLine(mode: string | undefined): string[] {
  if (!mode) return [];
  return [`learning_mode: ${mode} (requested; goal_reasoning's walk log shows the mode goal-host applied)`];
}

/** run_goal's and run_goal_async's parameters (SPEC §run_goal), each capped. */
export const dispatchInputSchema = z.object({
  goal: cappedString(INPUT_CAPS.details).optional().describe('Natural-language goal; goal or target_template_id is required'),
  target_template_id: cappedString(INPUT_CAPS.id).optional().describe('Activity template to execute, bypassing Thompson selection'),
  variables: z.record(z.string(), z.unknown()).optional().describe('Seed variables for the execution pool ({{var}} placeholders)'),
  parent_execution_id: cappedString(INPUT_CAPS.id).optional().describe('Parent execution id for cross-vessel provenance'),
  composition_chain: cappedArray(cappedString(INPUT_CAPS.id), INPUT_CAPS.filterList).optional().describe('Ancestor execution ids, root-first'),
  learning_mode: z.enum(['observe', 'learn']).optional().describe('observe asks goal-host not to learn from the walk (it is still traced)'),
  tags: cappedArray(cappedString(INPUT_CAPS.shape), INPUT_CAPS.filterList).optional().describe('Tags carried onto the dispatch and its trace'),
});

/** goal or target_template_id is required (SPEC §run_goal); the refusal sends nothing. */
export function missingGoalCause(tool: string, args: DispatchArgs): Cause | undefined {
  if ((args.goal && args.goal.trim()) || (args.target_template_id && args.target_template_id.trim())) return undefined;
  return cause('invalid_arguments', `invalid_arguments: ${tool}: goal or target_template_id is required; nothing was dispatched`);
}
