// What a function declares for its callers, read where it is declared: its return type
// (`name()`), or the properties of the object type it returns (`().key`); a type guard's type
// (`name(is)`); the types its parameters are given by place (`name(i)`); the parameters of the
// callbacks it takes (`name(i,j)`). Resolution reads them at each call (declared-types.ts).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { RECEIVER_ITSELF, RETURNED_MEMBER, TYPE_ARGUMENT_PLACE } from '../../extract-types.ts';
import { constructedReturnOf } from './typescript-returns.ts';
import { returnedTypeParameterForm, typeArgumentPlaces, typeParameterSource } from './typescript-generics.ts';
import { withoutNullish } from './typescript-unions.ts';
import {
  annotatedType,
  assertedType,
  ELEMENT_HOLDERS,
  guardedType,
  parametersOf,
  PROMISES,
  returnedType,
  typeArgumentsOf,
  typeLiteralMembers,
} from './typescript-types.ts';

/** How many object types of one union are read for their properties. */
const MAX_LITERAL_UNION = 8;
/** Generic wrappers read through around a returned object type (`Promise<TRet<Readonly<{...}>>>`). */
const MAX_LITERAL_WRAPPERS = 4;
/** What a wrapper other than a promise is read through to: an object type, a union of them, another wrapper. */
const WRAPPED_LITERALS = new Set(['object_type', 'union_type', 'generic_type']);

/**
 * `Promise<{ ... }>`, `TRet<{ ... }>`, `Readonly<{ ... }>`: the object type a generic of one type
 * argument wraps, as the checker finds a member called on `TRet<X>` (a pass-through alias,
 * typescript-heritage.ts passedThroughCondition) or a mapped type's on X; a collection's, map's
 * or iterable's argument is its elements, never its members, and ends the unwrapping. The type
 * itself for any other.
 */
function literalInWrapper(type: Node): Node | null {
  for (let i = 0; i < MAX_LITERAL_WRAPPERS && type.type === 'generic_type'; i++) {
    const name = type.childForFieldName('name')?.text ?? '';
    const promised = PROMISES.has(name);
    if (!promised && ELEMENT_HOLDERS.has(name)) return type;
    const args = typeArgumentsOf(type);
    const only = args?.namedChildCount === 1 ? args.namedChild(0) : null;
    if (!only) return promised ? null : type;
    if (!promised && !WRAPPED_LITERALS.has(only.type)) return type;
    type = only;
  }
  return type;
}

/** `(): TRet<{ Fp: Field }>`: a wrapper whose name alone types nothing around an object type, read as that object (declareReturnedLiteral). */
function wrapsLiteral(annotation: Node): boolean {
  const written = annotation.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  if (written?.type !== 'generic_type') return false;
  const inner = literalInWrapper(written);
  return inner !== written && inner !== null && literalObjects(inner) !== undefined;
}

/** `{ a: A }`, `{ a: A } | { b: B } | null`: the object types written; undefined for any other type. */
function literalObjects(type: Node): Array<Node | null> | undefined {
  const objects = type.type === 'union_type' ? type.namedChildren : [type];
  if (objects.length > MAX_LITERAL_UNION) return undefined;
  const literal = objects.every((o) => o?.type === 'object_type' || (o?.type === 'literal_type' && /^(null|undefined)$/.test(o.text)));
  return literal && objects.some((o) => o?.type === 'object_type') ? objects : undefined;
}

/**
 * `(): Promise<{ ledger: SharedLedger } | { cause: Cause }>`: the properties of the object type a
 * function declares it returns (through a promise or another wrapper, literalInWrapper), or of
 * each object type of a union of them (the checker reaches `r.ledger` once narrowed to the member
 * that declares it); a name two members declare with different types is left out (none may be
 * left). Undefined for any other return type.
 */
