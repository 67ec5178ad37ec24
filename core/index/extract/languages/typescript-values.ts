// What a value written in TypeScript or JavaScript may hold when it is no function written in
// place: a choice between references (typescript.ts, -assignments.ts and -modules.ts read it
// where a name is bound, assigned or exported), and the path a value is passed on from.
import type { Node } from 'web-tree-sitter';
import { ARRAY_OF, CHOICE, OBJECT_OF } from '../../extract-types.ts';
import { annotatedType, constructedType, FUNCTION_VALUES, MAX_ARRAY_ELEMENTS, NAME_PATH } from './typescript-types.ts';
import { calledPath, pathOf, unparenthesized } from './typescript-paths.ts';
import type { FileContext } from './language-module.ts';
import { jsdocCast } from './typescript-jsdoc-casts.ts';

/**
 * `cond ? standard.call : forced.call`, `(isServer ?? x) ? React.useEffect : React.useLayoutEffect`,
 * `c ? impl.run : function () {}`: a choice between two values that each name or are a function.
 */
export function choiceOfReferences(value: Node): boolean {
  if (value.type !== 'ternary_expression') return false;
  for (const field of ['consequence', 'alternative']) {
    const branch = unparenthesized(value.childForFieldName(field));
    if (!branch) return false;
    const reference = branch.type === 'member_expression' || (branch.type === 'identifier' && branch.text !== 'undefined');
    if (!reference && !FUNCTION_VALUES.has(branch.type)) return false;
  }
  return true;
}

/** A value that names a function or may be one: a name, a member path, a function, a call. */
function callableArm(arm: Node | null): boolean {
  if (!arm) return false;
  if (arm.type === 'identifier') return arm.text !== 'undefined';
  return arm.type === 'member_expression' || arm.type === 'call_expression' || FUNCTION_VALUES.has(arm.type);
}

/**
 * `native || stubFalse`, `native ?? fallback`, `hasNative ? baseUnary(native) : baseIsTypedArray`:
 * a choice whose every arm names a function, is one or calls something (what lodash exports its
 * platform-dependent functions as); never one with a literal or `undefined` arm.
 */
export function choiceOfCallables(value: Node): boolean {
  const choice = unparenthesized(value);
  if (choice?.type === 'binary_expression') {
    const operator = choice.childForFieldName('operator')?.type;
    return (
      (operator === '||' || operator === '??') &&
      callableArm(unparenthesized(choice.childForFieldName('left'))) &&
      callableArm(unparenthesized(choice.childForFieldName('right')))
    );
  }
  if (choice?.type !== 'ternary_expression') return false;
  return callableArm(unparenthesized(choice.childForFieldName('consequence'))) && callableArm(unparenthesized(choice.childForFieldName('alternative')));
}

/** How many wrappers around a value are read through to the path it holds. */
const MAX_ALIAS_WRAPPERS = 6;

/**
 * The expression whose value a binding's initializer holds, read through the forms that pass
 * it on unchanged: `const cache = this.#cache` is the path; `opts.encoder ?? jsonEncoder` the left
 * side, whose declared type the fallback is taken for; `options.session!` and `(x)` the path
 * inside; `const dest = (subject = subject ?? connector())` the variable assigned, which holds
 * the same value afterwards and is typed where it is declared; `await this.ready` the path whose
 * declared `Promise<X>` is read as X, what it settles to (typescript-types.ts annotatedType);
 * `(() => point.Fp)()` the expression the arrow called in place gives (invokedExpression).
 */
export function aliasedValue(value: Node | null): Node | null {
  let held = value;
  for (let i = 0; held && i < MAX_ALIAS_WRAPPERS; i++) {
    if (held.type === 'parenthesized_expression' || held.type === 'non_null_expression' || held.type === 'await_expression') held = held.namedChild(0);
    else if (held.type === 'assignment_expression') held = held.childForFieldName('left');
    else if (held.type === 'binary_expression' && /^(\?\?|\|\|)$/.test(held.childForFieldName('operator')?.text ?? '')) held = held.childForFieldName('left');
    else if (held.type === 'call_expression') {
      const body = invokedExpression(held);
      if (!body) break;
      held = body;
    } else break;
  }
  return held;
}

/**
 * `/* @__PURE__ *\/ (() => ed25519_Point.Fp)()`: an arrow of no parameters called in place with no
 * arguments, whose body is one expression, gives that expression; null for any other call (a
 * block body, an `async` arrow's promise, parameters bound by arguments).
 */
