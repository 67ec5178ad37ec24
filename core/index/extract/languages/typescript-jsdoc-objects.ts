// An object type written in a JavaScript doc comment's typedef, `@typedef {{ error: LogFunction,
// fn: (p: string) => string }} Logger`, which the checker reads as `type Logger = { ... }`: its
// name and each member as written, for typescript-jsdoc.ts to type and typescript-jsdoc-typedefs.ts
// to define (ObjectType). One level of at most 600 characters is read by a regex whose repeated
// class cannot hold the character that ends it, so each `@typedef` is tried once over that bound;
// a longer or nested one (`@typedef {Base & { ... }} Utils` over many lines, members holding their
// own braces) by a scan that counts braces, at most MAX_BRACED_CHARS from each of at most
// MAX_BRACED_TYPEDEFS tags (bracedTypedef). The same scan reads a function type whose parameter is
// an object type (`@typedef {(arg: { utils: Utils }) => void} Visitor`, functionTypedefOf).
import { isFunctionType } from './typescript-jsdoc-unions.ts';
import { PARAMETER_LITERAL } from '../../extract-types.ts';
import { ARROW_PARAMETER } from './typescript-jsdoc-callbacks.ts';
import { closingBracket } from './typescript-paths.ts';

/** The typedef's object type: `{{` (spaces and a comment's line breaks between), its members, `}}`, its name. */
const OBJECT_TYPEDEF = /@typedef\s+\{\s*\{([^{}]{0,600})\}\s*\}\s+([A-Za-z_$][\w$]{0,79})/;
/** `body?: Uint8Array`, `readonly fn: (p: string) => string`: a member's name and its type as written. */
const MEMBER = /^(?:readonly\s+)?([A-Za-z_$][\w$]{0,79})\??\s*:\s*(\S[^]{0,299})$/;
/** A comment line's start inside the braces: its line break, spaces and `*`. */
const COMMENT_LINE = /\n[ \t]*\*?/g;
/** Members read per object type. */
const MAX_MEMBERS = 64;

/** An object typedef as its members are typed: the members written as function types, and the others' types. */
export interface ObjectType {
  name: string;
  /** `@typedef {Base & { ... }} Name`: the one named type it also has the members of. */
  base?: string;
  callable: string[];
  typed: Map<string, string>;
  /** Where its tag starts and ends in the file. */
  span: [number, number];
}

/**
 * The first object typedef of a doc comment that starts at `at` in the file, each member typed by
 * `typeOf` (typescript-jsdoc.ts jsdocType) given the member's own place, which names a type it
 * imports; undefined without one.
 */
export function objectTypeOf(text: string, at: number, typeOf: (written: string, place: number) => string | undefined): ObjectType | undefined {
  const object = objectTypedefOf(text);
  if (!object) return undefined;
  const typed: ObjectType = { name: object.name, callable: [], typed: new Map(), span: [at + object.at, at + object.end] };
  if (object.base) typed.base = object.base;
  typeMembers(object.members, at + object.at, typeOf, typed);
  return typed;
}

/** Each member written as a function type into `callable`, the others' types into `typed`, each typed at its own place after `tagAt`. */
function typeMembers(
  members: ObjectTypedef['members'],
  tagAt: number,
  typeOf: (written: string, place: number) => string | undefined,
  into: Pick<ObjectType, 'callable' | 'typed'>,
): void {
  members.forEach(({ name, written }, i) => {
    if (isFunctionType(written)) return void into.callable.push(name);
    // Places inside the tag's text, where no other tag of the comment starts.
    const type = typeOf(written, tagAt + 1 + i);
    if (type) into.typed.set(name, type);
  });
}

export interface ObjectTypedef {
  name: string;
  base?: string;
  /** Where the typedef's tag starts and ends in the comment's text. */
  at: number;
  end: number;
  /** Each member's name and its type as written, in order; index signatures and methods written with parameters are left out. */
  members: Array<{ name: string; written: string }>;
}

