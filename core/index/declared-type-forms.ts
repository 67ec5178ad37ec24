// The forms a declared type is written in (extract-types.ts DeclaredType) and what the
// language's collections give, read by declared-types.ts: `path(i,j)` a callback's parameter,
// `@k` an argument, `Alias(j)` a function type's parameter, `Alias()(j)` one of the function type it returns, `path(i).key(j)` a literal member's
// parameter, `Type#key(j)` a typed literal member's parameter, `(is)` a guard's type; an element of a collection by method or index.
import type { DefRef } from './symbol-table.ts';
import { KEY_DOT } from './extract-types.ts';

/** A type reached: the class-like definition, how certain the path to it is, and whether the value is a collection of it. */
export interface Typed {
  ref: DefRef;
  confidence: number;
  collection?: boolean;
  /** The names of the type arguments it was declared with (`Box<Handler>`), read in argsFile (declared-type-generics.ts). */
  args?: readonly string[];
  argsFile?: number;
  /** The value may be a primitive, or a primitive or a function, instead (`Annotation | boolean`, extract-types.ts MAYBE_PRIMITIVE, MAYBE_FUNCTION): a member one of those has is not the type's. */
  primitive?: 'value' | 'function';
  /** The value is a type literal `ref` declares its members under (`opts` for `type Link = (opts: { next: Next }) => R`, members `opts.next`). */
  prefix?: string;
}

/** The name `ref` declares a member of the typed value under: `opts.next` for a type literal under `opts` (Typed.prefix). */
export function memberNameOn(on: Typed, name: string): string {
  return on.prefix === undefined ? name : `${on.prefix}.${name}`;
}

/** The members a primitive value has (its wrapper's prototype, and Object's): `toString`, `length`, `trim`... */
const PRIMITIVE_MEMBERS: ReadonlySet<string> = new Set(
  [String, Number, Boolean, Symbol, BigInt, Object].flatMap((wrapper) => Object.getOwnPropertyNames(wrapper.prototype)),
);
/** The members every function has: `call`, `bind`, `apply`, `name`... */
const FUNCTION_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Function.prototype));

/** Whether `name` on a value typed `on` may be a primitive's member, so no type of the workspace declares it for certain. */
export function maybePrimitiveMember(on: Typed, name: string): boolean {
  if (on.primitive === undefined) return false;
  return PRIMITIVE_MEMBERS.has(name) || (on.primitive === 'function' && FUNCTION_MEMBERS.has(name));
}

/** The members a collection has of its own (an array's, a map's, a set's, an iterator's and Object's): `length`, `size`, `get`... */
const COLLECTION_MEMBERS: ReadonlySet<string> = new Set(
  [Array, Map, Set, Object].flatMap((kind) => Object.getOwnPropertyNames(kind.prototype)).concat(['next', 'return', 'throw']),
);

/**
 * `this.byName['x']`, `plugins.react` with `byName: Record<string, Doc>`: a name read on a keyed
 * collection that is none of a collection's own members is one of its values, as the checker
 * types a record's property (an array's or a map's would be a type error there).
 */
export function isKeyedValue(on: Typed, name: string): boolean {
  return on.collection === true && !COLLECTION_MEMBERS.has(name);
}

