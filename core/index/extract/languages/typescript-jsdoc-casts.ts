// A JavaScript cast: `/** @type {Source[]} */ (this._children)`, a doc comment stating a type
// right before a parenthesized expression. The checker reads it as TypeScript's `x as Source[]`
// (the value has the stated type), so a binding, a member or a receiver holding that value is
// typed so, as an `as` cast types it in a TypeScript file (typescript-values.ts castType).
// JavaScript only: in a TypeScript file such a comment is no cast.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { documentedTypeOf } from './typescript-jsdoc.ts';

/** Whitespace read back from the parenthesis to the comment's end. */
const MAX_GAP = 64;
/** A cast's comment past this many characters is not read (one `@type {...}` tag is short). */
const MAX_CAST_COMMENT = 400;

/**
 * The type a cast comment gives `value`, a parenthesized expression (`/** @type {Foo} *\/ (x)`),
 * read from the text just before it: the comment sits inside the declarator or assignment, or
 * before the whole statement when the cast leads it; undefined for anything else or outside JavaScript.
 */
export function jsdocCast(value: Node | null, { b, source }: Pick<FileContext, 'b' | 'source'>): string | undefined {
  if (value?.type !== 'parenthesized_expression' || b.language !== 'javascript') return undefined;
  let end = value.startIndex;
  for (let gap = 0; end > 0 && gap < MAX_GAP && /\s/.test(source[end - 1]!); gap++) end--;
  if (!source.startsWith('*/', end - 2)) return undefined;
  // Looked for within the comment's bound only, so no cast costs more than that to read.
  const from = Math.max(0, end - MAX_CAST_COMMENT);
  const opening = source.slice(from, end - 2).lastIndexOf('/**');
  if (opening < 0) return undefined;
  const start = from + opening;
  const text = source.slice(start, end);
  // One comment: a `*/` before the last closes another, and the text between is code.
  if (text.indexOf('*/') !== text.length - 2) return undefined;
  return documentedTypeOf(text, start);
}
