// Callbacks in TypeScript and JavaScript: a function passed as an argument takes its unannotated
// parameters' types from what the callee declares for them (`path(i,j)`, declared-types.ts),
// seen only inside that function.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext } from './language-module.ts';
import { annotatedType, constructedType, parametersOf } from './typescript-types.ts';
import { pairValue } from './typescript-loops.ts';
import { calledPath, isSpace, isWordChar, pathOf, unparenthesized } from './typescript-paths.ts';
import { declarePatternParameters, firstParameterPattern } from './typescript-contextual.ts';
import { holdArguments } from './typescript-generics.ts';

/**
 * `recv.map((x) => x.run())`, `operate((source, sink) => ...)`: each unannotated parameter of a
 * function passed as an argument is typed by what the callee declares for it (`path(i,j)`),
 * seen only inside that function. Run on the function node, so a call without one costs nothing.
 */
export function declareCallbackParameters(fn: Node, { b, source, parentOf }: FileContext): void {
  // An argument follows `(` or `,`, or `?` / `:` in a choice between two (`new Observable(s ? (sub) => ... : (sub) => ...)`):
  // most functions (`const f = () =>`, `a: () =>`) are refused by that one read, a comment before one by the next.
  const start = fn.startIndex;
  const before = charBefore(source, start);
  if (before !== '(' && before !== ',' && before !== '?' && before !== ':') return;
  // `arg`: what stands in the argument list, the function itself or the choice it is a branch of.
  let arg = fn;
  let args = parentOf(fn);
  if (args?.type === 'ternary_expression' && args.childForFieldName('condition')?.id !== fn.id) args = parentOf((arg = args));
  if (args?.type !== 'arguments') return;
  b.callbackScope(start, fn.endIndex);
  const names = plainParameters(source, start, fn.type === 'arrow_function');
  if (names?.length === 0) return;
  // `new Observable((subscriber) => ...)`: typed by what the class's constructor declares for it.
  const holder = parentOf(args);
  if (!names) declareEntryValue(fn, holder, start, { b, source });
  const path = calleePath(holder, source);
  if (!path) return;
  const i = Math.min(64, argumentPlace(b, args, arg));
  const params = names ? names.map((name) => ({ name, type: null })) : parametersOf(fn);
  const untyped = params.some((p) => p && !p.type);
  const held = untyped && argumentsHeld(args, arg, start, { b, source });
  const typeArguments = untyped && typeArgumentsHeld(holder, fn, start, { b, source });
  const call = held || typeArguments ? `#${start}` : '';
  params.forEach((param, j) => {
    // Placed at the callback's start, so its callback scope (above) is the lines it is seen in.
    if (param && !param.type) b.declareType('local', param.name, `${path}(${i},${j})${call}`, fn, false, start);
  });
  // `setGetter(({ context, options }) => ...)`: each key of what the parameter in that place is.
  if (!names) declarePatternParameters(fn, (j) => `${path}(${i},${j})${call}`, b, { within: undefined, max: MAX_DESTRUCTURED, bare: true });
}

/**
 * `options.onDone = (result) => result.read()`, `this.handler = function (event) {...}`: a function
 * assigned to a member takes its unannotated parameters' types from the function type the member
 * is declared with (`path(=j)`, declared-types.ts), as the checker types the right of an
 * assignment by its left. Seen only inside that function.
 */
export function declareAssignedParameters(fn: Node, { b, source, parentOf }: FileContext): void {
  // In JavaScript such an assignment is most often the member's declaration (`Foo.prototype.m =
  // function`, `this.m = function` in a constructor function, typescript-assignments.ts), whose
  // parameters are its own; so it is in TypeScript for the paths below.
  if (b.language !== 'typescript') return;
  const start = fn.startIndex;
  if (charBefore(source, start) !== '=') return;
  const assignment = parentOf(fn);
  if (assignment?.type !== 'assignment_expression' || assignment.childForFieldName('right')?.id !== fn.id) return;
  const left = assignment.childForFieldName('left');
  const path = left?.type === 'member_expression' ? pathOf(left, source) : undefined;
  if (!path || !MEMBER_PATH.test(path) || DECLARING_PATH.test(path)) return;
  // `Foo.from = function () {}` at the module level declares a static member (typescript-assignments.ts memberAssignment).
  const statement = parentOf(assignment);
  if (!path.includes('.', path.indexOf('.') + 1) && statement?.type === 'expression_statement' && parentOf(statement)?.type === 'program') return;
  b.callbackScope(start, fn.endIndex);
  const names = plainParameters(source, start, fn.type === 'arrow_function');
  const params = names ? names.map((name) => ({ name, type: null })) : parametersOf(fn);
  params.forEach((param, j) => {
    if (param && !param.type) b.declareType('local', param.name, `${path}(=${j})`, fn, false, start);
  });
}

