// Every input has a cap, taken at the boundary before a tool runs (COMMON rules; SPEC
// §record_finding gives a summary 2 KB). What a tool stores or quotes back is then bounded
// too: a 10 MB summary once made every later get_problems answer too large for a standard
// client to read. One table, documented in docs/input-caps.md, which a test holds to it.
import { z } from 'zod';

/** Characters for a string field, items for an array field. */
export const INPUT_CAPS = {
  /** A file or directory path, workspace-relative or absolute (Linux PATH_MAX). */
  path: 4096,
  /** A directory name to skip (NAME_MAX). */
  dirName: 255,
  /** A file extension to index. */
  extension: 32,
  /** One-line description of a finding (SPEC §record_finding: prose with a 2 KB cap). */
  summary: 2048,
  /** A finding's longer explanation or suggested fix. */
  details: 16384,
  /** A category slug (security, correctness, design-constraint, ...). */
  category: 64,
  /** A finding status (open, fixed, ...). */
  status: 32,
  /** An agf_* or concept_* id. */
  id: 128,
  /** A search query. */
  query: 1024,
  /** Extra context for annotate_component's notes. */
  context: 4096,
  /** A diff, accepted for compatibility and not read. */
  diff: 1_048_576,
  /** A substrate shape name or filter. */
  shape: 256,
  /** Files one finding is attributed to: one seed each, every one listed in the reply. */
  findingFiles: 50,
  /** Files named by one call (changed_files, recently_changed_files). */
  fileList: 500,
  /** Path filters of one call (file_filter). */
  filterList: 50,
  /** Category or severity filters of one call. */
  enumList: 20,
  /** Extensions or directory names of one init_workspace call. */
  nameList: 100,
} as const;

/** A refused argument's value is named by its size, never echoed. */
const capErrorMap: z.ZodErrorMap = (issue, ctx) => {
  if (issue.code === 'too_big' && issue.type === 'string' && typeof ctx.data === 'string') {
    return { message: `${ctx.data.length} characters is over the ${issue.maximum}-character cap; shorten it` };
  }
  if (issue.code === 'too_big' && issue.type === 'array' && Array.isArray(ctx.data)) {
    return { message: `${ctx.data.length} items is over the ${issue.maximum}-item cap; send fewer` };
  }
  return { message: ctx.defaultError };
};

/** A string of at most `cap` characters, refused with one line naming its length and the cap. */
export function cappedString(cap: number): z.ZodString {
  return z.string({ errorMap: capErrorMap }).max(cap);
}

/** An array of at most `cap` items, refused with one line naming its length and the cap. */
export function cappedArray<T extends z.ZodTypeAny>(item: T, cap: number): z.ZodArray<T> {
  return z.array(item, { errorMap: capErrorMap }).max(cap);
}

/** The most of an argument a reply or refusal quotes back. */
export const ECHO_MAX_CHARS = 200;

/** An argument as a reply quotes it: whole when short, else its start and its length. */
export function clipEcho(text: string, max: number = ECHO_MAX_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
