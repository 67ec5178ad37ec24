// A callback's parameter typed by a type parameter its function shares with another parameter:
// `resolveList<T, V>(list: T[], resolver: (item: T) => V)`. The checker infers T from the
// argument passed for `list`; this reads it from that argument's declared type, no further: the
// declared form `@k` (what argument k is) or `@k[*]` (an element of it), resolved at each call
// (declared-types.ts, with the arguments typescript-callbacks.ts records). Likewise a return typed
// by a type parameter (`identity<T>(x: T): T`), read at each call from the argument or type
// argument that binds it, which heldCallArguments records where a local is bound to the call.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { annotatedType, constructedType, NAME_PATH, parametersOf, typeArgumentsOf } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';
import { withoutNullish } from './typescript-unions.ts';

/** Collections whose one type argument is what their elements are. */
const ELEMENT_OF = new Set(['Array', 'ReadonlyArray', 'Iterable', 'Set', 'ReadonlySet']);
/** Type parameters read per function. */
const MAX_TYPE_PARAMETERS = 16;

/** The names of a function's type parameters (`<T, V extends X>`: T and V). */
function typeParameterNames(fn: Node): Set<string> {
  const names = new Set<string>();
  const list = fn.childForFieldName('type_parameters');
  for (const p of list?.namedChildren ?? []) {
    if (names.size >= MAX_TYPE_PARAMETERS) break;
    const name = p?.type === 'type_parameter' ? p.childForFieldName('name') : null;
    if (name) names.add(name.text);
  }
  return names;
}

/** `T` in `T[]`, `readonly T[]`, `Array<T>`, `Iterable<T>`: the element type's node; undefined for any other type. */
export function elementOf(type: Node): Node | undefined {
  let t: Node | null = type;
  for (let i = 0; t?.type === 'readonly_type' && i < 4; i++) t = t.namedChild(0);
  if (t?.type === 'array_type') return t.namedChild(0) ?? undefined;
  if (t?.type !== 'generic_type' || !ELEMENT_OF.has(t.childForFieldName('name')?.text ?? '')) return undefined;
  const args = typeArgumentsOf(t);
  return args?.namedChildCount === 1 ? (args.namedChild(0) ?? undefined) : undefined;
}

/**
 * The declared form of callback parameter `written` (a bare type parameter of `fn`) taken from
 * the other parameter of `fn` that holds it, as `@k` or `@k[*]`; undefined when none does, or
 * when `written` is no type parameter of `fn`.
 */
export function typeParameterSource(fn: Node, callbackAt: number, written: Node | null): string | undefined {
  let type = written?.type === 'type_annotation' ? written.namedChild(0) : written;
  type = withoutNullish(type ?? null) ?? null;
  if (type?.type !== 'type_identifier') return undefined;
  const name = type.text;
  if (!typeParameterNames(fn).has(name)) return undefined;
  let found: string | undefined;
  parametersOf(fn).forEach((param, k) => {
    if (found !== undefined || k === callbackAt || !param?.type) return;
    const held = withoutNullish(param.type.type === 'type_annotation' ? param.type.namedChild(0) : param.type);
    if (!held) return;
    if (held.type === 'type_identifier' && held.text === name) found = `@${k}`;
    else if (elementOf(held)?.text === name) found = `@${k}[*]`;
  });
  return found;
}

/** `new (...args) => T`, `abstract new () => T`: T's node, the instance the class passed constructs; undefined for any other type. */
function constructedBy(type: Node): Node | undefined {
  const t = withoutParentheses(type);
  if (t?.type !== 'intersection_type') return constructorResult(t);
  // `(new () => T) & { symbol: symbol }` (mswjs' `Interceptor.singleton`): the class passed is
  // the intersection's constructor; one side of one `&` is read.
  for (let k = 0; k < t.namedChildCount; k++) {
    const found = constructorResult(withoutParentheses(t.namedChild(k)));
    if (found) return found;
  }
  return undefined;
}

