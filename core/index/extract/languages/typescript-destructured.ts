// `const { gen, schema: s } = cxt`: each name a destructuring binds from a plain path holds that
// path's member of the same key, typed as the member is declared (the `=path` form of
// extract-types.ts DeclaredType), and `const { store } = pair()` the members of what the call
// returns, a nested pattern's through its key (`const { hooks: { use } } = options`). Only plain
// keys: a computed key types nothing; a default (`{ store = fallback }`) the key's value where the object has one.
// `const [port, store] = await Promise.all([open(), new Store()])`: each name holds what the
// element in its place gives once awaited.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { constructedType, ELEMENT_PATH } from './typescript-types.ts';
import { calledPath, isModuleLoad, pathOf } from './typescript-paths.ts';
import { aliasedPath, aliasedValue } from './typescript-values.ts';
import { patternKeys } from './typescript-contextual.ts';

/** Values a pattern's names are read from as a path's members: a name, a path, `this`, an element. */
const DESTRUCTURED_VALUES = new Set(['identifier', 'member_expression', 'this', 'subscript_expression']);
/** Keys read per pattern: a pattern past this many is read no further. */
const MAX_KEYS = 256;

export function declareDestructured(declarator: Node, pattern: Node, { b, source }: FileContext): void {
  const value = declarator.childForFieldName('value');
  // `const { store } = pair()`: the members of what the call returns (`=pair().store`).
  // A module load (`const { x } = require('./x')`) binds imports instead (typescript-loads.ts).
  const called = value?.type === 'call_expression' && !isModuleLoad(value) ? calledPath(value, source) : undefined;
  // `const { _buffer, _timestampProvider } = this`: the class's fields, as `this._buffer` names them.
  // `let { type } = this.next[i]`: an element's (`this.next[*].type`), as a receiver's element is read.
  if (!called && !DESTRUCTURED_VALUES.has(value?.type ?? '')) return;
  const path = called ? `${called}()` : pathOf(value!, source);
  if (!path || !(called || ELEMENT_PATH.test(path))) return;
  // Placed before the declarator, as a plain declarator's type is, so the names are the enclosing function's.
  for (const [key, local] of patternKeys(pattern)) b.declareType('local', local, `=${path}.${key}`, declarator, false, declarator.startIndex - 1);
}

/** The nodes of a pattern or an array literal by position: holes (`[, b]`) count; undefined past a spread or a bound. */
function byPosition(list: Node, rest = false): Array<Node | undefined> | undefined {
  const out: Array<Node | undefined> = [undefined];
  for (const child of list.children) {
    if (!child || child.type === '[' || child.type === ']') continue;
    if (child.type === ',') out.push(undefined);
    else if (rest && child.type === 'rest_pattern') out[out.length - 1] = child;
    else if (child.type === 'spread_element' || child.type === 'rest_pattern' || out.length > MAX_KEYS) return undefined;
    else if (child.type !== 'comment') out[out.length - 1] = child;
  }
  return out;
}

/**
 * The names an array pattern binds: `const [first, second] = this.items`, each an element of the
 * path; `const [parser, grammar] = await Promise.all([parserFor(g), compile(g)])`, each what the
 * call or `new` in its place gives once awaited (`parserFor()`, read through a declared
 * `Promise<X>` as `await parserFor()` is), as the checker types the awaited tuple.
 */
export function declareArrayPattern(declarator: Node, pattern: Node, { b, source }: FileContext): void {
  const value = declarator.childForFieldName('value');
  // An element of a path that is no collection types nothing (a declared tuple is not one).
  const path = aliasedPath(aliasedValue(value), source);
  if (path && !path.endsWith(']')) {
    for (const name of byPosition(pattern, true) ?? []) {
      if (name?.type === 'identifier') b.declareType('local', name.text, `${path}[*]`, declarator, false, declarator.startIndex - 1);
      // `const [head, ...rest] = this.items`: the rest is a collection of the same elements.
      const rest = name?.type === 'rest_pattern' ? name.namedChild(0) : null;
      if (rest?.type === 'identifier') b.declareType('local', rest.text, `=${path}`, declarator, false, declarator.startIndex - 1);
    }
    return;
  }
  // `const [store, cache] = openBoth()` with `openBoth(): [Store, Cache]`: each name is the
  // member at its place of what the call returns (typescript-signatures.ts tupleMembers), read
  // through a local no source can write that holds the call's result.
  const called = value?.type === 'call_expression' || value?.type === 'await_expression' ? calledPath(value, source) : undefined;
  if (called && !called.startsWith('#') && called !== 'Promise.all') {
    const result = `#${declarator.startIndex}`;
    b.declareType('local', result, `${called}()`, declarator, false, declarator.startIndex - 1);
    (byPosition(pattern) ?? []).forEach((name, i) => {
      if (name?.type === 'identifier') b.declareType('local', name.text, `=${result}[${i}]`, declarator, false, declarator.startIndex - 1);
    });
    return;
  }
  const call = value?.type === 'await_expression' ? value.namedChild(0) : null;
  const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (callee?.type !== 'member_expression' || source.slice(callee.startIndex, callee.endIndex) !== 'Promise.all') return;
  const args = call!.childForFieldName('arguments');
  const list = args?.namedChildCount === 1 ? args.namedChild(0) : null;
  const names = pattern && list?.type === 'array' ? byPosition(pattern) : undefined;
  const elements = names && byPosition(list!);
  if (!names || !elements) return;
  names.forEach((name, i) => {
    const element = elements[i];
    if (name?.type !== 'identifier' || !element) return;
    const called = calledPath(element, source);
    const type = called ? `${called}()` : constructedType(element, source);
    if (type) b.declareType('local', name.text, type, declarator, false, declarator.startIndex - 1);
  });
}
