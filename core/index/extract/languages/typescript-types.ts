// Declared types in TypeScript sources (extract-types.ts DeclaredType): the annotations,
// constructions, declared returns and callback parameters resolution types receivers by.
// Declared types only: a type is read where it is written, never inferred from a value.
import type { Node } from 'web-tree-sitter';
import { compactText, isAsciiWord } from './source-text.ts';
import { INDEXED_MEMBER, MAYBE_FUNCTION, MAYBE_PRIMITIVE } from '../../extract-types.ts';
import { intersectionLead, withoutNullish, withoutPrimitives } from './typescript-unions.ts';
import { indexedMemberOf } from './typescript-type-names.ts';

export const NAME_PATH = /^[\w$#]+(\.[\w$#]+)*$/;
/** A name path with elements in it (`this.next[i].type`, `this.stack[*]`, typescript-paths.ts pathOf's element forms). */
export const ELEMENT_PATH = /^[\w$#]+(?:\.[\w$#]+|\[[\w$#*]+\])*$/;
const TYPE_NAMES = new Set(['type_identifier', 'nested_type_identifier', 'identifier', 'member_expression']);
/** Generic collections whose one type argument is what their callbacks and element reads see. */
export const COLLECTIONS = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet']);
/**
 * What a `for ... of` (or `for await`) iterates, by their first type argument: `Iterable<Store>`,
 * a generator's `Generator<Store, void, unknown>`. Their elements are read as an array's; they
 * have no array method, so nothing else of an array's is read on them.
 */
const ITERATED = new Set(['Iterable', 'AsyncIterable', 'IterableIterator', 'AsyncIterableIterator', 'Generator', 'AsyncGenerator']);
/** Type arguments an ITERATED type takes at most (`Generator<T, TReturn, TNext>`). */
const MAX_ITERATED_ARGUMENTS = 3;
/** Keyed collections whose second type argument is the values their callbacks, `get()` and `values()` give. */
export const MAPS = new Set(['Map', 'ReadonlyMap', 'WeakMap', 'Record']);
/** Generics whose type arguments are what they hold (elements, keys, values), never their own members. */
export const ELEMENT_HOLDERS = new Set([...COLLECTIONS, ...MAPS, ...ITERATED]);
/** The nodes of a function written as a value: `() => ...`, `function () {}`, `function* () {}`. */
export const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);

/** `[\w$#.]`: the chars of a name path. */
export function isNamePathChar(c: number): boolean {
  return isAsciiWord(c) || c === 36 || c === 35 || c === 46;
}

/**
 * A type name as written (`Store`, `ns.Store`, `Store<T>` as `Store`); undefined for any other
 * type. Read up to the first char no name holds (`new a[new b[…]].c()` nests the rest of a
 * chain in each constructor).
 */
function typeName(type: Node | null, source: string): string | undefined {
  if (type?.type === 'generic_type') type = type.childForFieldName('name');
  if (!type || !TYPE_NAMES.has(type.type)) return undefined;
  const text = compactText(source, type.startIndex, type.endIndex, isNamePathChar);
  return text !== undefined && NAME_PATH.test(text) ? text : undefined;
}

/** A generic type's `<...>` list: a field in the TypeScript grammar, a plain child where the node was recovered from. */
export function typeArgumentsOf(generic: Node): Node | undefined {
  return generic.childForFieldName('type_arguments') ?? generic.namedChildren.find((c) => c?.type === 'type_arguments') ?? undefined;
}

/**
 * TypeScript's mapped types that keep a type's members as they are declared (optional, required
 * or read-only, some left out): a member called on `Partial<TapObserver<T>>` is TapObserver's.
 */
const MEMBER_KEEPING = new Set(['Partial', 'Required', 'Readonly', 'NonNullable', 'Pick', 'Omit']);
const MAX_KEEPING_WRAPPERS = 4;

/** `Readonly<Partial<X>>` as `X`: the type whose members a wrapper of MEMBER_KEEPING keeps. */
export function membersKept(type: Node): Node {
  for (let i = 0; i < MAX_KEEPING_WRAPPERS && type.type === 'generic_type' && MEMBER_KEEPING.has(type.childForFieldName('name')?.text ?? ''); i++) {
    const first = typeArgumentsOf(type)?.namedChild(0);
    if (!first) break;
    type = first;
  }
  return type;
}

/** `X[]`, `readonly X[]`, `Array<X>`, `ReadonlyArray<X>`, `Set<X>`, `Map<K, X>`: `X[]`; undefined for any other type. */
function collectionType(type: Node, source: string): string | undefined {
  // `readonly readonly …` unwrapped in a loop: a type nested thousands deep is no deeper on the JS stack.
  while (type.type === 'readonly_type') {
    const inner = type.namedChild(0);
    if (!inner) return undefined;
    type = inner;
  }
  if (type.type === 'array_type') {
    const item = elementType(type.namedChild(0));
    const element = item ? typeName(membersKept(item), source) : undefined;
    return element && `${element}[]`;
  }
  const indexed = indexSignatureValue(type);
  if (indexed) {
    const element = typeName(membersKept(indexed), source);
    return element && `${element}[]`;
  }
  if (type.type !== 'generic_type') return undefined;
  const args = typeArgumentsOf(type);
  return args ? elementsOf(type.childForFieldName('name')?.text ?? '', args, source) : undefined;
}

/**
 * `{ [key: string]: X }`, an object type whose one member is an index signature: X, its values'
 * type, as `Record<string, X>` has (a collection of X); undefined for any other type.
 */
export function indexSignatureValue(type: Node | null): Node | undefined {
  if (type?.type !== 'object_type' || type.namedChildCount !== 1) return undefined;
  const signature = type.namedChild(0);
  if (signature?.type !== 'index_signature' || !signature.childForFieldName('index_type')) return undefined;
  const annotation = signature.childForFieldName('type');
  return (annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation) ?? undefined;
}

/** `Set<X>`, `Map<K, X>` by their name and type arguments: `X[]`; undefined for any other generic. */
function elementsOf(generic: string, args: Node, source: string): string | undefined {
  // `Map<string, Binding>`: a collection of its values, which `get()`, `forEach()` and `values()` give.
  const iterated = ITERATED.has(generic);
  const valueAt = COLLECTIONS.has(generic) || iterated ? 0 : MAPS.has(generic) ? 1 : -1;
  const count = args.namedChildCount;
  if (valueAt < 0 || (iterated ? count < 1 || count > MAX_ITERATED_ARGUMENTS : count !== valueAt + 1)) return undefined;
  const item = elementType(args.namedChild(valueAt));
  const element = item ? typeName(membersKept(item), source) : undefined;
  return element && `${element}[]`;
}

/**
 * `(Store | undefined)[]`, `Map<string, Store | null>`: Store, what a call on an element reaches
 * (`xs[0]?.open()`, `m.get(k)!.open()`), as for a name annotated `Store | undefined`.
 */
function elementType(item: Node | null): Node | undefined {
  return withoutNullish(item?.type === 'parenthesized_type' ? item.namedChild(0) : item);
}

/** The wrappers whose argument's members a value typed by them has, as far as a call on it goes. */
const KEEPS_MEMBERS = new Set(['Awaited', 'NonNullable']);

/** `typeof x` -> `x`; `ReturnType<typeof f>` -> `f()`; through KEEPS_MEMBERS wrappers; else undefined. */
export function valueTypedBy(type: Node | null, source: string): string | undefined {
  for (let i = 0; type?.type === 'generic_type' && i < 3; i++) {
    const name = type.childForFieldName('name')?.text;
    const args = type.childForFieldName('type_arguments');
    if (args?.namedChildCount !== 1) return undefined;
    if (name === 'ReturnType') {
      const fn = valueTypedBy(args.namedChild(0), source);
      return fn && !fn.endsWith(')') ? `${fn}()` : undefined;
    }
    if (!KEEPS_MEMBERS.has(name ?? '')) return undefined;
    type = args.namedChild(0);
  }
  if (type?.type !== 'type_query') return undefined;
  let target = type.namedChild(0);
  // `typeof createDeferred<T>`: the function, its type arguments aside.
  if (target?.type === 'instantiation_expression') target = target.childForFieldName('function');
  if (target?.type !== 'identifier' && target?.type !== 'member_expression') return undefined;
  const text = compactText(source, target.startIndex, target.endIndex, isNamePathChar);
  return text !== undefined && NAME_PATH.test(text) ? text : undefined;
}

/** How many members of a type literal written as a parameter's type are read. */
const MAX_LITERAL_MEMBERS = 32;

/**
 * `record: { buffer: T[]; subs: Subscription }`: each property the type literal declares with a
 * type (annotatedType's forms), by name; undefined when the annotation is no type literal. Methods
 * and function-typed properties are left out: they are no receiver's type.
 */
export function typeLiteralMembers(annotation: Node | null, source: string): Array<[string, string]> | undefined {
  const type = withoutNullish((annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation) ?? null);
  if (type?.type !== 'object_type') return undefined;
  const members: Array<[string, string]> = [];
  let read = 0;
  for (const member of type.namedChildren) {
    if (++read > MAX_LITERAL_MEMBERS) break;
    if (member?.type !== 'property_signature') continue;
    const name = member.childForFieldName('name');
    const written = name?.type === 'property_identifier' ? annotatedType(member.childForFieldName('type'), source) : undefined;
    if (written) members.push([name!.text, written]);
  }
  return members;
}

/** A declared type as written, from a type annotation or a type: a name or a collection of one, with `null` and `undefined` dropped from a union. */
export function annotatedType(annotation: Node | null, source: string): string | undefined {
  // `Store | null`, `Store | undefined`: a Store wherever a call is made on it (`s?.m()`, `s!.m()`, or once narrowed).
  // `{ consume }: Init & { stream: S }`: Init's members, as the checker finds them (intersectionLead).
  const stated = (annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation) ?? null;
  const written = stated && (intersectionLead(stated) ?? null);
  const type = withoutNullish(written);
  if (!type) {
    // `Annotation | boolean`: the name, marked as held beside primitives.
    const kept = written?.type === 'union_type' ? withoutPrimitives(written) : undefined;
    const name = kept && typeName(membersKept(kept.kept), source);
    return name && /^[\w$.]{1,160}$/.test(name) ? `${name}${kept!.callable ? MAYBE_FUNCTION : MAYBE_PRIMITIVE}` : undefined;
  }
  // `ready: Promise<Connection>`: a Connection where a call is made on it, as for a function's
  // declared return (returnedType): what `await ready` gives and what `ready.then((c) => ...)`
  // hands its callback (declared-types.ts); the calls a promise itself takes are no workspace type's.
  const settled = promisedType(type);
  if (!settled) return undefined;
  // `Readonly<IField<bigint> & Required<Pick<IField<bigint>, 'isOdd'>>>`: the kept type's lead part.
  const wrapped = membersKept(settled);
  const kept = wrapped.type === 'intersection_type' ? intersectionLead(wrapped) : wrapped;
  if (!kept) return undefined;
  // `ReturnType<typeof make>`: what calling make gives (DeclaredType's `path()` form).
  const returned = kept.type === 'generic_type' ? valueTypedBy(kept, source) : undefined;
  // `store: Options['store']`: what Options declares its member `store` is (declared-types.ts reads INDEXED_MEMBER).
  if (kept.type === 'lookup_type') return returnedMemberOf(kept, source) ?? indexedMemberOf(kept);
  return collectionType(kept, source) ?? (returned?.endsWith(')') ? returned : undefined) ?? instanceTypeOf(kept, source) ?? genericName(kept, source);
}

/**
 * `ReturnType<typeof tower12>['Fp12']`: the member `Fp12` of what calling tower12 gives, written
 * `tower12()['Fp12']` (INDEXED_MEMBER); undefined for any other indexed access.
 */
function returnedMemberOf(lookup: Node, source: string): string | undefined {
  const object = lookup.namedChild(0);
  const key = lookup.namedChild(1)?.namedChild(0);
  if (object?.type !== 'generic_type' || key?.type !== 'string') return undefined;
  const called = valueTypedBy(object, source);
  const written = called?.endsWith('()') ? `${called}['${key.text.slice(1, -1)}']` : undefined;
  return written && INDEXED_MEMBER.test(written) ? written : undefined;
}

/** `InstanceType<typeof Store>`: Store, the class whose instance the type is; undefined for any other type. */
function instanceTypeOf(type: Node, source: string): string | undefined {
  if (type.type !== 'generic_type' || type.childForFieldName('name')?.text !== 'InstanceType') return undefined;
  const args = type.childForFieldName('type_arguments');
  const query = args?.namedChildCount === 1 ? args.namedChild(0) : null;
  const cls = query?.type === 'type_query' ? valueTypedBy(query, source) : undefined;
  return cls && !cls.endsWith(')') ? cls : undefined;
}

/** How many type arguments of one generic type are kept. */
const MAX_TYPE_ARGUMENTS = 8;

/**
 * `Box<Handler>`: the name with the names of its type arguments (`?` for one that is no plain
 * name), which bind the type's own parameters where its members are typed by them
 * (declared-types.ts); the bare name when no argument is a plain name.
 */
function genericName(type: Node, source: string): string | undefined {
  const name = typeName(type, source);
  if (!name || type.type !== 'generic_type') return name;
  const list = typeArgumentsOf(type);
  const names = typeArgumentNames(list, source) ?? nestedArgumentName(list, source);
  return names ? `${name}<${names.join(',')}>` : name;
}

/**
 * `TArg<IField<bigint>>`: one generic argument, by its name (`TArg<IField>`, which a `passes` alias
 * reaches, extract-types.ts); `TRet<FpFn<T> & { CURVE: C }>`, an intersection's first part, whose
 * members the checker finds there; `TRet<Readonly<FpField>>`, what a MEMBER_KEEPING wrapper keeps.
 */
function nestedArgumentName(list: Node | undefined, source: string): string[] | undefined {
  const written = list?.namedChildCount === 1 ? list.namedChild(0) : null;
  let argument = written && intersectionLead(written);
  // `TRet<Readonly<FpField>>`: the type whose members the wrapper keeps.
  if (argument) argument = membersKept(argument);
  const name = argument?.type === 'generic_type' || argument?.type === 'type_identifier' ? typeName(argument, source) : undefined;
  return name && NAME_PATH.test(name) ? [name] : undefined;
}

/** The longest `<...>` list read for its names. */
const MAX_TYPE_ARGUMENTS_TEXT = 240;

/**
 * `name<A,B>` for a `<A, B>` list (`?` for an argument that is no plain name); `name` when none is,
 * or when the list nests a type (`<Map<K, V>>`), read from the source text alone: generic types
 * are everywhere in typed code, and walking each argument's nodes costs about a tenth of a
 * generic-heavy tree's extraction.
 */
function withTypeArguments(name: string, list: Node | null | undefined, source: string): string {
  const names = typeArgumentNames(list, source);
  return names ? `${name}<${names.join(',')}>` : name;
}

/** `Repo<Foo>` as a heritage clause names a type: the names of its type arguments (typeArgumentNames); undefined for a type with none. */
export function genericArgumentNames(type: Node, source: string): string[] | undefined {
  return type.type === 'generic_type' ? typeArgumentNames(typeArgumentsOf(type), source) : undefined;
}

/** The names withTypeArguments reads from a `<A, B>` list; undefined where it keeps the bare name. */
export function typeArgumentNames(list: Node | null | undefined, source: string): string[] | undefined {
  if (!list || list.endIndex - list.startIndex > MAX_TYPE_ARGUMENTS_TEXT) return undefined;
  const text = source.slice(list.startIndex + 1, list.endIndex - 1);
  if (/[<>({[]/.test(text)) return undefined;
  const names = text.split(',', MAX_TYPE_ARGUMENTS + 1).map((arg) => {
    const trimmed = arg.trim();
    return NAME_PATH.test(trimmed) ? trimmed : '?';
  });
  return names.length <= MAX_TYPE_ARGUMENTS && names.some((n) => n !== '?') ? names : undefined;
}

/** `new X(...)` / `new ns.X(...)`: the class; undefined for any other value. */
export function constructedType(value: Node | null, source: string): string | undefined {
  if (value?.type !== 'new_expression') return undefined;
  const ctor = value.childForFieldName('constructor');
  // `new Map<string, Binding>()`, `new Set<Item>()`: a collection, as the same type written as an annotation is.
  const args = value.childForFieldName('type_arguments');
  if (args && ctor?.type === 'identifier' && (COLLECTIONS.has(ctor.text) || MAPS.has(ctor.text))) return elementsOf(ctor.text, args, source);
  const name = ctor && (ctor.type === 'identifier' || ctor.type === 'member_expression') ? typeName(ctor, source) : undefined;
  // `new Box<Handler>(h)`: its type arguments bind as an annotation's do.
  return name && args ? withTypeArguments(name, args, source) : name;
}

/** How many elements of an array literal are read for the class they construct. */
export const MAX_ARRAY_ELEMENTS = 16;

/** `[new Subject<T>()]`, `[new A(), new A()]`: `A[]`, an array of the one class its elements construct; undefined for any other value. */
export function constructedArrayType(value: Node | null, source: string): string | undefined {
  if (value?.type !== 'array' || value.namedChildCount === 0 || value.namedChildCount > MAX_ARRAY_ELEMENTS) return undefined;
  let element: string | undefined;
  for (const item of value.namedChildren) {
    const type = constructedType(item, source);
    if (type === undefined || (element !== undefined && element !== type)) return undefined;
    element = type;
  }
  return element && `${element}[]`;
}

/** The promises whose one type argument is what `await` gives. */
export const PROMISES = new Set(['Promise', 'PromiseLike']);

/**
 * A function's declared return type: `(): Store`, `(): Store | undefined`, `(): Store[]`, and
 * `(): Promise<Store>` as Store, what the caller awaits (the calls a promise itself takes,
 * `then` and `catch`, are no workspace type's); undefined for anything else.
 */
export function returnedType(fn: Node, source: string): string | undefined {
  const annotation = fn.childForFieldName('return_type');
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  return annotatedType(type ?? null, source);
}

/** Promises read through around one value: `Promise<PromiseLike<X>>` settles to X as well. */
const MAX_PROMISES = 3;

/**
 * `Promise<X>`, `PromiseLike<X | undefined>`: X, what awaiting it gives; null when a promise's
 * argument is not one type (or nests past MAX_PROMISES); any other type as it is.
 */
function promisedType(type: Node): Node | null {
  let settled: Node | null = type;
  for (let i = 0; settled?.type === 'generic_type' && PROMISES.has(settled.childForFieldName('name')?.text ?? ''); i++) {
    const args = typeArgumentsOf(settled);
    if (i === MAX_PROMISES || args?.namedChildCount !== 1) return null;
    settled = withoutNullish(args.namedChild(0)) ?? null;
  }
  return settled;
}

/**
 * `isObservableMap(thing: any): thing is ObservableMap`, or a function type `(thing: any) => thing
 * is ObservableMap`: the type a type guard says its first
 * parameter is when it returns true (what `if (isObservableMap(x))` narrows `x` to).
 */
export function guardedType(fn: Node, source: string): string | undefined {
  // A declaration's `: x is T` is an annotation around the predicate; a function type's `=> x is T` is the predicate.
  const returned = fn.childForFieldName('return_type');
  const predicate = returned?.type === 'type_predicate_annotation' ? returned.namedChild(0) : returned;
  if (predicate?.type !== 'type_predicate') return undefined;
  const first = parametersOf(fn)[0];
  if (!first || predicate.childForFieldName('name')?.text !== first.name) return undefined;
  return annotatedType(predicate.childForFieldName('type'), source);
}

/** `assertStore(x: unknown): asserts x is Store`: the type an assertion function's predicate names for its first parameter. */
export function assertedType(fn: Node, source: string): string | undefined {
  const returned = fn.childForFieldName('return_type');
  const predicate = returned?.type === 'asserts_annotation' ? returned.namedChild(0)?.namedChild(0) : undefined;
  if (predicate?.type !== 'type_predicate') return undefined;
  const first = parametersOf(fn)[0];
  if (!first || predicate.childForFieldName('name')?.text !== first.name) return undefined;
  return annotatedType(predicate.childForFieldName('type'), source);
}

/**
 * What calling a value of a function type returns, as declared: `(a: A) => Fiber<A>` gives
 * `Fiber`; an object type of call signatures (`{ (a): Fiber; (a, b): Fiber }`, dual() overloads)
 * gives the type they all return, and nothing when they differ.
 */
export function functionTypeReturn(type: Node, source: string): string | undefined {
  if (type.type === 'function_type') return returnedType(type, source);
  let found: string | undefined;
  for (const member of type.namedChildren) {
    if (member?.type !== 'call_signature') continue;
    const returned = returnedType(member, source);
    if (!returned || (found !== undefined && found !== returned)) return undefined;
    found = returned;
  }
  return found;
}

/** The plain parameters of a function node, by position: their names and written types (`undefined` where none or not a plain name). */
export function parametersOf(fn: Node): Array<{ name: string; type: Node | null } | undefined> {
  const single = fn.childForFieldName('parameter');
  if (single) return single.type === 'identifier' ? [{ name: single.text, type: null }] : [undefined];
  const params = fn.childForFieldName('parameters');
  if (!params) return [];
  const out: Array<{ name: string; type: Node | null } | undefined> = [];
  for (const p of params.namedChildren) {
    if (p?.type !== 'required_parameter' && p?.type !== 'optional_parameter') continue;
    const pattern = p.childForFieldName('pattern');
    // `(this: Observable<T>, subscriber: S) => ...`: `this` declares the receiver, not a place.
    if (pattern?.type === 'this') continue;
    out.push(pattern?.type === 'identifier' ? { name: pattern.text, type: p.childForFieldName('type') } : undefined);
  }
  return out;
}