export function returnedLiteralMembers(fn: Node, source: string): Array<[string, string]> | undefined {
  const annotation = fn.childForFieldName('return_type');
  const written = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  const type = written ? literalInWrapper(written) : null;
  // `(): [Store, Cache]`: a tuple is an object whose members are its places (`[0]`, `[1]`).
  if (type?.type === 'tuple_type') return tupleMembers(type, source);
  const objects = type ? literalObjects(type) : undefined;
  if (!objects) return undefined;
  const members = new Map<string, string | null>();
  for (const object of objects) {
    if (object?.type !== 'object_type') continue;
    for (const [key, written] of typeLiteralMembers(object, source) ?? []) members.set(key, members.has(key) && members.get(key) !== written ? null : written);
  }
  // With no property of a named type, the object is still f's own: its methods (`remove(): void`)
  // are f's nested definitions, which findMethod reads.
  return [...members].filter((m): m is [string, string] => m[1] !== null);
}

/** Places of a tuple type read for their types. */
const MAX_TUPLE_PLACES = 8;

/**
 * `[Store, Cache]`: each place's declared type under its index as a computed key (`[0]`, read as
 * `x[0]` is: an element of a collection, else the member under that key); undefined when none is
 * a named type. Read up to a rest place.
 */
function tupleMembers(tuple: Node, source: string): Array<[string, string]> | undefined {
  const members: Array<[string, string]> = [];
  const places = tuple.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment');
  for (let i = 0; i < places.length && i < MAX_TUPLE_PLACES; i++) {
    const place = places[i]!;
    // `[store: Store, cache?: Cache]`: a labelled place is written as a parameter is; `...rest: X[]` ends the places.
    const labelled = place.type === 'required_parameter' || place.type === 'optional_parameter';
    if (place.type === 'rest_type' || (labelled && place.childForFieldName('name')?.type === 'rest_pattern')) break;
    const type = labelled ? place.childForFieldName('type') : place.type === 'optional_type' ? place.namedChild(0) : place;
    const written = annotatedType(type, source);
    if (written) members.push([`[${i}]`, written]);
  }
  return members.length > 0 ? members : undefined;
}

/**
 * A method declared to return `this` (`where(): this`, a fluent builder's): RECEIVER_ITSELF, as
 * one whose body returns `this` (typescript-returns.ts) is; the checker types the call's result
 * as the value the call is made on.
 */
function returnsThis(annotation: Node): string | undefined {
  const type = annotation.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  return type?.type === 'this_type' ? RECEIVER_ITSELF : undefined;
}

/** The nodes a getter is declared by: a class's method, an abstract class's signature, an interface's. */
const GETTER_HOLDERS = new Set(['method_definition', 'abstract_method_signature', 'method_signature']);

/**
 * Declares what `name` declares for its callers: its return type (`name()`), and the declared
 * parameter types of the callbacks it takes (`name(i,j)`: parameter j of the function type of
 * its parameter i). A method's are declared on its class, a function's beside it (at its
 * enclosing function, or the module: the position before it, so it is not its own owner).
 */
