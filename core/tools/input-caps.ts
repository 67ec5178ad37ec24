// Every input has a cap, taken at the boundary before a tool runs (COMMON rules; SPEC
// §record_finding gives a summary 2 KB). What a tool stores or quotes back is then bounded
// too: a 10 MB summary once made every later get_problems answer too large for a standard
// client to read. One table, documented in docs/input-caps.md, which a test holds to it.
import { z } from 'zod';
import { escapeControlChars, firstControlChar } from '../process/control-chars.ts';

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

/**
 * A refused argument's value is named by its size, never echoed. Any other issue is left to
 * the parse's own wording (core/tools/zod-messages.ts).
 */
const capError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.input === 'string') {
    return `${issue.input.length} characters is over the ${issue.maximum}-character cap; shorten it`;
  }
  if (issue.code === 'too_big' && issue.origin === 'array' && Array.isArray(issue.input)) {
    return `${issue.input.length} items is over the ${issue.maximum}-item cap; send fewer`;
  }
  return undefined;
};

/** A string of at most `cap` characters, refused with one line naming its length and the cap. */
export function cappedString(cap: number): z.ZodString {
  return z.string({ error: capError }).max(cap);
}

/** An array of at most `cap` items, refused with one line naming its length and the cap. */
export function cappedArray<T extends z.ZodType>(item: T, cap: number): z.ZodArray<T> {
  return z.array(item, { error: capError }).max(cap);
}

/** What a path argument cannot hold, and what to do instead (docs/input-caps.md "One line"). */
export const PATH_FIX = 'a path argument cannot hold one; rename the file or folder, or name it by another path';
/** What a one-line field (a category, a status) cannot hold, and what to do instead. */
export const LINE_FIX = 'send it as one line of printable text';

/**
 * `schema`, refused when its value holds a control character (core/process/control-chars.ts),
 * with one line naming the character and its position, never quoting the value. A path is
 * handed to git and the file system, where a NUL fails every later call on it, and a path or a
 * slug is written into a concept's one-line header fields (SPEC §record_finding), where a line
 * break would write fields of its own.
 */
export function oneLine<T extends z.ZodString>(schema: T, fix: string): T {
  return schema.superRefine((value, ctx) => {
    const found = firstControlChar(value);
    if (found) ctx.addIssue({ code: 'custom', message: `contains a control character (${found.label} at character ${found.position}); ${fix}` });
  });
}

/** A file or directory path argument: at most PATH_MAX characters, one line, no NUL. */
export function cappedPath(): z.ZodString {
  return oneLine(cappedString(INPUT_CAPS.path), PATH_FIX);
}

/** The most of an argument a reply or refusal quotes back. */
export const ECHO_MAX_CHARS = 200;

/** An argument as a reply quotes it: whole when short, else its start and its length; always one line. */
export function clipEcho(text: string, max: number = ECHO_MAX_CHARS): string {
  return escapeControlChars(text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`);
}
