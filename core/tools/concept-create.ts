// SPEC §concept_create: concept_create_write { conceptData } once, the body POST /concepts takes,
// with the author stamped as record_finding stamps a finding's.
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { failureAnswer, defineTool, type ToolContext } from './define-tool.ts';
import { numberText, oneLine, resolveConceptShape } from './concept-db-access.ts';
import { plainConceptId, stripDeclaredAuthor, writeResultOf } from '../substrate/concept-content.ts';
import { cause } from '../process/cause.ts';

/** A concept body's cap; concept-db embeds it for similarity search. */
const CONTENT_MAX = 65_536;
/** The pointer envelope's cap, as JSON. */
const POINTER_MAX_CHARS = 4_096;

export const SOURCE_TYPES = [
  'goal',
  'memo',
  'human_input',
  'search',
  'llm',
  'metabob_annotation',
  'write',
  'read',
  'cpg_embedding',
  'extracted',
  'impulse_signature',
  'vessel_construction_pattern',
  'impulse_activity_pattern',
] as const;

// @anchor concept-author-stamp
/**
 * The content as written: `recorded_by:` and `session:` lines the agent put in the leading
 * header block are removed whether or not an identity resolves, and with a vessel identity the
 * stamp becomes the first lines, so every reader's first match is the stamp. With none, nothing
 * is stamped: an author is omitted, never faked, never taken from what the agent wrote.
 */
export function stampedContent(
  content: string,
  vesselId: string | undefined,
  session: string,
): { content: string; written: string; removed: string[]; stamped: boolean } {
  const cleaned = stripDeclaredAuthor(content);
  const written = cleaned.content;
  if (!vesselId) return { content: written, written, removed: cleaned.removed, stamped: false };
  return { content: `recorded_by: ${vesselId}\nsession: ${session}\n${written}`, written, removed: cleaned.removed, stamped: true };
}

function authorOf(ctx: ToolContext): string | undefined {
  return ctx.workspace.decided ? ctx.services.author.of(ctx.workspace.path).vesselId : undefined;
}

// @anchor handle
export default defineTool({
  name: 'concept_create',
  title: 'Create a concept',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `Create a concept in concept-db, stamped with its author (recorded_by and session lead the content).`,
  inputSchema: z.object({
    content: cappedString(CONTENT_MAX).min(1).describe('The concept body (embedded for similarity search)'),
    summary: cappedString(INPUT_CAPS.summary).optional().describe('One-line gist'),
    shape: cappedString(INPUT_CAPS.shape).min(1).describe('The impulse shape this concept represents'),
    source_type: z.enum(SOURCE_TYPES).describe('Substrate category'),
    pointer: z.record(z.string(), z.unknown()).optional().describe('Pointer envelope (default { type: <shape> })'),
    budget: z.number().int().min(0).optional().describe("Token budget for resolution snapshots (concept-db's default when omitted)"),
    priority: z.number().min(0).max(1).optional().describe("Initial priority, 0..1 (concept-db's default when omitted)"),
  }),
  async handle({ content, summary, shape, source_type, pointer, budget, priority }, ctx) {
    if (pointer && JSON.stringify(pointer).length > POINTER_MAX_CHARS) {
      return failureAnswer(
        cause('invalid_arguments', `invalid_arguments: concept_create: pointer is over the ${POINTER_MAX_CHARS}-character cap as JSON; nothing was written`),
      );
    }
    const stamp = stampedContent(content, authorOf(ctx), ctx.sessionId);
    if (!stamp.content.trim()) {
      return failureAnswer(
        cause(
          'invalid_arguments',
          'invalid_arguments: concept_create: the content is empty once its recorded_by: and session: lines are removed; nothing was written',
        ),
      );
    }
    const conceptData: Record<string, unknown> = { source_type, content: stamp.content, shape, pointer: { type: shape, ...(pointer ?? {}) } };
    // concept-db's default summary is the content's first 200 characters, which would be the
    // stamp; the default here is the same cut of what the agent wrote.
    conceptData.summary = summary ?? stamp.written.trim().slice(0, 200);
    if (budget !== undefined) conceptData.budget = budget;
    if (priority !== undefined) conceptData.priority = priority;
    const answer = await resolveConceptShape(ctx, { type: 'concept_create_write', conceptData }, { write: true });
    if (!answer.ok) return failureAnswer(answer.cause);
    const row = writeResultOf(answer.body) ?? {};
    const id = plainConceptId(row.id) || '(id not reported)';
    const lines = [
      `Created concept ${id}.`,
      `shape: ${oneLine(row.shape ?? shape)} · source_type: ${oneLine(row.source_type ?? source_type)}`,
      `summary: ${oneLine(row.summary ?? summary)}`,
      `budget: ${numberText(row.budget ?? budget, 0)} · priority: ${numberText(row.priority ?? priority)}`,
      stamp.stamped
        ? `author: stamped recorded_by and session (declared, not verified)`
        : 'author: none stamped (no vessel identity resolves: no VESSEL_ID, no METABOB_API_KEY)',
    ];
    if (stamp.removed.length > 0) {
      lines.push(`Removed from the content's header block: ${stamp.removed.map((k) => `${k}:`).join(', ')} (only the stamp names an author).`);
    }
    return lines.join('\n');
  },
});
