// What a function with no declared return type returns, when its own return statements say it
// literally: every value returned is `new X(...)` of one class X, or nothing, `null`,
// `undefined` or a plain name (`if (v instanceof X) return v`); or, with nothing constructed,
// every value returned is one and the same name, path or call (`return subject$`, `() => cache`,
// `return this._store` from each branch), typed as that name or path is declared (the `=path`
// form of extract-types.ts DeclaredType) or as the call's callee declares; names, paths and
// calls that differ are a choice, typed where they all reach one type. A body that is one
// return statement, or an arrow's expression, returns that value, `this` too. The checker infers
// the return type from the same statements; no other expression is read, so nothing is guessed.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { CHOICE, RECEIVER_ITSELF } from '../../extract-types.ts';
import { constructedType, ELEMENT_PATH, NAME_PATH } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';
import { constructsWithin, matchesBetween, spend } from './inference-budget.ts';
import { jsdocCast } from './typescript-jsdoc-casts.ts';

/** The value a return statement returns: its first named child that is no comment (a cast's comment stands before the value). */
function returnedNode(statement: Node): Node | null {
  for (const child of statement.namedChildren) if (child && child.type !== 'comment') return child;
  return null;
}

/** What a parenthesized return is read through to (`return (this._pub)`): one value, never a sequence. */
const PARENTHESIZED_VALUES = new Set(['identifier', 'this', 'member_expression', 'call_expression', 'new_expression', 'await_expression']);
/** Nodes read per function body (a node's children counted when it is read): a body past this many is not looked into. */
const MAX_NODES = 4_000;
const NESTED_SCOPES = new Set([
  'function_declaration',
  'function_expression',
  'arrow_function',
  'generator_function',
  'generator_function_declaration',
  'class_declaration',
  'class',
  'method_definition',
]);
const PASSED_THROUGH = new Set(['null', 'undefined']);

/** The one class every value `fn` returns is constructed as, else the one name it returns (`=name`); undefined otherwise, or when fn declares its type. */
export function constructedReturnOf(b: ExtractionBuilder, fn: Node, source: string): string | undefined {
  if (fn.childForFieldName('return_type')) return undefined;
  const body = fn.childForFieldName('body');
  if (!body) return undefined;
  if (body.type !== 'statement_block') return returnedValue(body, b, source);
  // A body that is one return statement (a getter, a wrapper handing on a call): what it returns, no walk.
  const only = body.namedChildCount === 1 ? body.namedChild(0) : null;
  if (only?.type === 'return_statement') {
    const value = returnedNode(only);
    return value ? returnedValue(value, b, source) : undefined;
  }
  // Most bodies construct nothing: decided from where the file writes `new`, before any node is read.
  if (!constructsWithin(b, source, body.startIndex, body.endIndex)) return sameReturnOf(b, body, source);
  return walkedReturnOf(b, body, source, () => sameReturnOf(b, body, source));
}

/**
 * The body's own return statements, found by a walk that passes over nested functions: the one
 * class every value returned is constructed as, else the one name returned (`=name`). A value of
 * any other form is `other()`'s to read; undefined past MAX_NODES.
 */
function walkedReturnOf(b: ExtractionBuilder, body: Node, source: string, other: () => string | undefined): string | undefined {
  let found: string | undefined;
  let named: string | undefined;
  let read = 0;
  const pending: Node[] = [body];
  for (let n = pending.pop(); n; n = pending.pop()) {
    // A node's children are charged before they are read: one block of many statements costs its size.
    read += 1 + n.namedChildCount;
    if (read > MAX_NODES || !spend(b, source, { nodes: 1 + n.namedChildCount })) return undefined;
    if (n.type === 'return_statement') {
      const value = returnedNode(n);
      if (value?.type === 'identifier') {
        if (named !== undefined && named !== value.text) named = '';
        else named = value.text;
        continue;
      }
      if (!value || PASSED_THROUGH.has(value.type)) continue;
      const type = constructedForm(value, b, source);
      // `this._pub = new Key(); return this._pub`: a body that constructs and returns a path is
      // typed as every return says, as a body that constructs nothing is.
      if (!type) return other();
      if (found !== undefined && found !== type) return undefined;
      found = type;
      continue;
    }
    for (const child of n.namedChildren) if (child && !NESTED_SCOPES.has(child.type)) pending.push(child);
  }
  return found ?? (named ? `=${named}` : undefined);
}

const RETURN = /\breturn\b/g;
/** Return statements read in a body that constructs nothing: a body with more is not typed. */
const MAX_RETURNS = 8;
/** How deep a return statement is looked for below its body. */
const MAX_RETURN_DEPTH = 32;