/** `new () => T`: T's node; undefined for any other type. */
function constructorResult(type: Node | null): Node | undefined {
  return type?.type === 'constructor_type' ? (type.childForFieldName('type') ?? undefined) : undefined;
}

/** A type inside up to four pairs of parentheses. */
function withoutParentheses(type: Node | null): Node | null {
  let t = type;
  for (let i = 0; t?.type === 'parenthesized_type' && i < 4; i++) t = t.namedChild(0);
  return t;
}

/**
 * `identity<T>(x: T): T`, `first<T>(xs: T[]): T`, `create<T>(ctor: new () => T): T`,
 * `make<T>(): T`: a declared return type `returned` that is a bare, unconstrained type parameter
 * of `fn`, as what binds it at each call, where the checker infers it: `@k` the argument passed
 * for the parameter typed T, `@k[*]` an element of it, `@k#new` an instance of the class passed
 * for `new () => T`, `@tK` type argument K as the call writes it (declared-types.ts reads them
 * with what heldCallArguments records). Undefined for any other return type.
 */
export function returnedTypeParameterForm(fn: Node, returned: string): string | undefined {
  if (!TYPE_NAME.test(returned)) return undefined;
  const list = fn.childForFieldName('type_parameters');
  const index = [...typeParameterNames(fn)].indexOf(returned);
  if (index < 0) return undefined;
  // A constrained one (`<S extends Store>`) is read as its constraint where it is in scope
  // (type-parameters.ts), but where a parameter holds it whole (`use<T extends Disposable>(value:
  // T): T`): the checker infers it from the argument there, as for one unconstrained.
  const constrained = list?.namedChildren.some((p) => p?.childForFieldName('name')?.text === returned && p.childForFieldName('constraint'));
  let found: string | undefined;
  parametersOf(fn).forEach((param, k) => {
    if (found !== undefined || !param?.type || k >= MAX_PLACES) return;
    const held = withoutNullish(param.type.type === 'type_annotation' ? param.type.namedChild(0) : param.type);
    if (!held) return;
    if (held.type === 'type_identifier' && held.text === returned) found = `@${k}`;
    else if (elementOf(held)?.text === returned) found = `@${k}[*]`;
    else if (constructedBy(held)?.text === returned) found = `@${k}#new`;
  });
  if (constrained) return found !== undefined && HELD_INFERRED.test(found) ? found : undefined;
  return found ?? `@t${index}`;
}

/**
 * The places that bind a constrained type parameter as the checker infers it: a parameter
 * holding it whole (`@0`), or constructing it (`@0#new`: `singleton<T extends Base>(ctor: new
 * () => T): T` is the class passed); not an element (`@0[*]`), which the constraint types.
 */
