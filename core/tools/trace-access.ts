// The trace reads through the attachment (SPEC §execution_trace): executionTraceList and
// activityExecutionTrace, activity-api's resolvers. Both are reads the attachment never
// retries after a cut (activity-api keeps running a query discovery cut), so a slow read is
// one producer_timeout line.
import { cause, type Cause } from '../process/cause.ts';
import {
  SATISFIER_NOTE,
  bareExecutionId,
  isSatisfierExecution,
  readExecutionRow,
  readTraceListing,
  type ExecutionTrace,
  type TraceListing,
} from '../substrate/execution-traces.ts';
import type { ToolContext } from './define-tool.ts';
import { resolveShape } from './substrate-access.ts';

function errorOf(body: unknown): string {
  const e = (body as { error?: unknown } | undefined)?.error;
  return typeof e === 'string' ? e.slice(0, 300) : 'no error given';
}

function contentOf(body: unknown): unknown {
  return (body as { content?: unknown } | undefined)?.content;
}

// @anchor listExecutionTraces
/** The newest `limit` traces of the caller's org, newest first. */
export async function listExecutionTraces(ctx: ToolContext, limit: number): Promise<{ ok: true; listing: TraceListing } | { ok: false; cause: Cause }> {
  const result = await resolveShape(ctx, { type: 'executionTraceList', limit }, { family: 'trace' });
  if (!result.ok) return { ok: false, cause: cause(result.cause, result.line) };
  const listing = result.status === 200 ? readTraceListing(contentOf(result.body)) : undefined;
  if (!listing) {
    const line = `trace_list_failed: activity-api answered executionTraceList with HTTP ${result.status}: ${errorOf(result.body)}`;
    return { ok: false, cause: cause('trace_list_failed', line, { status: result.status }) };
  }
  return { ok: true, listing };
}

export type TraceRead =
  | { kind: 'trace'; trace: ExecutionTrace }
  /** activity-api answered content that is not a JSON row (an older, markdown-only activity-api). */
  | { kind: 'text'; id: string; text: string }
  /** A satisfier reach: not asked, since it persists no trace. */
  | { kind: 'satisfier'; id: string; line: string }
  | { kind: 'failed'; id: string; cause: Cause };

/** The no_producer line for a trace read, shared by execution_trace, goal_status and goal_reasoning. */
export function traceNoProducerLine(id: string): string {
  return (
    `no_producer(activityExecutionTrace): either no producer answered for activityExecutionTrace, or trace ${id} does not exist ` +
    '(a satisfier-only reach persists no trace; its walk is in the dispatch record, goal_reasoning)'
  );
}

// @anchor readExecutionTrace
/**
 * One stored execution row by its bare id, with format "json". A satisfier reach is answered
 * from the id alone, without asking activity-api (which answers 404 for it).
 */
export async function readExecutionTrace(ctx: ToolContext, executionId: string, templateId?: string): Promise<TraceRead> {
  const id = bareExecutionId(executionId);
  if (isSatisfierExecution(id, templateId)) return { kind: 'satisfier', id, line: `${id}: ${SATISFIER_NOTE}` };
  const result = await resolveShape(ctx, { type: 'activityExecutionTrace', executionId: id, format: 'json' }, { family: 'trace' });
  if (!result.ok) {
    const line = result.cause === 'no_producer' ? traceNoProducerLine(id) : result.line;
    return { kind: 'failed', id, cause: cause(result.cause, line, { execution_id: id }) };
  }
  if (result.status === 404) {
    const line =
      `trace_not_found: activity-api has no trace ${id} (${errorOf(result.body)}); that is expected for a satisfier-only reach, ` +
      'which persists no trace: its walk is in the dispatch record (goal_reasoning)';
    return { kind: 'failed', id, cause: cause('trace_not_found', line, { execution_id: id }) };
  }
  const content = contentOf(result.body);
  if (result.status !== 200 || (result.body as { success?: unknown })?.success === false || content === undefined) {
    const line = `trace_read_failed: activity-api answered activityExecutionTrace for ${id} with HTTP ${result.status}: ${errorOf(result.body)}`;
    return { kind: 'failed', id, cause: cause('trace_read_failed', line, { status: result.status, execution_id: id }) };
  }
  const trace = readExecutionRow(content, id);
  if (trace) return { kind: 'trace', trace };
  return { kind: 'text', id, text: typeof content === 'string' ? content.slice(0, 20_000) : JSON.stringify(content).slice(0, 20_000) };
}