/**
 * A body that constructs nothing returns one thing when every value it returns says the same (the
 * same name or path held, the same call): `if (!this._socket) return this._socket; ...; return
 * this._socket` is typed as `this._socket` is, as the checker infers it. Values that say different
 * things (`return session?.currentBinding` and `return binding`) are kept as a choice (CHOICE),
 * which resolution types only where every one reaches the same type, as the checker's union of
 * one type is that type. The return statements are found where the text writes `return`, and each
 * is reached from the body down, so a return of a function nested in it (a different scope) is
 * told apart without reading the rest of the body.
 */
function sameReturnOf(b: ExtractionBuilder, body: Node, source: string): string | undefined {
  const places = matchesBetween(b, source, RETURN, body.startIndex, body.endIndex, MAX_RETURNS);
  // More `return`s written than are read one by one, most of them a nested function's (`const api =
  // { get() { return ... }, ... }; return api`): the body's own are found by a walk instead.
  if (!places) return walkedReturnOf(b, body, source, () => undefined);
  if (!places.length) return undefined;
  const forms = new Set<string>();
  for (const at of places) {
    // A return left unread could return something else: a spent budget types nothing.
    if (!spend(b, source, { nodes: MAX_RETURN_DEPTH })) return undefined;
    const keyword = body.descendantForIndex(at);
    // `return` in a string, a comment or a name is no statement.
    if (keyword?.type !== 'return') continue;
    const statement = statementOfReturn(body, keyword);
    if (statement === null) return undefined;
    if (!statement) continue;
    const value = returnedNode(statement);
    if (!value || PASSED_THROUGH.has(value.type)) continue;
    const returned = returnedValue(value, b, source);
    // `this` in one branch and a path in another: the choice would be read in two scopes.
    if (!returned || (forms.size > 0 && (returned === RECEIVER_ITSELF) !== forms.has(RECEIVER_ITSELF))) return undefined;
    forms.add(returned);
  }
  return forms.size > 0 ? [...forms].join(CHOICE) : undefined;
}

/**
 * The return statement a `return` keyword begins, when it returns from the body's own function;
 * undefined for one of a function nested in it; null when the way down is past MAX_RETURN_DEPTH.
 */
function statementOfReturn(body: Node, keyword: Node): Node | undefined | null {
  let node = body;
  for (let depth = 0; depth < MAX_RETURN_DEPTH; depth++) {
    const child = node.childWithDescendant(keyword);
    if (!child || child.id === node.id) return null;
    if (NESTED_SCOPES.has(child.type)) return undefined;
    if (child.type === 'return_statement') return child.firstChild?.id === keyword.id ? child : undefined;
    node = child;
  }
  return null;
}

/** What one returned value says of the type: a class constructed, a name or path held (`=path`), a call (`path()`), `this`. */
function returnedValue(value: Node, b: ExtractionBuilder, source: string): string | undefined {
  if (value.type === 'await_expression') value = value.namedChild(0) ?? value;
  switch (value.type) {
    case 'identifier':
      return `=${value.text}`;
    case 'this':
      return RECEIVER_ITSELF;
    case 'member_expression': {
      const path = pathOf(value, source);
      return path && NAME_PATH.test(path) ? `=${path}` : undefined;
    }
    case 'subscript_expression': {
      // `return this.stack[this.stack.length - 1]`: an element of the path (`this.stack[*]`), as a receiver's is read.
      const path = pathOf(value, source);
      return path && ELEMENT_PATH.test(path) ? `=${path}` : undefined;
    }
    case 'call_expression': {
      const called = calledPath(value, source);
      return called ? `${called}()` : undefined;
    }
    case 'parenthesized_expression': {
      // `return (this._pubCache)`: the value inside, unless a doc comment before it casts it.
      const inner = value.namedChild(0);
      return constructedForm(value, b, source) ?? (inner && PARENTHESIZED_VALUES.has(inner.type) ? returnedValue(inner, b, source) : undefined);
    }
    default:
      return constructedForm(value, b, source);
  }
}

/**
 * `new Store()`: Store; `new this()` in a static method (`static create() { return new this() }`):
 * an instance of the class the method is on, the form RECEIVER_ITSELF (as `self() { return this }` in a
 * method is), which the checker types as that class; in JavaScript, `/** @type {Source[]} *\/
 * (this._children)`, the type cast to (typescript-jsdoc-casts.ts).
 */
function constructedForm(value: Node, b: ExtractionBuilder, source: string): string | undefined {
  if (value.type === 'new_expression' && value.childForFieldName('constructor')?.type === 'this') return RECEIVER_ITSELF;
  return jsdocCast(value, { b, source }) ?? constructedType(value, source);
}