/** A member path a function may be assigned to: `options.onDone`, `this.handlers.error` (no calls, no elements). */
const MEMBER_PATH = /^[\w$#]{1,80}(\.[\w$#]{1,80}){1,4}$/;
/** Paths an assignment declares a member or an export by: `exports.f`, `module.exports.f`, `Foo.prototype.m`. */
const DECLARING_PATH = /^(exports|module)\.|\.prototype\./;

/** Parameters read per callback for the keys they destructure. */
const MAX_DESTRUCTURED = 8;

/** What a call or `new` its arguments are handed to names: `f`, `a.b().c`, `new Observable` (typed by its constructor). */
export function calleePath(call: Node | null, source: string): string | undefined {
  const constructed = call?.type === 'new_expression' ? constructedType(call, source) : undefined;
  return constructed ? `new ${constructed}` : calledPath(call, source);
}

/**
 * `resolveList(bindings, (b) => ...)`: each other argument that is a plain path, or constructs a
 * class, is held by a name no source can write (`#start_k`), seen where the callback is, so a
 * parameter the callee types by a type parameter of another argument (`@k`, typescript-generics.ts)
 * reads it from there. Returns whether any argument is held (the call is then named `#start`).
 */
function argumentsHeld(args: Node, callback: Node, start: number, f: Pick<FileContext, 'b' | 'source'>): boolean {
  return holdArguments(args, start, callback, callback, start, f);
}

/** Type arguments read per call, and parameters per function type among them. */
const MAX_TYPE_ARGUMENTS = 8;
const MAX_TYPE_ARGUMENT_PARAMETERS = 16;

/**
 * `dual<DataLast, (self: Differ<V, P>, that: X) => R>(2, (self, that) => ...)`: each parameter of a
 * function type the call writes as a type argument, held by a name no source can write
 * (`#start_tk_j`, type argument k, parameter j), seen where the callback is, so a callee that types
 * the callback's place by its type parameter k (TYPE_ARGUMENT_PLACE) reads it from there.
 * Returns whether any is held.
 */
function typeArgumentsHeld(call: Node | null, callback: Node, start: number, { b, source }: Pick<FileContext, 'b' | 'source'>): boolean {
  const list = call?.childForFieldName('type_arguments');
  if (!list) return false;
  let held = false;
  for (let k = 0; k < Math.min(list.namedChildCount, MAX_TYPE_ARGUMENTS); k++) {
    let type = list.namedChild(k);
    if (type?.type === 'parenthesized_type') type = type.namedChild(0);
    if (type?.type !== 'function_type') continue;
    parametersOf(type).forEach((param, j) => {
      const written = param && j < MAX_TYPE_ARGUMENT_PARAMETERS ? annotatedType(param.type, source) : undefined;
      if (!written) return;
      b.declareType('local', `#${start}_t${k}_${j}`, written, callback, false, start);
      held = true;
    });
  }
  return held;
}

/** The last char before `at` that is neither space nor in a `//` comment ending a line (a bounded look back). */
function charBefore(source: string, at: number): string | undefined {
  let i = at - 1;
  for (let lines = 0; lines < 4; lines++) {
    while (i > 0 && isSpace(source.charCodeAt(i))) i--;
    const lineStart = source.lastIndexOf('\n', i) + 1;
    const comment = source.indexOf('//', lineStart);
    if (comment < 0 || comment > i) return source[i];
    // `scheduler ? // a note` then the function on the next line: the char before the comment.
    i = comment - 1;
  }
  return source[i];
}

/** Per file (its builder): an argument list's id -> its named children's ids -> their places. */
const argumentPlaces = new WeakMap<ExtractionBuilder, Map<number, Map<number, number>>>();

/** How many named nodes come before `arg` in its argument list: the list is read once, however many callbacks it holds. */
export function argumentPlace(b: ExtractionBuilder, args: Node, arg: Node): number {
  let lists = argumentPlaces.get(b);
  if (!lists) argumentPlaces.set(b, (lists = new Map()));
  let places = lists.get(args.id);
  if (!places) {
    places = new Map();
    args.namedChildren.forEach((child, i) => child && places!.set(child.id, i));
    lists.set(args.id, places);
  }
  return places.get(arg.id) ?? 0;
}

/**
 * The parameter names of a function written with plain names only (`x =>`, `(a, b) =>`,
 * `async (a) =>`, `function (a, b)`), read from the text; an empty list for none; undefined
 * when a parameter is more than a name (an annotation, a default, a pattern), for the node
 * walk to read. At most 200 characters are read.
 */
function plainParameters(source: string, start: number, arrow: boolean): string[] | undefined {
  const end = Math.min(source.length, start + 200);
  let i = start;
  const word = (): string => {
    const from = i;
    while (i < end && isWordChar(source.charCodeAt(i))) i++;
    return source.slice(from, i);
  };
  const space = () => {
    while (i < end && isSpace(source.charCodeAt(i))) i++;
  };
  let head = word();
  space();
  if (head === 'async') {
    head = word();
    space();
  }
  if (!arrow) {
    // `function`, `function*`, then an optional name.
    if (head !== 'function') return undefined;
    if (source[i] === '*') i++;
    space();
    word();
    space();
  } else if (head) return source.startsWith('=>', i) ? [head] : undefined;
  if (source[i] !== '(') return undefined;
  i++;
  const names: string[] = [];
  for (;;) {
    space();
    if (source[i] === ')') return names;
    const name = word();
    space();
    if (!name) return undefined;
    names.push(name);
    if (source[i] === ',') i++;
    else if (source[i] !== ')') return undefined;
  }
}

/** Array methods whose callback's first parameter is an element. */
const ELEMENT_FIRST = new Set(['forEach', 'map', 'flatMap', 'filter', 'find', 'findLast', 'findIndex', 'findLastIndex', 'some', 'every']);

/**
 * `Object.entries(stores).forEach(([name, store]) => store.put())`, `[...registry.entries()].map(([k, b]) => ...)`,
 * `Array.from(registry.entries())`: the value a callback's `[key, value]` pattern binds is an element
 * of what the entries are read from, as a loop's is (typescript-types.ts declareLoopElement).
 */
function declareEntryValue(fn: Node, call: Node | null, start: number, { b, source }: Pick<FileContext, 'b' | 'source'>): void {
  const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (callee?.type !== 'member_expression' || !ELEMENT_FIRST.has(callee.childForFieldName('property')?.text ?? '')) return;
  const first = firstParameterPattern(fn);
  const value = first?.type === 'array_pattern' ? pairValue(first) : null;
  if (value?.type !== 'identifier') return;
  const held = entriesOf(callee.childForFieldName('object'), source);
  if (held) b.declareType('local', value.text, `${held}[*]`, fn, false, start);
}

/** How many copies (`Array.from`, a spread) an entries call is read through. */
const MAX_ENTRY_COPIES = 2;

/** The path whose entries a value is (`Object.entries(x)`, `x.entries()`, copied by `Array.from` or a spread); undefined for any other value. */
function entriesOf(value: Node | null, source: string, copies = 0): string | undefined {
  value = unparenthesized(value);
  if (value?.type === 'array' && value.namedChildCount === 1 && value.namedChild(0)?.type === 'spread_element')
    return copies < MAX_ENTRY_COPIES ? entriesOf(value.namedChild(0)!.namedChild(0), source, copies + 1) : undefined;
  if (value?.type !== 'call_expression') return undefined;
  const fn = value.childForFieldName('function');
  const args = value.childForFieldName('arguments');
  const count = args?.namedChildCount ?? 0;
  const text = fn?.text;
  if (text === 'Object.entries' && count === 1) return pathOf(args!.namedChild(0), source);
  if (text === 'Array.from' && count === 1) return copies < MAX_ENTRY_COPIES ? entriesOf(args!.namedChild(0), source, copies + 1) : undefined;
  if (fn?.type === 'member_expression' && fn.childForFieldName('property')?.text === 'entries' && count === 0)
    return pathOf(fn.childForFieldName('object'), source);
  return undefined;
}