/** The first object typedef in a doc comment's text, with its members; undefined without one. */
export function objectTypedefOf(text: string): ObjectTypedef | undefined {
  const m = text.includes('@typedef') ? OBJECT_TYPEDEF.exec(text) : null;
  if (m) return { name: m[2]!, at: m.index, end: m.index + m[0].length, members: membersOf(m[1]!) };
  // Longer, nested, or one named type's members and more (`{Base & { ... }}`).
  const braced = bracedTypedef(text, (written) => written.startsWith('{') || INTERSECTED.test(written));
  if (!braced) return undefined;
  const lead = INTERSECTED.exec(braced.written);
  const body = lead ? braced.written.slice(lead[0].length - 1) : braced.written;
  if (closingBrace(body, 0) !== body.length - 1) return undefined;
  const object: ObjectTypedef = { name: braced.name, at: braced.at, end: braced.end, members: membersOf(body.slice(1, -1)) };
  if (lead) object.base = lead[1]!;
  return object;
}

/** `Base & {`: one named type intersected with an object type written after it. */
const INTERSECTED = /^([A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,4})\s*&\s*\{/;
/** The longest typedef type the brace-counting scan reads. */
const MAX_BRACED_CHARS = 8 * 1024;
/** Typedef tags per comment the brace-counting scan looks at. */
const MAX_BRACED_TYPEDEFS = 16;
const TYPEDEF_NAME = /\s*([A-Za-z_$][\w$]{0,79})/y;

/** Where the brace that closes the one at `open` is, within MAX_BRACED_CHARS; -1 past them. */
function closingBrace(text: string, open: number): number {
  const next = closingBracket(text, open, Math.min(text.length, open + MAX_BRACED_CHARS), '{', '}');
  return next < 0 ? -1 : next - 1;
}

interface BracedTypedef {
  name: string;
  /** The type between the tag's braces, each comment line's leading `*` dropped, trimmed. */
  written: string;
  /** Where the tag starts and ends in the comment's text. */
  at: number;
  end: number;
}

/**
 * The first `@typedef {...} Name` of a comment whose type holds braces (`nested`; else braces or a
 * line break) and that `wanted` accepts, its braces matched by counting; each tag's scan starts
 * past the last one's end, so the comment is read at most MAX_BRACED_TYPEDEFS times over MAX_BRACED_CHARS.
 */
function bracedTypedef(text: string, wanted: (written: string) => boolean, nested = true): BracedTypedef | undefined {
  let from = 0;
  for (let n = 0; n < MAX_BRACED_TYPEDEFS; n++) {
    const at = text.indexOf('@typedef', from);
    if (at < 0) return undefined;
    let open = at + 8;
    while (open < text.length && (text[open] === ' ' || text[open] === '\t')) open++;
    const close = text[open] === '{' ? closingBrace(text, open) : -1;
    if (close < 0) {
      from = at + 8;
      continue;
    }
    from = close + 1;
    const inner = text.slice(open + 1, close);
    // One with no braces inside and no line break is TAG's (typescript-jsdoc.ts).
    if (nested ? !inner.includes('{') : !inner.includes('{') && !inner.includes('\n')) continue;
    TYPEDEF_NAME.lastIndex = close + 1;
    const name = TYPEDEF_NAME.exec(text);
    if (!name) continue;
    const written = inner.replace(COMMENT_LINE, '\n').trim();
    if (wanted(written)) return { name: name[1]!, written, at, end: TYPEDEF_NAME.lastIndex };
  }
  return undefined;
}

/** A function typedef's parameter written as an object type: its name and its members, typed (as ObjectType's). */
export interface ParameterLiteral extends Pick<ObjectType, 'callable' | 'typed'> {
  parameter: string;
}

/** `(arg: { utils: Utils }, n: number) => void` as a typedef's type. */
const ARROW_LEAD = /^\(/;
/** Parameters of one function typedef read. */
const MAX_TYPEDEF_PARAMETERS = 16;

/**
 * `@typedef {(arg: { report: Report, utils: Utils }) => void} JsdocVisitor`, over several lines:
 * the function type's name, its parameters' types by place (an object-typed one as `{:Name.param`),
 * and the members of each object-typed one, typed as an object typedef's are; undefined for any
 * other type (typescript-jsdoc-callbacks.ts reads the one-line forms).
 */
export function functionTypedefOf(
  text: string,
  at: number,
  typeOf: (written: string, place: number) => string | undefined,
): { name: string; span: [number, number]; parameters: (string | undefined)[]; literals: ParameterLiteral[] } | undefined {
  const braced = text.includes('=>') ? bracedTypedef(text, (written) => ARROW_LEAD.test(written), false) : undefined;
  if (!braced) return undefined;
  const close = closingParen(braced.written);
  if (close < 0 || !/^\)\s*=>/.test(braced.written.slice(close))) return undefined;
  const parameters: (string | undefined)[] = [];
  const literals: ParameterLiteral[] = [];
  for (const part of memberParts(braced.written.slice(1, close), false).slice(0, MAX_TYPEDEF_PARAMETERS)) {
    const m = ARROW_PARAMETER.exec(part);
    const written = m?.[2]!.trim();
    if (!m || !written) {
      parameters.push(undefined);
      continue;
    }
    if (!written.startsWith('{') || closingBrace(written, 0) !== written.length - 1) {
      parameters.push(typeOf(written, at + braced.at + 1 + parameters.length));
      continue;
    }
    const object: ParameterLiteral = { parameter: m[1]!, callable: [], typed: new Map() };
    typeMembers(membersOf(written.slice(1, -1)), at + braced.at, typeOf, object);
    literals.push(object);
    // `{:Visitor.arg`: the literal whose members the type holds as `arg.*` (extract-types.ts PARAMETER_LITERAL).
    parameters.push(`${PARAMETER_LITERAL}${braced.name}.${m[1]!}`);
  }
  return { name: braced.name, span: [at + braced.at, at + braced.end], parameters, literals };
}

/** The `)` closing the `(` a function type starts with, brackets counted; -1 without one. */
function closingParen(written: string): number {
  let depth = 0;
  for (let i = 0; i < written.length; i++) {
    const c = written[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if ((c === ')' || c === '}' || c === ']') && --depth === 0) return c === ')' ? i : -1;
  }
  return -1;
}

/** The members written between an object type's braces, each name once, at most MAX_MEMBERS. */
function membersOf(body: string): ObjectTypedef['members'] {
  const members: ObjectTypedef['members'] = [];
  for (const part of memberParts(body.replace(COMMENT_LINE, '\n'))) {
    const member = MEMBER.exec(part);
    if (member && !members.some((x) => x.name === member[1])) members.push({ name: member[1]!, written: member[2]!.trim() });
    if (members.length >= MAX_MEMBERS) break;
  }
  return members;
}

/** `@returns {{ match: (filePath: string) => boolean }}`: an object type a function's comment says it returns, one level. */
const RETURNED_OBJECT = /@returns?\s+\{\s*\{([^{}]{0,600})\}\s*\}/;

/**
 * The members written as function types of the object type a doc comment's `@returns` gives, which
 * the checker resolves `ignore.match()` to where `ignore` holds the function's result (as a
 * TypeScript `(): { match(p: string): boolean }` declares them); empty without one.
 */
export function returnedCallableMembers(text: string): string[] {
  const m = text.includes('@return') ? RETURNED_OBJECT.exec(text) : null;
  return m
    ? membersOf(m[1]!)
        .filter(({ written }) => isFunctionType(written))
        .map(({ name }) => name)
    : [];
}

/**
 * An object type's members, split at the `,`, `;` or line break outside any bracket (`fn: (a: A,
 * b: B) => C` is one; the `>` of `=>` closes nothing), each trimmed, empty ones dropped.
 */
function memberParts(body: string, lineBreaks = true): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= body.length; i++) {
    const c = body[i];
    if (c === '(' || c === '<' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === '>' && body[i - 1] !== '=')) depth = Math.max(0, depth - 1);
    else if (i === body.length || (depth === 0 && (c === ',' || c === ';' || (lineBreaks && c === '\n')))) {
      const part = body.slice(from, i).trim();
      if (part) parts.push(part);
      from = i + 1;
    }
  }
  return parts;
}