export function invokedExpression(call: Node): Node | null {
  if (call.childForFieldName('arguments')?.namedChildCount !== 0) return null;
  const fn = call.childForFieldName('function');
  const arrow = fn?.type === 'parenthesized_expression' ? fn.namedChild(0) : null;
  if (arrow?.type !== 'arrow_function' || arrow.firstChild?.type === 'async') return null;
  if (arrow.childForFieldName('parameters')?.namedChildCount !== 0) return null;
  const body = arrow.childForFieldName('body');
  return body && body.type !== 'statement_block' ? body : null;
}

/**
 * `const api = (function () { function get() {}; return { get: get } }())`, `(() => {...})()`: a
 * function of no parameters written with a block body and called in place with no arguments (the
 * revealing module pattern), whose returns the binding then holds; null for any other value.
 */
export function invokedFunction(value: Node | null): Node | null {
  const call = unparenthesized(value);
  if (call?.type !== 'call_expression' || call.childForFieldName('arguments')?.namedChildCount !== 0) return null;
  const fn = unparenthesized(call.childForFieldName('function'));
  if ((fn?.type !== 'function_expression' && fn?.type !== 'arrow_function') || fn.firstChild?.type === 'async') return null;
  if (fn.childForFieldName('parameters')?.namedChildCount !== 0) return null;
  return fn.childForFieldName('body')?.type === 'statement_block' ? fn : null;
}

/** How many ternaries deep a cast is looked for. */
const MAX_CAST_BRANCHES = 4;

/**
 * The type a value is cast to: `x as Observer<T>`, `(await open()) as Socket`, `{...} satisfies
 * Handler`, in JavaScript `/** @type {Socket} *\/ (x)` (typescript-jsdoc-casts.ts); in a ternary
 * (`f ? ({ next: f } as Partial<TapObserver<T>>) : observerOrNext`), the one type its casts agree
 * on, which the checker checks the other branches against where they meet. Undefined when no
 * branch casts, or the casts differ.
 */
export function castType(value: Node | null, f: Pick<FileContext, 'b' | 'source'>): string | undefined {
  const { source } = f;
  let cast: string | undefined;
  const pending: Node[] = value ? [value] : [];
  for (let n = pending.pop(), read = 0; n && read < MAX_CAST_BRANCHES * 2; n = pending.pop(), read++) {
    const documented = n.type === 'parenthesized_expression' ? jsdocCast(n, f) : undefined;
    if (documented !== undefined) {
      if (cast !== undefined && cast !== documented) return undefined;
      cast = documented;
    } else if (n.type === 'parenthesized_expression') {
      const inner = n.namedChild(0);
      if (inner) pending.push(inner);
    } else if (n.type === 'ternary_expression') {
      for (const field of ['consequence', 'alternative']) {
        const branch = n.childForFieldName(field);
        if (branch) pending.push(branch);
      }
    } else if (n.type === 'as_expression' || n.type === 'satisfies_expression') {
      const type = annotatedType(n.namedChild(1), source);
      if (type === undefined || (cast !== undefined && cast !== type)) return undefined;
      cast = type;
    }
  }
  return cast;
}

/** The left of a `guard && value` read as a guard: a name or a member path, which an object's falsy part narrows away. */
const GUARDS = new Set(['identifier', 'member_expression']);
/** The right of a `guard && value` read as the value: a call's result or a constructed instance. */
const GUARDED_VALUES = new Set(['call_expression', 'new_expression']);

/**
 * `cond ? x : undefined`, `cond ? null : x`: `x`, the one branch that holds a value;
 * `codePath && CodePath.getState(codePath)`: the call, what the value is wherever a call can be
 * made on it (the guard's falsy part of an object type is nothing); the value itself otherwise.
 */
export function valueBesideNothing(value: Node | null): Node | null {
  if (value?.type === 'binary_expression' && value.childForFieldName('operator')?.type === '&&') {
    const right = value.childForFieldName('right');
    return GUARDS.has(value.childForFieldName('left')?.type ?? '') && GUARDED_VALUES.has(right?.type ?? '') ? right : value;
  }
  if (value?.type !== 'ternary_expression') return value;
  const consequence = value.childForFieldName('consequence');
  const alternative = value.childForFieldName('alternative');
  if (isNothing(alternative)) return consequence;
  if (isNothing(consequence)) return alternative;
  return value;
}

