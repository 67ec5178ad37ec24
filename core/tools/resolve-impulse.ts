// SPEC §resolve_impulse: the advanced escape hatch. An allowed shape (resolve-impulse-allowlist.ts)
// goes to the attachment's resolve() once, never retried, under RESOLVE_IMPULSE_TIMEOUT_MS
// (default 30 s, never above 60 s); the answer is the HTTP status and the producer's body for any
// status. Everything else is refused before any request, with its reason and alternative.
import { z } from 'zod';
import { INPUT_CAPS, cappedString, clipEcho } from './input-caps.ts';
import { defineTool } from './define-tool.ts';
import { resolveShape } from './substrate-access.ts';
import { decideShape } from './resolve-impulse-allowlist.ts';
import { cause, causeNotice } from '../process/cause.ts';

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 60_000;
/** The producer's body is shown pretty-printed up to this many characters. */
export const BODY_SHOWN_CHARS = 2_048;
/** The pointer's cap, as JSON. */
const POINTER_MAX_CHARS = 16_384;

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const asked = Number(env.RESOLVE_IMPULSE_TIMEOUT_MS);
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
}

function shownBody(text: string, body: unknown): string {
  const pretty = body === undefined ? text : JSON.stringify(body, null, 2);
  if (pretty.length <= BODY_SHOWN_CHARS) return pretty;
  return `${pretty.slice(0, BODY_SHOWN_CHARS)}\n… (truncated: ${BODY_SHOWN_CHARS} of ${pretty.length} characters shown)`;
}

// @anchor handle
export default defineTool({
  name: 'resolve_impulse',
  title: 'Escape hatch: resolve an allowed plain read',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description:
    "The advanced escape hatch: resolve one of the substrate's plain reads (memoryNote, traceAggregateReport, llmSpendSummary, …) or the memory write memoryNote_write. Everything else is refused before any request. Prefer a dedicated tool when one fits.",
  inputSchema: z.object({
    shape: cappedString(INPUT_CAPS.shape).min(1).describe('pointer.type to resolve'),
    pointer: z.record(z.string(), z.unknown()).optional().describe('Extra pointer fields, merged after type (so pointer.type overrides shape)'),
  }),
  async handle({ shape, pointer }, ctx) {
    if (pointer && JSON.stringify(pointer).length > POINTER_MAX_CHARS) {
      const line = `invalid_arguments: resolve_impulse: pointer is over the ${POINTER_MAX_CHARS}-character cap as JSON; nothing was sent`;
      return { text: line, isError: true, diagnosis: [causeNotice(cause('invalid_arguments', line))] };
    }
    const sent: Record<string, unknown> = { type: shape, ...(pointer ?? {}) };
    const type = typeof sent.type === 'string' && sent.type ? sent.type : shape;
    sent.type = type;
    const decision = decideShape(type);
    if (decision.decision === 'refused') {
      const line = `shape_refused(${clipEcho(type, 80)}): resolve_impulse does not send ${clipEcho(type, 80)}: ${decision.why}. Instead: ${decision.instead}. Nothing was sent.`;
      return { text: line, isError: true, outcome: 'refused', diagnosis: [causeNotice(cause('shape_refused', line, { shape: type }))] };
    }
    const result = await resolveShape(ctx, sent, {
      family: 'other',
      once: true,
      timeoutMs: timeoutMs(ctx.services.env),
      ...(decision.kind === 'write' ? { write: true } : {}),
    });
    if (!result.ok) return { text: result.line, isError: true, diagnosis: [causeNotice(cause(result.cause, result.line, { shape: type }))] };
    const ok = result.status >= 200 && result.status <= 299;
    return { text: `${type}: HTTP ${result.status}\n${shownBody(result.text, result.body)}`, ...(ok ? {} : { isError: true }) };
  },
});
