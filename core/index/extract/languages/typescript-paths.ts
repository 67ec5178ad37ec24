// Paths as TypeScript and JavaScript write them, read char by char from the source: a receiver
// or value path (`this.client.getCache().build`, `xs[i]`, `this[kSocket]`) and the path a call
// calls, for the declared-type forms resolution reads (declared-types.ts).
import type { Node } from 'web-tree-sitter';
import { unquote } from './language-module.ts';
import { KEY_DOT } from '../../extract-types.ts';

const MAX_PATH_CHARS = 200;
const MAX_PATH_SEGMENTS = 6;

/** `[\w$#]` by char code: a path is read char by char, and a regex per char costs more than the read. */
export function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 35;
}

export function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * A receiver or callee as a path: `a.b`, `this.#x.y`, calls in it with their arguments
 * dropped (`this.client.getCache()`, `find().map`) and elements with their index dropped
 * (`this.items[0]` is `this.items[*]`); undefined for anything else (a quoted key, a
 * literal, type arguments, a parenthesized expression). Read from the source text in one
 * linear pass (a chain of calls would otherwise be walked node by node once per link), and
 * not at all past 1,024 characters (arguments that long are rarely in a typed path).
 */
export function pathOf(node: Node | null, source: string): string | undefined {
  return node ? pathBetween(source, node.startIndex, node.endIndex, true) : undefined;
}

/**
 * `Object.values(`: what follows, a path up to its closing parenthesis, gives the values of that
 * path (a record's, a map's or an array's elements: the collection's own, as the checker types
 * `Object.values(x)` for `x: Record<K, V>` or `V[]`).
 */
const VALUES_OF = 'Object.values(';
/** `Array.from(x)`, one argument: an array of what x iterates, x's elements as the checker types them. */
const ARRAY_FROM = 'Array.from(';
/** `new Set(x)`, one argument, no type argument: a set of what x iterates, as ARRAY_FROM. */
const NEW_SET = 'new Set(';
/** `[...x]`, one spread: an array of what x iterates, as ARRAY_FROM. */
const SPREAD = '...';
const AWAIT = 'await';

/**
 * A value read as the path inside it: `Object.values(x)` (x's values, VALUES_OF), `Array.from(x)`,
 * `new Set(x)` and `[...x]` (a copy of x's elements: `[...this.sockets].forEach((s) => s.close())` on a
 * `Set<Socket>`), and `(await x)` (what x settles to: a declared `Promise<X>` is read as X,
 * typescript-types.ts annotatedType). The inner path is the whole argument or spread: a second
 * argument (`Array.from(x, f)`, which maps) or element (`[...a, ...b]`) is no path. The range of
 * the inner path and where the value ends; undefined when the text is none of these.
 */
function leadingValue(source: string, i: number, end: number): { from: number; to: number; next: number } | undefined {
  const call = [VALUES_OF, ARRAY_FROM, NEW_SET].find((prefix) => source.startsWith(prefix, i));
  if (call) {
    const next = closingBracket(source, i + call.length - 1, end, '(', ')');
    return next < 0 ? undefined : { from: i + call.length, to: next - 1, next };
  }
  if (source[i] === '[') {
    let k = i + 1;
    while (k < end && isSpace(source.charCodeAt(k))) k++;
    if (!source.startsWith(SPREAD, k)) return undefined;
    const next = closingBracket(source, i, end, '[', ']');
    return next < 0 ? undefined : { from: k + SPREAD.length, to: next - 1, next };
  }
  if (source[i] !== '(') return undefined;
  let k = i + 1;
  while (k < end && isSpace(source.charCodeAt(k))) k++;
  const next = closingBracket(source, i, end, '(', ')');
  if (next < 0) return undefined;
  if (source.startsWith(AWAIT, k) && isSpace(source.charCodeAt(k + AWAIT.length))) return { from: k + AWAIT.length, to: next - 1, next };
  // `(this.delegate || Date).now()`, `(a ?? b).m()`: a member of the left operand's type, which the
  // checker's union of both holds (as `const x = a ?? b` is typed as `a`, typescript-values.ts aliasedValue).
  const fallback = fallbackAt(source, k, next - 1);
  if (fallback >= 0) return { from: k, to: fallback, next };
  // `(pending ? a : b).m()`: a member of the first branch's type, which the checker's union of both holds.
  const branch = firstBranchOf(source, k, next - 1);
  return branch && { ...branch, next };
}

