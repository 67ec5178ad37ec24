// An object type written in a JavaScript doc comment's typedef, `@typedef {{ error: LogFunction,
// fn: (p: string) => string }} Logger`, which the checker reads as `type Logger = { ... }`: its
// name and each member as written, for typescript-jsdoc.ts to type and typescript-jsdoc-typedefs.ts
// to define (ObjectType). Only an object type of one level is read (a member whose own type holds
// braces ends the match), of at most 600 characters, by a regex whose repeated class cannot hold the
// character that ends it, so each `@typedef` is tried once over that bound.
import { isFunctionType } from './typescript-jsdoc-unions.ts';

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
  object.members.forEach(({ name, written }, i) => {
    if (isFunctionType(written)) return void typed.callable.push(name);
    // Places inside the tag's text, where no other tag of the comment starts.
    const type = typeOf(written, at + object.at + 1 + i);
    if (type) typed.typed.set(name, type);
  });
  return typed;
}

export interface ObjectTypedef {
  name: string;
  /** Where the typedef's tag starts and ends in the comment's text. */
  at: number;
  end: number;
  /** Each member's name and its type as written, in order; index signatures and methods written with parameters are left out. */
  members: Array<{ name: string; written: string }>;
}

/** The first object typedef in a doc comment's text, with its members; undefined without one. */
export function objectTypedefOf(text: string): ObjectTypedef | undefined {
  const m = text.includes('@typedef') ? OBJECT_TYPEDEF.exec(text) : null;
  if (!m) return undefined;
  return { name: m[2]!, at: m.index, end: m.index + m[0].length, members: membersOf(m[1]!) };
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
function memberParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= body.length; i++) {
    const c = body[i];
    if (c === '(' || c === '<' || c === '[') depth++;
    else if (c === ')' || c === ']' || (c === '>' && body[i - 1] !== '=')) depth = Math.max(0, depth - 1);
    else if (i === body.length || (depth === 0 && (c === ',' || c === ';' || c === '\n'))) {
      const part = body.slice(from, i).trim();
      if (part) parts.push(part);
      from = i + 1;
    }
  }
  return parts;
}