/**
 * `new X(a)`, `c ? new X(a) : null`, `init ? new X(init) : new X()`: the class the value
 * constructs wherever it holds one; undefined for any other value, and for branches constructing two classes.
 */
export function constructedEitherWay(value: Node | null, source: string): string | undefined {
  const held = valueBesideNothing(value);
  if (held?.type !== 'ternary_expression') return constructedType(held, source);
  const first = constructedType(unparenthesized(held.childForFieldName('consequence')), source);
  return first !== undefined && first === constructedType(unparenthesized(held.childForFieldName('alternative')), source) ? first : undefined;
}

function isNothing(node: Node | null): boolean {
  return node?.type === 'null' || node?.type === 'undefined' || (node?.type === 'identifier' && node.text === 'undefined');
}

/**
 * `c ? require('./parser') : {}`: whether the ternary's branch other than `branch` holds nothing a
 * name can be read from: `null`, `undefined` or an empty object literal, whose members the checker
 * reads as absent, so what is destructured is the other branch's.
 */
export function besideNothing(ternary: Node, branch: Node): boolean {
  if (ternary.type !== 'ternary_expression') return false;
  const consequence = ternary.childForFieldName('consequence');
  const other = consequence?.id === branch.id ? ternary.childForFieldName('alternative') : consequence;
  return isNothing(other) || (other?.type === 'object' && other.namedChildCount === 0);
}

/**
 * Values a local may hold as written: a name, a member path, an element (`const x = xs[i]`), `this`
 * (`var that = this`), a collection's values (`Object.values(registry)`, pathOf; any other call's
 * path holds `()`, which ELEMENT_PATH refuses), a copy of what a path iterates (`[...this.sockets]`,
 * `Array.from(this.sockets)`, `new Set(this.sockets)`, pathOf).
 */
