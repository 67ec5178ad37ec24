// How the concept graph tools reach concept-db (SPEC §Concept graph tools): concept-db's own
// shapes through the attachment, never `concept` (development-vessel advertises it too, so the
// vessel answering depends on registry order). The family cap is 35 s; a read cut there is
// retried with backoff, a write is sent once (core/attachment/resolve.ts). A discovery failure
// or concept-db's refusal becomes one line, never a throw. Ids and bodies are read and printed
// by core/substrate/concept-content.ts only.
import { z } from 'zod';
import { CONCEPT_ID_MAX, isRecord, plainConceptId, producerErrorText, renderConceptContent, type ContentMode } from '../substrate/concept-content.ts';
import { cause, type Cause } from '../process/cause.ts';
import { cappedString } from './input-caps.ts';
import { resolveShape } from './substrate-access.ts';
import { failureAnswer, type ToolAnswer, type ToolContext } from './define-tool.ts';

/** A concept id in any of concept-db's three forms: bare, `concept:`-prefixed or ⟨⟩-wrapped. */
export const conceptIdInput = (description: string) => cappedString(CONCEPT_ID_MAX).min(1).describe(description);

export const contentModeInput = (description: string) => z.enum(['preview', 'full', 'none']).default('preview').describe(description);

export type ConceptAnswer = { ok: true; status: number; body: unknown } | { ok: false; cause: Cause };

/** concept-db's refusal of a request, as the one line a tool prints. */
export function conceptDbRefusal(shape: string, status: number, body: unknown): Cause {
  const error = producerErrorText(body).replace(/\s+/g, ' ').slice(0, 300);
  return cause('concept_db_refused', `concept_db_refused(${shape}): concept-db answered HTTP ${status}${error ? `: ${error}` : ''}`, { shape, status });
}

/**
 * One concept-db shape through the attachment. A non-2xx answer is concept-db's refusal, except
 * the statuses the caller reads itself (`accept`, e.g. conceptGraph's 404 for an unknown root).
 */
export async function resolveConceptShape(
  ctx: ToolContext,
  pointer: Record<string, unknown>,
  options: { write?: boolean; accept?: number[] } = {},
): Promise<ConceptAnswer> {
  const shape = String(pointer.type);
  const result = await resolveShape(ctx, pointer, { family: 'concept', ...(options.write ? { write: true } : {}) });
  if (!result.ok) return { ok: false, cause: cause(result.cause, result.line, { shape }) };
  const refused = isRecord(result.body) && result.body.success === false;
  if ((result.status < 200 || result.status > 299 || refused) && !(options.accept ?? []).includes(result.status)) {
    return { ok: false, cause: conceptDbRefusal(shape, result.status, result.body) };
  }
  return { ok: true, status: result.status, body: result.body };
}

/** The plain form of an id an agent gave, or the refusal when nothing is left of it (`concept:`, `⟨⟩`). */
export function plainIdOf(tool: string, field: string, id: string): { id: string } | { refusal: ToolAnswer } {
  const plain = plainConceptId(id);
  if (plain) return { id: plain };
  return {
    refusal: failureAnswer(
      cause('invalid_arguments', `invalid_arguments: ${tool}: ${field} holds no concept id once its concept: prefix and ⟨⟩ are removed; nothing was sent`),
    ),
  };
}

function numberText(value: unknown, digits = 3): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Number(value.toFixed(digits))) : '?';
}

function text(value: unknown): string {
  return typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim().slice(0, 300) : '(none)';
}

/** The counts line every concept block carries. */
export function conceptCountsLine(row: Record<string, unknown>): string {
  return (
    `relevance ${numberText(row.relevance)} · loaded ${numberText(row.times_loaded, 0)} · succeeded ${numberText(row.times_succeeded, 0)}` +
    ` · failed ${numberText(row.times_failed, 0)}`
  );
}

/** A concept body under a block, indented, or nothing for `none`. */
export function bodyLines(content: unknown, mode: ContentMode): string[] {
  const body = renderConceptContent(content, mode);
  return body ? body.split('\n').map((line) => `   ${line}`) : [];
}

/**
 * One concept as concept_search prints it: source type, shape, plain id, summary, the counts,
 * last update and the body.
 */
export function conceptBlock(row: Record<string, unknown>, mode: ContentMode, index?: number): string {
  const head = `${index !== undefined ? `${index}. ` : ''}[${text(row.source_type)}] ${text(row.shape)} ${plainConceptId(row.id) || '(no id)'}`;
  return [
    head,
    `   summary: ${text(row.summary)}`,
    `   ${conceptCountsLine(row)}`,
    `   updated: ${typeof row.updated_at === 'string' ? row.updated_at : typeof row.created_at === 'string' ? row.created_at : 'not reported'}`,
    ...bodyLines(row.content, mode),
  ].join('\n');
}

export { isRecord, numberText, text as oneLine };

/** concept-db's edge types (substrate-contract §4.3). */
export const EDGE_TYPES = [
  'related_to',
  'derived_from',
  'resolves_to',
  'sequence_next',
  'sequence_prev',
  'description_of',
  'example_of',
  'contradicts',
] as const;