/** The first branch of a `c ? a : b` standing between `from` and `to` outside any bracket; undefined for any other text. */
function firstBranchOf(source: string, from: number, to: number): { from: number; to: number } | undefined {
  let depth = 0;
  let question = -1;
  for (let i = from; i < to; i++) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === "'" || c === '"' || c === '`') return undefined;
    else if (depth !== 0) continue;
    else if (c === '?' && question < 0 && source[i + 1] !== '.' && source[i + 1] !== '?') question = i;
    else if (c === '?' || (c === ':' && question < 0)) return undefined;
    else if (c === ':') return { from: question + 1, to: i };
  }
  return undefined;
}

/** Where the first `||` or `??` outside any bracket stands between `from` and `to`; -1 when none does. */
function fallbackAt(source: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to - 1; i++) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && (c === '|' || c === '?') && source[i + 1] === c) return i;
    else if (c === "'" || c === '"' || c === '`') return -1;
  }
  return -1;
}

function pathBetween(source: string, start: number, end: number, leading: boolean): string | undefined {
  let i = start;
  if (end - i > 1024) return undefined;
  const segments: string[] = [];
  const at = (k: number) => (k < end ? source[k] : '');
  const skipSpace = () => {
    while (i < end && isSpace(source.charCodeAt(i))) i++;
  };
  skipSpace();
  // `Object.values(this.handlers).forEach(...)`, `(await this.open()).run()`: the inner path leads
  // (one level: what is inside is read as a plain path only).
  const lead = leading ? leadingValue(source, i, end) : undefined;
  if (lead) {
    const inner = pathBetween(source, lead.from, lead.to, false);
    // `(await import('./x')).f()` is a member of the module loaded (typescript-calls.ts loadedModuleReceiver).
    if (!inner || inner.startsWith('import()')) return undefined;
    segments.push(...inner.split('.'));
    i = lead.next;
    skipSpace();
    if (at(i) === '[') {
      i = closingBracket(source, i, end, '[', ']');
      if (i < 0) return undefined;
      segments.push(`${segments.pop()!}[*]`);
      skipSpace();
    }
    if (i >= end) return joined(segments);
    if (at(i) === '?' && at(i + 1) === '.') i += 2;
    else if (at(i) === '.') i++;
    else return undefined;
  }
  for (;;) {
    skipSpace();
    const from = i;
    while (i < end && isWordChar(source.charCodeAt(i))) i++;
    if (i === from) return undefined;
    let segment = source.slice(from, i);
    skipSpace();
    if (at(i) === '!') i++;
    skipSpace();
    // `fromEvent<T>(target).pipe()`: type arguments before a call's arguments are skipped; an arrow
    // inside them (`<(x: T) => U>`) closes early, where no `(` follows, which is a refusal.
    if (at(i) === '<') {
      i = closingBracket(source, i, end, '<', '>');
      if (i < 0) return undefined;
      skipSpace();
      if (at(i) !== '(') return undefined;
    }
    // Arguments and an index are skipped by depth; a bracket inside a string may unbalance them,
    // which ends in a refusal, never a path.
    if (at(i) === '(') {
      i = closingBracket(source, i, end, '(', ')');
      if (i < 0) return undefined;
      segment += '()';
      skipSpace();
      if (at(i) === '!') i++;
      skipSpace();
    }
    // `this[PropertySymbol.items][0]`: a second index reads what the first gives, as a segment of
    // its own with no name (`this[PropertySymbol:items].[*]`).
    for (let index = 0; index < MAX_INDEXES; index++) {
      // `parent?.[key]`, `items?.[0]`: an optional index reads as a plain one.
      if (at(i) === '?' && at(i + 1) === '.' && at(i + 2) === '[') i += 2;
      if (at(i) !== '[') break;
      if (index > 0) {
        segments.push(segment);
        segment = '';
      }
      // `this.items[0]`: an element (`[*]`); `xs[i]`, `this[kSocket]`: an element or, on a value
      // that is no collection, the member declared under that computed key (`[kSocket]: Socket`),
      // kept as `[i]` for resolution to tell apart (declared-types.ts). A quoted key names a
      // member, not an element: one a name could be is that member (`formats['rfc4253']`, as
      // `formats.rfc4253`); any other is no path.
      let j = i + 1;
      while (j < end && isSpace(source.charCodeAt(j))) j++;
      if (source[j] === "'" || source[j] === '"' || source[j] === '`') {
        // The closing quote is looked for no further than a member's name can reach.
        let k = j + 1;
        const limit = Math.min(end, k + MAX_KEY_CHARS + 1);
        while (k < limit && source[k] !== source[j]) k++;
        const name = k < limit && source[k] === source[j] ? source.slice(j + 1, k++) : '';
        while (k < end && isSpace(source.charCodeAt(k))) k++;
        if (source[k] !== ']' || !isMemberKey(name)) return undefined;
        // After an index (`a[0]['x']`) the segment is already pushed: none is left empty.
        if (segment !== '') segments.push(segment);
        segment = name;
        i = k + 1;
        skipSpace();
        if (at(i) === '!') i++;
      } else {
        const keyStart = j;
        while (j < end && isWordChar(source.charCodeAt(j))) j++;
        // `this[PropertySymbol.ownerDocument]`: a key path of up to three names, as a member is
        // declared under (`[PropertySymbol.ownerDocument]: Document`, subscriptMemberName).
        for (let dots = 0; dots < 2 && source[j] === '.' && j + 1 < end && isWordChar(source.charCodeAt(j + 1)); dots++) {
          j++;
          while (j < end && isWordChar(source.charCodeAt(j))) j++;
        }
        const key = source.slice(keyStart, j);
        const keyed = source[j] === ']' && key.length > 0 && key.length <= MAX_KEY_CHARS && !isDigit(key.charCodeAt(0));
        i = closingBracket(source, i, end, '[', ']');
        if (i < 0) return undefined;
        segment += keyed ? `[${inPath(key)}]` : '[*]';
        skipSpace();
        if (at(i) === '!') i++;
      }
    }
    segments.push(segment);
    if (segments.length > MAX_PATH_SEGMENTS) return undefined;
    skipSpace();
    if (i >= end) break;
    if (at(i) === '?' && at(i + 1) === '.') i += 2;
    else if (at(i) === '.') i++;
    else return undefined;
  }
  return joined(segments);
}

