// How a concept-db concept is read and printed by every tool that touches one (SPEC §Concept
// graph tools, §record_finding, §get_problems, §claim_finding): the plain id form, the header
// block that alone supplies declared fields, the body rendering, and the tolerant reads of the
// wire forms ../shared/substrate-contract.md §4 marks as guessed or varying.

/** The longest concept id accepted on input; concept-db's are `concept_<nanoid12>`. */
export const CONCEPT_ID_MAX = 200;

// @anchor plainConceptId
/**
 * `concept_abc`, `concept:concept_abc`, `concept:⟨concept_abc⟩` and `⟨concept_abc⟩` all print
 * as `concept_abc` (substrate-contract §4.3 "Id forms"). A non-string answers ''.
 */
export function plainConceptId(id: unknown): string {
  if (typeof id !== 'string') return '';
  let out = id.trim().slice(0, CONCEPT_ID_MAX);
  if (out.startsWith('concept:')) out = out.slice('concept:'.length);
  if (out.startsWith('⟨')) out = out.slice(1);
  if (out.endsWith('⟩')) out = out.slice(0, -1);
  return out;
}

/** The key of a header line: letters, digits, `_` and `-`, lower-cased. */
function headerKey(line: string): { key: string; value: string } | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0 || colon > 64) return undefined;
  const key = line.slice(0, colon).trim().toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(key)) return undefined;
  return { key, value: line.slice(colon + 1).trim() };
}

export interface HeaderBlock {
  /** Every `key: value` line of the block, in order; a key may repeat. */
  fields: Array<{ key: string; value: string }>;
  /** The text after the first blank line (the free body), untouched. */
  body: string;
}

// @anchor header-block
/**
 * The leading header block of a concept's content: the lines up to the first blank line.
 * Declared fields (author, session, repository, files, a verdict, finding ids) are read from
 * here only, so free text after the blank line never supplies them (SPEC §concept_create).
 */
export function headerBlock(content: unknown): HeaderBlock {
  const text = typeof content === 'string' ? content : '';
  const lines = text.split('\n');
  const fields: HeaderBlock['fields'] = [];
  let index = 0;
  for (; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, '');
    if (line.trim() === '') break;
    const field = headerKey(line.trim());
    if (field) fields.push(field);
  }
  return { fields, body: lines.slice(index + 1).join('\n') };
}

/** The first value of `key` in the header block, else undefined. */
export function headerValue(block: HeaderBlock, key: string): string | undefined {
  return block.fields.find((f) => f.key === key)?.value;
}

/** Every value of `key` in the header block. */
export function headerValues(block: HeaderBlock, key: string): string[] {
  return block.fields.filter((f) => f.key === key).map((f) => f.value);
}

/**
 * Removes `recorded_by:` and `session:` lines (any indentation, any case) from the leading
 * header block, so only the stamp supplies an author (SPEC §concept_create). Answers the
 * cleaned content and the keys it removed, in order.
 */
export function stripDeclaredAuthor(content: string): { content: string; removed: string[] } {
  const lines = content.split('\n');
  const removed: string[] = [];
  const kept: string[] = [];
  let inHeader = true;
  for (const line of lines) {
    if (inHeader && line.trim() === '') inHeader = false;
    const field = inHeader ? headerKey(line.trim()) : undefined;
    if (field && (field.key === 'recorded_by' || field.key === 'session')) {
      removed.push(field.key);
      continue;
    }
    kept.push(line);
  }
  return { content: kept.join('\n'), removed };
}

export type ContentMode = 'preview' | 'full' | 'none';

/** About how much of a body `preview` shows (SPEC §Concept graph tools). */
export const PREVIEW_CHARS = 700;

// @anchor renderConceptContent
/**
 * A concept body as a tool prints it: `preview` is the first ~700 characters cut back to a
 * line boundary with the cut disclosed, `full` the whole body, `none` nothing.
 */
export function renderConceptContent(content: unknown, mode: ContentMode): string {
  if (mode === 'none') return '';
  const text = typeof content === 'string' ? content : content === undefined || content === null ? '' : JSON.stringify(content);
  if (mode === 'full' || text.length <= PREVIEW_CHARS) return text;
  const lineEnd = text.lastIndexOf('\n', PREVIEW_CHARS);
  const cut = lineEnd > PREVIEW_CHARS / 2 ? lineEnd : PREVIEW_CHARS;
  const shown = text.slice(0, cut).trimEnd();
  return `${shown}\n… (${shown.length} of ${text.length} characters shown; content: "full" shows the whole body)`;
}

/** A JSON string answers its parse, anything else itself; a bad parse answers undefined. */
function parsedIfString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The concept rows of a conceptSearch answer, in every form the contract names (§4.4): `content`
 * as the array, `content.concepts`, the REST twin's `concepts`, and any of them as a JSON
 * string. Rows that are not objects are dropped; ids are left as sent.
 */
export function conceptRowsOf(body: unknown): Array<Record<string, unknown>> {
  const root = parsedIfString(body);
  if (!isRecord(root)) return Array.isArray(root) ? root.filter(isRecord) : [];
  const content = parsedIfString(root.content);
  const candidates = [content, isRecord(content) ? content.concepts : undefined, root.concepts];
  for (const candidate of candidates) {
    const list = parsedIfString(candidate);
    if (Array.isArray(list)) return list.filter(isRecord);
  }
  return [];
}

/**
 * The result object of a concept-db write (§4.6): `content` is a JSON string there, and an
 * object or a bare row elsewhere; answers undefined when none of those holds an object.
 */
export function writeResultOf(body: unknown): Record<string, unknown> | undefined {
  const root = parsedIfString(body);
  if (!isRecord(root)) return undefined;
  const content = parsedIfString(root.content);
  if (isRecord(content)) return content;
  return typeof root.id === 'string' ? root : undefined;
}

/** conceptGraph's `content` (§4.5), tolerating a JSON string; undefined when it has no root. */
export function conceptGraphOf(
  body: unknown,
): { root: Record<string, unknown>; edges: Array<{ edge: Record<string, unknown>; neighbor: Record<string, unknown> }> } | undefined {
  const root = parsedIfString(body);
  if (!isRecord(root)) return undefined;
  const content = parsedIfString(root.content);
  if (!isRecord(content) || !isRecord(content.root)) return undefined;
  const edges = Array.isArray(content.edges) ? content.edges : [];
  return {
    root: content.root,
    edges: edges.filter(
      (e): e is { edge: Record<string, unknown>; neighbor: Record<string, unknown> } => isRecord(e) && isRecord(e.edge) && isRecord(e.neighbor),
    ),
  };
}

/** The error text concept-db put in a refusal's body (`{error}`, `{error:{message}}`, `{success:false, error}`, `{message}`), else ''. */
export function producerErrorText(body: unknown): string {
  if (!isRecord(body)) return '';
  const error = body.error;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return typeof body.message === 'string' ? body.message : '';
}