export function declareSignature({ b, source }: FileContext, kind: 'member' | 'local', name: string, fn: Node, at: Node): void {
  const start = kind === 'local' ? at.startIndex - 1 : at.startIndex;
  const returnType = fn.childForFieldName('return_type');
  // A JavaScript doc comment's `@returns {X}` is the declaration (typescript-jsdoc.ts), as an annotation is.
  const returned = returnType
    ? (kind === 'member' && returnsThis(returnType)) || (wrapsLiteral(returnType) ? undefined : returnedType(fn, source))
    : b.documentedReturns.has(fn.startIndex)
      ? undefined
      : constructedReturnOf(b, fn, source);
  // `identity<T>(x: T): T`: what binds T at each call (typescript-generics.ts).
  const bound = returned && returnType && fn.childForFieldName('type_parameters') ? returnedTypeParameterForm(fn, returned) : undefined;
  if (returned) b.declareType(kind, `${name}()`, bound ?? returned, at, false, start);
  else if (returnType) declareReturnedLiteral(b, kind, name, fn, returnType, source, at, start);
  // `get bindings(): Binding[]`: `this.bindings` reads what the getter returns, as a field of that
  // type; an abstract getter's (`abstract get frame(): Frame`) and an interface's too.
  if (returned && kind === 'member' && GETTER_HOLDERS.has(fn.type) && fn.children.some((c) => c?.type === 'get'))
    b.declareType(kind, name, returned, at, false, start);
  const guarded = guardedType(fn, source);
  if (guarded) b.declareType(kind, `${name}(is)`, guarded, at, false, start);
  // `assertStore(x): asserts x is Store`: what a call of it leaves x as (typescript-narrowing.ts).
  const asserted = guarded ? undefined : assertedType(fn, source);
  if (asserted) b.declareType(kind, `${name}(asserts)`, asserted, at, false, start);
  // A parameter's type by place needs an annotation (`:`), a callback's parameters a function type
  // (`=>` too): parameters whose text has no `:` are not read as nodes, and are read once otherwise.
  const params = fn.childForFieldName('parameters');
  const text = params ? source.slice(params.startIndex, params.endIndex) : '';
  const parameters = text.includes(':') ? parametersOf(fn) : [];
  declareParameterPlaces(b, source, kind, name, parameters, at, start);
  if (fn.childForFieldName('type_parameters')) declareTypeArgumentPlaces(b, kind, name, [fn], at, start);
  if (!text.includes('=>')) return;
  parameters.forEach((param, i) => {
    let type = param?.type?.type === 'type_annotation' ? param.type.namedChild(0) : param?.type;
    type = withoutNullish(type ?? null) ?? null;
    if (type?.type === 'parenthesized_type') type = type.namedChild(0);
    if (type?.type !== 'function_type') return;
    parametersOf(type).forEach((inner, j) => {
      const written = inner && (typeParameterSource(fn, i, inner.type) ?? annotatedType(inner.type, source));
      if (written) b.declareType(kind, `${name}(${i},${j})`, written, at, false, start);
    });
  });
}

/**
 * `f(): { ledger: SharedLedger } | { cause: Cause }`: what f returns is f's own object (`{}`, as a
 * factory's literal is), whose properties are f's locals `().ledger` (declared-types.ts reads
 * them as that object's members).
 */
function declareReturnedLiteral(
  b: FileContext['b'],
  kind: 'member' | 'local',
  name: string,
  fn: Node,
  returnType: Node,
  source: string,
  at: Node,
  start: number,
): void {
  const members = returnedLiteralMembers(fn, source);
  if (!members) return;
  b.declareType(kind, `${name}()`, '{}', at, false, start);
  for (const [key, type] of members) b.declareType('local', `${RETURNED_MEMBER}${key}`, type, returnType, false, returnType.startIndex);
}

/** Parameters given a type by place (`name(i)`), per function. */
const MAX_PARAMETER_PLACES = 16;

/**
 * `handle(args: A, ctx: ToolContext)`: each parameter's named type by its place (`handle(1)` is
 * ToolContext), for a function written in an object literal handed where this one's parameter
 * type is expected (`defineTool({ handle(args, ctx) {...} })`, declared-types.ts LITERAL_MEMBER_FORM).
 */
export function declareParameterPlaces(
  b: FileContext['b'],
  source: string,
  kind: 'member' | 'local',
  name: string,
  parameters: ReturnType<typeof parametersOf>,
  at: Node,
  start: number,
): void {
  parameters.forEach((param, i) => {
    const written = param?.type && i < MAX_PARAMETER_PLACES ? annotatedType(param.type, source) : undefined;
    if (written) b.declareType(kind, `${name}(${i})`, written, at, false, start);
  });
}

/**
 * `dual: { <L, F>(arity: number, body: F): L & F; ... }`: each parameter place the signatures all
 * type by one type parameter, by its index (`dual(1)(<>)` is `<1>`), for a callback passed there
 * at a call that writes its type arguments (typescript-callbacks.ts).
 */
export function declareTypeArgumentPlaces(b: FileContext['b'], kind: 'member' | 'local', name: string, signatures: Node[], at: Node, start: number): void {
  for (const [i, k] of typeArgumentPlaces(signatures) ?? []) b.declareType(kind, `${name}(${i})${TYPE_ARGUMENT_PLACE}`, `<${k}>`, at, false, start);
}