function joined(segments: string[]): string | undefined {
  const path = segments.join('.');
  return path.length <= MAX_PATH_CHARS && segments.length <= MAX_PATH_SEGMENTS ? path : undefined;
}

/** A quoted key read as a member's name (`['rfc4253']`): what a name could be. */
const QUOTED_MEMBER = /^[A-Za-z_$][\w$]*$/;

/** Whether a key (`rfc4253` in `formats['rfc4253']`) is one a path holds as a member's name. */
export function isMemberKey(key: string): boolean {
  return key.length <= MAX_KEY_CHARS && QUOTED_MEMBER.test(key);
}

/**
 * A computed key as a receiver path holds it: its dots written KEY_DOT (extract-types.ts), so the
 * path still splits at its own (`this[PropertySymbol:ownerDocument]`).
 */
export function inPath(key: string): string {
  return key.replaceAll('.', KEY_DOT);
}

/** Indexes read in a row on one segment (`a[k][0]`). */
const MAX_INDEXES = 3;

/** How long a computed key kept in a path may be (`[kWebSocket]`). */
const MAX_KEY_CHARS = 64;

/** `[kSocket]`, the form pathOf keeps a computed key in, for an index that is a name; undefined for any other index. */
export function computedKey(index: Node | null): string | undefined {
  return index?.type === 'identifier' && index.endIndex - index.startIndex <= MAX_KEY_CHARS ? `[${index.text}]` : undefined;
}

/**
 * The name of the member a call through a subscript reaches: a quoted key a name could be as that
 * name (`interceptor['predicate']()`, a protected member reached from outside); a computed key as
 * its declaration carries it (`df[_.tarballFromResolved]()` reaches `[_.tarballFromResolved] () {}`,
 * `it[Symbol.iterator]()`), a name or a path of two or three names in brackets; undefined for any
 * other index.
 */
export function subscriptMemberName(index: Node | null): string | undefined {
  if (index?.type === 'string') {
    const key = unquote(index.text);
    return isMemberKey(key) ? key : undefined;
  }
  if (index?.type !== 'member_expression') return computedKey(index);
  const text = index.endIndex - index.startIndex <= MAX_KEY_CHARS ? index.text : '';
  return KEY_PATH.test(text) ? `[${text}]` : undefined;
}

/** A computed key's path: two or three names, no space, no call, no nested key. */
const KEY_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*){1,2}$/;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The position after the bracket closing the one at `from`, or -1 when none closes it before `end`. */
export function closingBracket(source: string, from: number, end: number, open: string, close: string): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = source[i];
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
  }
  return -1;
}

/** Whether `assignment` is a statement of the module itself, at its top (`module.exports = x;`, not one inside a function). */
export function isTopStatement(assignment: Node | null, parentOf: (node: Node) => Node | null): boolean {
  const statement = assignment && parentOf(assignment);
  return statement?.type === 'expression_statement' && parentOf(statement)?.type === 'program';
}

/** How many parentheses around a value are read through. */
const MAX_PARENTHESES = 4;

