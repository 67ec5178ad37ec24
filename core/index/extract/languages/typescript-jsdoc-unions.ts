// The members of a JSDoc union type as written (`{Source | (() => Source)}`), for the reader of
// JSDoc types (typescript-jsdoc.ts jsdocType): which of them are primitives or function types,
// beside which one named type is read as TypeScript reads such an annotation's union. The type
// text is a tag's, at most 200 chars (typescript-jsdoc.ts TAG), read once left to right. Also what
// one type name is, for that reader and the typedefs' (typescript-jsdoc-typedefs.ts).

/** A JSDoc type that is one name or a dotted path of up to five names (`Foo`, `ns.Foo`). */
export const TYPE_NAME = /^[A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,4}$/;
/** Types a JSDoc union may hold beside the one it is read as. */
export const PRIMITIVES = new Set(['string', 'number', 'boolean', 'symbol', 'bigint']);
/** Parts of a union read; one with more types none. */
const MAX_UNION_PARTS = 8;

/** `(() => Source)`, `(err: Error) => void`, Closure's `function(Sock)`: a function type. */
export function isFunctionType(type: string): boolean {
  return type.startsWith('function(') || (type.startsWith('(') && type.includes('=>'));
}

/**
 * A JSDoc type's union members, split at the `|` outside any bracket (`{A | (x: B | C) => D}` is
 * two), each trimmed, with the parentheses around a whole member kept; undefined past
 * MAX_UNION_PARTS or with unbalanced brackets.
 */
export function unionParts(written: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < written.length; i++) {
    const c = written[i];
    if (c === '(' || c === '<' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === '>' && written[i - 1] !== '=')) depth--;
    else if (c === '|' && depth === 0) {
      parts.push(written.slice(from, i).trim());
      from = i + 1;
      if (parts.length >= MAX_UNION_PARTS) return undefined;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  parts.push(written.slice(from).trim());
  return parts;
}