/** Array methods whose callback's parameter j is an element (and which parameters). */
export const ELEMENT_CALLBACKS: Record<string, number[]> = {
  forEach: [0],
  map: [0],
  flatMap: [0],
  filter: [0],
  find: [0],
  findLast: [0],
  findIndex: [0],
  findLastIndex: [0],
  some: [0],
  every: [0],
  sort: [0, 1],
  toSorted: [0, 1],
  reduce: [1],
  reduceRight: [1],
};
// `get` is a map's (a collection of its values, typescript-types.ts collectionType); `values()` an
// array's, a set's or a map's iteration of what it holds. Never `keys()` or `entries()`: a map's keys are no value.
export const ELEMENT_RETURNS = new Set(['find', 'findLast', 'at', 'pop', 'shift', 'get']);
export const COLLECTION_RETURNS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'values']);
/** `path(i,j)`, `path(i,j)#start`: parameter j of the callback passed as argument i, at the call whose other arguments are held as `#start_k` (typescript-callbacks.ts). */
export const CALLBACK_FORM = /^(.*)\((\d+),(\d+)\)(?:#(\d+))?$/;
/** `options.onDone(=j)`: parameter j of the function type the member a function is assigned to is declared with (typescript-callbacks.ts declareAssignedParameters). */
export const ASSIGNED_PARAMETER_FORM = /^(.*)\(=(\d+)\)$/;
/** `@k`, `@k[*]`: what argument k of the call is, or an element of it (typescript-generics.ts). */
export const ARGUMENT_FORM = /^@(\d+)(\[\*\])?$/;
/** `@tK`: a return typed by type argument K as the call writes it (typescript-generics.ts returnedTypeParameterForm). */
export const TYPE_ARGUMENT_RETURN_FORM = /^@t(\d+)$/;
/** `@k#new`: a return typed as an instance of the class passed as argument k (returnedTypeParameterForm). */
export const CONSTRUCTED_ARGUMENT_FORM = /^@(\d+)#new$/;
/** `f()#start`, `a.get()#start`: what the call at `start` returns, its arguments held as `#start_k` (typescript-generics.ts heldCallArguments). */
export const HELD_CALL_FORM = /^(.*)\(\)#(\d+)$/;
/** `Handler(1)`: parameter 1 of the function type the `type` alias Handler names (a function written where that type is expected). */
export const PARAMETER_FORM = /^([\w$.]{1,160})\((\d+)\)$/;
/** `Alias()(j)`: parameter j of the function type Alias declares returning (a function returned by one typed Alias). */
export const RETURNED_PARAMETER_FORM = /^([\w$.]{1,160})\(\)\((\d+)\)$/;
/**
 * `defineTool(0).handle(1)`: parameter 1 of member `handle` of the type the callee declares for
 * its parameter 0 (a function written in an object literal passed there, typescript-objects.ts).
 */
export const LITERAL_MEMBER_FORM = /^(.{1,160})\((\d+)\)\.([\w$]{1,80})\((\d+)\)$/;
/**
 * `QueryBehavior#onFetch(0)`: parameter 0 of member `onFetch` of the named type (a function written
 * as that member of an object literal the type is declared for, typescript-contextual.ts).
 */
export const TYPE_MEMBER_FORM = /^([\w$.]{1,160})#([\w$]{1,80})\((\d+)\)$/;
/** `isObservableMap(is)`: the type the guard's predicate names (a name narrowed by `if (isObservableMap(x))`). */
export const GUARD_SUFFIX = '(is)';
/** `assertStore(asserts)`: the type an assertion function's predicate names (a name narrowed after `assertStore(x);`). */
export const ASSERTS_SUFFIX = '(asserts)';

/** What indexing a collection gives: one of its elements; nothing for anything else (a record's index is no workspace type). */
export function elementOf(t: Typed | undefined): Typed | undefined {
  return t?.collection ? { ref: t.ref, confidence: t.confidence } : undefined;
}

/** A path segment and the key it is indexed by, if any: `xs[*]` -> xs, `*`; `this[kSocket]` -> this, `kSocket`. */
export function keyed(segment: string): { name: string; key: string | undefined } {
  if (!segment.endsWith(']')) return { name: segment, key: undefined };
  const open = segment.indexOf('[');
  // `[PropertySymbol:ownerDocument]`: a key path, its dots written KEY_DOT so the receiver splits only at its own.
  return open < 0 ? { name: segment, key: undefined } : { name: segment.slice(0, open), key: segment.slice(open + 1, -1).replaceAll(KEY_DOT, '.') };
}

/**
 * `options.hooks` where `hooks` is typed by a type literal written in its owner's declaration
 * (`hooks: { use(): void }`), so has no type of its own: the owner's type and the key, whose
 * members the owner declares as `hooks.use` (typescript-members.ts). Undefined for a path of one
 * name, or whose head is untyped or a collection.
 */
export function literalMemberOwner(path: string, typeOf: (head: string) => Typed | undefined): { on: Typed; key: string } | undefined {
  const dot = path.lastIndexOf('.');
  const key = path.slice(dot + 1);
  if (dot <= 0 || !/^[\w$]{1,80}$/.test(key)) return undefined;
  const on = typeOf(path.slice(0, dot));
  return on && !on.collection ? { on, key: memberNameOn(on, key) } : undefined;
}