const HELD_INFERRED = /^@\d{1,3}(?:#new)?$/;

/** A bare type name (a type parameter is one). */
const TYPE_NAME = /^[\w$]{1,80}$/;

/**
 * `const s = identity(store)`, `const r = container.get(Repo)`, `const q = make<Repo>()`: the
 * call's arguments that are a plain path or construct a class, and the type arguments it writes,
 * each held by a name no source can write (`#start_k`, `#start_tK`), declared as the local
 * `declarator` binds is, so a callee whose declared return is bound by a type parameter (`@k`,
 * `@tK`: returnedTypeParameterForm) reads the one that binds it. Returns the suffix naming the
 * call (`#start`), or '' when nothing is held.
 */
export function heldCallArguments(call: Node, declarator: Node, { b, source }: Pick<FileContext, 'b' | 'source'>): string {
  const start = call.startIndex;
  const at = declarator.startIndex - 1;
  const args = call.childForFieldName('arguments');
  let held = args?.type === 'arguments' && holdArguments(args, start, null, declarator, at, { b, source });
  const list = call.childForFieldName('type_arguments');
  for (let k = 0; list && k < Math.min(list.namedChildCount, MAX_HELD); k++) {
    const written = annotatedType(list.namedChild(k), source);
    if (!written) continue;
    b.declareType('local', `#${start}_t${k}`, written, declarator, false, at);
    held = true;
  }
  return held ? `#${start}` : '';
}

/** Arguments and type arguments read per call for what binds a callee's type parameter. */
const MAX_HELD = 8;

/**
 * Each argument in `args` but `skip` that is a plain path or constructs a class (heldValue), held
 * by a name no source can write (`#call_k`, `call` the call's start), declared on `node` at
 * position `at`, so what is resolved there reads it. Returns whether any argument is held.
 */
export function holdArguments(args: Node, call: number, skip: Node | null, node: Node, at: number, { b, source }: Pick<FileContext, 'b' | 'source'>): boolean {
  let held = false;
  // By index, not namedChildren: a list of thousands of callbacks reads a few arguments per callback.
  for (let k = 0; k < Math.min(args.namedChildCount, MAX_HELD); k++) {
    const argument = args.namedChild(k);
    if (!argument || argument.id === skip?.id) continue;
    // `pipe(new Item(), (x) => ...)`: the class the argument constructs.
    const form = heldValue(argument, source);
    if (!form) continue;
    b.declareType('local', `#${call}_${k}`, form, node, false, at);
    held = true;
  }
  return held;
}

/**
 * What an argument is, as a declared form: the class it constructs, `=path` for a plain path, or
 * `path()` for what a call of a plain path returns (`each(list(), (x) => ...)`: T is bound by
 * list's declared return, as the checker infers it); undefined for anything else.
 */
function heldValue(argument: Node, source: string): string | undefined {
  if (argument.type === 'new_expression') return constructedType(argument, source);
  if (argument.type === 'call_expression') {
    const called = calledPath(argument, source);
    return called && NAME_PATH.test(called) ? `${called}()` : undefined;
  }
  if (argument.type !== 'identifier' && argument.type !== 'member_expression') return undefined;
  const path = pathOf(argument, source);
  return path && NAME_PATH.test(path) ? `=${path}` : undefined;
}

/** Call signatures read per declaration for the places its type arguments type. */
const MAX_SIGNATURES = 8;
/** Parameters read per signature. */
const MAX_PLACES = 16;

/**
 * `dual: { <DataLast, DataFirst>(arity: number, body: DataFirst): DataLast & DataFirst; ... }`:
 * each parameter place typed by a bare type parameter, with that parameter's index among the
 * signature's type parameters, where every signature (`signatures`: function types, call
 * signatures, functions) agrees. A call that writes its type arguments (`dual<L, F>(2, (self) =>
 * ...)`) gives a callback passed there the parameters of the function type it wrote for that
 * index, as the checker does (typescript-callbacks.ts); undefined when no place is so typed.
 */
export function typeArgumentPlaces(signatures: Node[]): Map<number, number> | undefined {
  let agreed: Map<number, number> | undefined;
  for (const signature of signatures.slice(0, MAX_SIGNATURES)) {
    const names = [...typeParameterNames(signature)];
    if (names.length === 0) return undefined;
    const places = new Map<number, number>();
    parametersOf(signature).forEach((param, i) => {
      const written = param?.type?.type === 'type_annotation' ? param.type.namedChild(0) : param?.type;
      const k = i < MAX_PLACES && written?.type === 'type_identifier' ? names.indexOf(written.text) : -1;
      if (k >= 0) places.set(i, k);
    });
    if (agreed) for (const [i, k] of agreed) if (places.get(i) !== k) agreed.delete(i);
    agreed ??= places;
  }
  return agreed && agreed.size > 0 ? agreed : undefined;
}

/** The signatures a declared function type holds: itself, or an object type's call signatures (overloads). */
export function signaturesOf(type: Node): Node[] {
  if (type.type === 'function_type') return [type];
  if (type.type !== 'object_type') return [];
  return type.namedChildren.filter((member): member is Node => member?.type === 'call_signature');
}