/** `((x))`: the value inside its parentheses, a few deep; the node itself when it has none. */
export function unparenthesized(node: Node | null): Node | null {
  for (let i = 0; node?.type === 'parenthesized_expression' && i < MAX_PARENTHESES; i++) node = node.namedChild(0);
  return node;
}

const UNWRAPPED_CALL_HOLDERS = new Set(['parenthesized_expression', 'assignment_expression', 'await_expression', 'non_null_expression']);

/** The call a value is: `(this.#r = createRetryer(...))`, `await open()`, `this.data.get(key)!` read through; null when it is none. */
export function heldCall(value: Node | null): Node | null {
  // `(this.#r = createRetryer(...))`: the value is the assignment's; `await open()`: what open's
  // declared promise holds (returnedType); `this.data.get(key)!`: the call's, null aside.
  for (let i = 0; i < 4 && value !== null && UNWRAPPED_CALL_HOLDERS.has(value.type); i++) {
    value = value.type === 'assignment_expression' ? value.childForFieldName('right') : value.namedChild(0);
  }
  return value?.type === 'call_expression' ? value : null;
}

/** `f(...)`, `a.b(...)`, `this.x.y(...)`, `a.b().c(...)`: the called path, for a local typed by the callee's declared return type. */
export function calledPath(value: Node | null, source: string): string | undefined {
  value = heldCall(value);
  if (value === null) return undefined;
  const fn = commaCallee(value.childForFieldName('function'));
  // `require('./streams')(stream)`: the module's default export, bound at the load (typescript-loads.ts requireCall).
  if (fn?.type === 'call_expression' && isRequire(fn)) return requiredModuleName(fn);
  // `require('./util').debuglog('stream')`: the member of the module loaded in place.
  const loaded = fn?.type === 'member_expression' && source.startsWith('require', fn.startIndex) ? requiredPath(fn) : undefined;
  if (loaded !== undefined) return loaded;
  const path = fn && (fn.type === 'identifier' || fn.type === 'member_expression') ? pathOf(fn, source) : undefined;
  // `Object.values(registry)`, `Array.from(sockets)` are no calls of the workspace's: they are
  // registry's values and an array of sockets' elements (pathOf).
  return path === 'Object.values' || path === 'Array.from' ? undefined : path;
}

/**
 * `(0, util_1.make)`, as TypeScript's and Babel's CommonJS output call an import so that it runs
 * with no receiver: the function after the comma (ECMAScript's comma operator gives its right
 * operand). Any other callee as it is; only a `0` before the comma is read so.
 */
export function commaCallee(fn: Node | null): Node | null {
  const inner = unparenthesized(fn);
  return inner?.type === 'sequence_expression' && inner.namedChildCount === 2 && inner.namedChild(0)?.text === '0' ? inner.namedChild(1) : fn;
}

/**
 * `require('x')`, `import('x')`: a module binding, not a callable. A call on what a load gives
 * (`require('./util').debuglog('stream')`) is not one: its result is whatever that call returns.
 */
export function isModuleLoad(value: Node): boolean {
  if (value.type !== 'call_expression') return false;
  const callee = value.childForFieldName('function');
  return callee?.type === 'import' || (callee?.type === 'identifier' && callee.text === 'require');
}

/** The name `require(...)` at this place binds its module to when the module is called in place (typescript-loads.ts requireCall). */
export function requiredModuleName(load: Node): string {
  return `#require${load.startIndex}`;
}

/** Members read on a module loaded in place (`require('./x').a.b`: two). */
const MAX_REQUIRED_MEMBERS = 5;

/**
 * `require('./provider').tools.reset`: the path from the name the load binds its module to in
 * place (typescript-loads.ts requireCall), `#require12.tools.reset`; `require('./x')` alone is
 * `#require12`. Undefined for any other value.
 */
export function requiredPath(value: Node | null): string | undefined {
  const names: string[] = [];
  let at = value;
  while (at?.type === 'member_expression' && names.length < MAX_REQUIRED_MEMBERS) {
    const property = at.childForFieldName('property');
    if (property?.type !== 'property_identifier') return undefined;
    names.push(property.text);
    at = at.childForFieldName('object');
  }
  return at?.type === 'call_expression' && isRequire(at) ? [requiredModuleName(at), ...names.reverse()].join('.') : undefined;
}

/** `require('x')` with a string first: a CommonJS load (typescript-loads.ts requireCall binds it). */
function isRequire(call: Node): boolean {
  const callee = call.childForFieldName('function');
  const first = call.childForFieldName('arguments')?.namedChild(0);
  return callee?.type === 'identifier' && callee.text === 'require' && first?.type === 'string';
}
