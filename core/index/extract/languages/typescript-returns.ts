// What a function with no declared return type returns, when its own return statements say it
// literally: every value returned is `new X(...)` of one class X, or nothing, `null`,
// `undefined` or a plain name (`if (v instanceof X) return v`); or, with nothing constructed,
// every value returned is one and the same name (`return subject$`, `() => cache`), typed as
// that name is declared (the `=path` form of extract-types.ts DeclaredType). A body that is one
// return statement, or an arrow's expression, may also return a path (`return this._store`), a
// call (`() => createStore()`, what that call's callee declares) or `this`. The checker infers
// the return type from the same statements; no other expression is read, so nothing is guessed.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { constructedType, NAME_PATH } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';
import { constructsWithin, spend } from './inference-budget.ts';

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
  if (body.type !== 'statement_block') return returnedValue(body, source);
  // A body that is one return statement (a getter, a wrapper handing on a call): what it returns, no walk.
  const only = body.namedChildCount === 1 ? body.namedChild(0) : null;
  if (only?.type === 'return_statement') {
    const value = only.namedChild(0);
    return value ? returnedValue(value, source) : undefined;
  }
  // Most bodies construct nothing: decided from where the file writes `new`, before any node is read.
  if (!constructsWithin(b, source, body.startIndex, body.endIndex)) return undefined;
  let found: string | undefined;
  let named: string | undefined;
  let read = 0;
  const pending: Node[] = [body];
  for (let n = pending.pop(); n; n = pending.pop()) {
    // A node's children are charged before they are read: one block of many statements costs its size.
    read += 1 + n.namedChildCount;
    if (read > MAX_NODES || !spend(b, source, { nodes: 1 + n.namedChildCount })) return undefined;
    if (n.type === 'return_statement') {
      const value = n.namedChild(0);
      if (value?.type === 'identifier') {
        if (named !== undefined && named !== value.text) named = '';
        else named = value.text;
        continue;
      }
      if (!value || PASSED_THROUGH.has(value.type)) continue;
      const type = constructedForm(value, source);
      if (!type || (found !== undefined && found !== type)) return undefined;
      found = type;
      continue;
    }
    for (const child of n.namedChildren) if (child && !NESTED_SCOPES.has(child.type)) pending.push(child);
  }
  return found ?? (named ? `=${named}` : undefined);
}

/** What one returned value says of the type: a class constructed, a name or path held (`=path`), a call (`path()`), `this`. */
function returnedValue(value: Node, source: string): string | undefined {
  if (value.type === 'await_expression') value = value.namedChild(0) ?? value;
  switch (value.type) {
    case 'identifier':
    case 'this':
      return `=${value.text}`;
    case 'member_expression': {
      const path = pathOf(value, source);
      return path && NAME_PATH.test(path) ? `=${path}` : undefined;
    }
    case 'call_expression': {
      const called = calledPath(value, source);
      return called ? `${called}()` : undefined;
    }
    default:
      return constructedForm(value, source);
  }
}

/**
 * `new Store()`: Store; `new this()` in a static method (`static create() { return new this() }`):
 * an instance of the class the method is on, the form `=this` (as `self() { return this }` in a
 * method is), which the checker types as that class.
 */
function constructedForm(value: Node, source: string): string | undefined {
  if (value.type === 'new_expression' && value.childForFieldName('constructor')?.type === 'this') return '=this';
  return constructedType(value, source);
}