const ALIASED_VALUES = new Set(['identifier', 'member_expression', 'subscript_expression', 'this', 'call_expression', 'array', 'new_expression']);
/** A path whose segments may be elements or computed keys (`this.items[*]`, `this[kSocket]`, pathOf). */
const ELEMENT_PATH = /^[\w$#]+(\[(\*|[\w$]+)\])?(\.[\w$#]+(\[(\*|[\w$]+)\])?)*$/;

/** The path a value that names one holds (`this.#cache`, `xs[0]`: `xs[*]`, `xs[i]`); undefined for any other value. */
export function aliasedPath(value: Node | null, source: string): string | undefined {
  const path = ALIASED_VALUES.has(value?.type ?? '') ? pathOf(value, source) : undefined;
  if (!path) return undefined;
  if (ELEMENT_PATH.test(path)) return path;
  // `const client = this.mainFrame().client`: a member of what a call returns, as the same path
  // called on in place (`this.mainFrame().client.once()`) is read; not a member of a module a
  // `require()` loads, which is an import binding (typescript-loads.ts).
  if (value!.type !== 'member_expression' || path.length > MAX_CALLED_MEMBER_PATH || path.startsWith('require()')) return undefined;
  return CALLED_MEMBER_PATH.test(path) ? path : undefined;
}

/** A path through calls to a member (`this.mainFrame().client`): names, each maybe called, the last not. */
const CALLED_MEMBER_PATH = /^[\w$#]+(?:\(\))?(?:\.[\w$#]+(?:\(\))?)*\.[\w$#]+$/;
/** How long such a path may be, as a receiver's path through calls is bounded (typescript-calls.ts). */
const MAX_CALLED_MEMBER_PATH = 160;

/**
 * `new Set(this.items)`, no type argument: a set of what the path iterates (pathOf reads through
 * it), which the checker infers from the argument where `new Set<T>(...)` writes it.
 */
export function isSetCopy(value: Node | null, source: string): boolean {
  return value?.type === 'new_expression' && source.startsWith('new Set(', value.startIndex) && value.childForFieldName('arguments')?.namedChildCount === 1;
}

/** Calls that copy what their one argument iterates into an array (pathOf reads through them). */
const COPYING_CALLS = new Set(['Array.from', 'Object.values']);

/**
 * `[...this.pending.values()]`, `Array.from(map.values())`, `Object.values(this.load())`: what the
 * call inside returns, read as its elements are (the form `path()`); undefined for any other value.
 */
export function copiedCallResult(value: Node | null, source: string): string | undefined {
  const copy =
    value?.type === 'array' ||
    isSetCopy(value, source) ||
    (value?.type === 'call_expression' && COPYING_CALLS.has(value.childForFieldName('function')?.text ?? ''));
  if (!copy) return undefined;
  const path = pathOf(value, source);
  return path?.endsWith('()') && NAME_PATH.test(path.slice(0, -2)) ? path : undefined;
}

/**
 * `higher ? v2 : v1`, `result ? innerFrom(result) : EMPTY`, `kept ? kept : new Store()`: a choice
 * between two values that each name a path, call one or construct a class, as the forms `=path`,
 * `path()` and the class's name joined by CHOICE; undefined for any
 * other value. Resolution types it only where both branches reach one type, as the checker's
 * union of two equal types is that type.
 */
export function choiceOf(value: Node | null, source: string): string | undefined {
  if (value?.type !== 'ternary_expression') return undefined;
  const forms: string[] = [];
  for (const field of ['consequence', 'alternative']) {
    const form = heldForm(unparenthesized(value.childForFieldName(field)), source);
    if (!form) return undefined;
    forms.push(form);
  }
  return forms.join(CHOICE);
}

/** A value that names a path, calls one or constructs a class, as the form `=path`, `path()` or the class's name; undefined for any other value. */
function heldForm(value: Node | null, source: string): string | undefined {
  const called = calledPath(value, source);
  if (called) return `${called}()`;
  const path = aliasedPath(value, source);
  return path ? `=${path}` : constructedType(value, source);
}

/**
 * `const children = stores.map((s) => s.child)`, `ids.map((id) => this.load(id))`, `xs.map((x) => new
 * Item(x))`: an array of what the callback's one expression holds, as ARRAY_OF, its parameter read
 * as an element of the receiver (`[=stores[*].child]`), as the checker infers map's result from
 * the callback's return; undefined for any other value (a block body, an annotated or
 * destructured element, a receiver that is no plain path).
 */
export function mappedElements(value: Node | null, source: string): string | undefined {
  if (value?.type !== 'call_expression') return undefined;
  const callee = value.childForFieldName('function');
  if (callee?.type !== 'member_expression' || callee.childForFieldName('property')?.text !== 'map') return undefined;
  const receiver = aliasedPath(callee.childForFieldName('object'), source);
  const args = value.childForFieldName('arguments');
  const callback = args?.namedChildCount === 1 ? args.namedChild(0) : null;
  if (callback?.type !== 'arrow_function') return undefined;
  const parameter = elementParameter(callback);
  // `[...Array(n)].map(() => Connection(options))`: no parameter, so the form is read as written,
  // on an array written in place only: the checker maps nothing on a receiver it types `any`.
  const none = parameter === undefined && callback.childForFieldName('parameters')?.namedChildCount === 0 && arrayInPlace(callee.childForFieldName('object'));
  const body = unparenthesized(callback.childForFieldName('body'));
  const form = ((parameter && receiver) || none) && body && body.type !== 'statement_block' ? heldForm(body, source) : undefined;
  if (!form) return undefined;
  // `=s.child` and `s.load()` read s as an element of the receiver; a form led by anything else keeps its head.
  const at = form.startsWith('=') ? 1 : 0;
  const next = parameter === undefined ? undefined : form[at + parameter.length];
  const led = parameter !== undefined && form.startsWith(parameter, at) && (next === undefined || next === '.' || next === '[');
  return `${ARRAY_OF[0]}${led ? `${form.slice(0, at)}${receiver}[*]${form.slice(at + parameter.length)}` : form}${ARRAY_OF[1]}`;
}

/** `[...]`, `Array(n)`, `new Array(n)`, `Array.from(x)`: an array whatever it holds. */
function arrayInPlace(value: Node | null): boolean {
  const array = unparenthesized(value);
  if (array?.type === 'array') return true;
  if (array?.type !== 'call_expression' && array?.type !== 'new_expression') return false;
  const callee = array.childForFieldName(array.type === 'call_expression' ? 'function' : 'constructor')?.text;
  return callee === 'Array' || (array.type === 'call_expression' && callee === 'Array.from');
}

/** `(s) => ...`, `s => ...`, `(s, i) => ...`: the first parameter's name (the element map hands it), when it is a plain name with no annotation. */
function elementParameter(arrow: Node): string | undefined {
  const bare = arrow.childForFieldName('parameter');
  if (bare) return bare.type === 'identifier' ? bare.text : undefined;
  const first = arrow.childForFieldName('parameters')?.namedChild(0);
  if (first?.type !== 'required_parameter' || first.childForFieldName('type')) return undefined;
  const pattern = first.childForFieldName('pattern');
  return pattern?.type === 'identifier' ? pattern.text : undefined;
}

/**
 * `const PLUGINS = [alpha, beta] as const`, `const stores = [open(), cached]`: an array of what
 * its elements hold, each a form heldForm reads, as ARRAY_OF (`[=alpha | =beta]`). Resolution
 * types it as a collection where every element reaches one type, as the checker's element type
 * (the union of the elements' types) is that type; undefined for an empty literal, a spread or
 * any other element.
 */
export function arrayOfHeld(value: Node | null, source: string): string | undefined {
  return formsOf(value, 'array', ARRAY_OF, (item) => heldForm(unparenthesized(item), source));
}

/**
 * `const loaders = { query, mutation }`, `{ a, second: b }`: an object literal whose every member
 * holds a plain name, as OBJECT_OF those names (`{[=query | =mutation]}`): a member picked by a
 * computed key (`loaders[op.type].load()`) is the one type every member reaches, as the checker
 * types the union of the members, and nothing else reads it; undefined for an empty literal, a
 * spread, a method or any other value (`{ store: new Store() }` keeps its members' own types,
 * typescript-objects.ts).
 */
export function objectOfNames(value: Node | null, source: string): string | undefined {
  return formsOf(value, 'object', OBJECT_OF, (member) => {
    const name = member.type === 'shorthand_property_identifier' ? member : member.type === 'pair' ? member.childForFieldName('value') : null;
    return name?.type === 'identifier' || name?.type === 'shorthand_property_identifier' ? `=${source.slice(name.startIndex, name.endIndex)}` : undefined;
  });
}

/** The forms of a literal's items (`[a, b] as const` too) joined in `wrap`, each once; undefined for an empty literal or an item `formOf` refuses. */
function formsOf(
  value: Node | null,
  type: 'array' | 'object',
  wrap: readonly [string, string],
  formOf: (item: Node) => string | undefined,
): string | undefined {
  const literal = value?.type === 'as_expression' && value.lastChild?.text === 'const' ? value.namedChild(0) : value;
  if (literal?.type !== type || literal.namedChildCount === 0 || literal.namedChildCount > MAX_ARRAY_ELEMENTS) return undefined;
  const forms = new Set<string>();
  for (const item of literal.namedChildren) {
    if (!item || item.type === 'comment') continue;
    const form = formOf(item);
    if (!form) return undefined;
    forms.add(form);
  }
  return forms.size > 0 ? `${wrap[0]}${[...forms].join(CHOICE)}${wrap[1]}` : undefined;
}

/** Values an own member of a spread literal may hold: no member of them is a workspace type's. */
const PLAIN_MEMBER_VALUES = new Set(['string', 'number', 'true', 'false', 'null', 'undefined', 'template_string', 'regex', 'unary_expression']);

/** How many members of a literal are read for its spread. */
const MAX_SPREAD_MEMBERS = 32;

/**
 * `const options = { pkce: true, ...userOptions }`: the path of the one value spread into the
 * literal, whose members the literal has (the checker's spread type) but for its own; undefined
 * when it spreads none or more than one, or writes a member whose value may be a workspace type
 * (`{ ...base, store: other }`) or a function (the literal's own method, typescript-objects.ts),
 * which the spread's type would misname.
 */
export function spreadOf(value: Node | null, source: string): string | undefined {
  if (value?.type !== 'object' || value.namedChildCount > MAX_SPREAD_MEMBERS) return undefined;
  let spread: string | undefined;
  for (const member of value.namedChildren) {
    if (member?.type === 'spread_element') {
      const path = spread === undefined ? aliasedPath(member.namedChild(0), source) : undefined;
      if (!path) return undefined;
      spread = path;
    } else if (member?.type === 'pair') {
      const held = member.childForFieldName('value');
      if (!held || !PLAIN_MEMBER_VALUES.has(held.type)) return undefined;
    } else if (member?.type !== 'comment') return undefined;
  }
  return spread;
}
