// Names bound inside a file's top: a function's parameters, a block's variables, a loop's or a
// catch clause's. A bare call of such a name calls what the binding holds, never the module's
// import or top-level definition of that name (`function build(pretty) { pretty() }` with
// `const pretty = require('./pretty')` above calls the argument), as the checker scopes it.
// Bindings that are definitions of their own (a local function, a class, an arrow held by a
// const) are left to the definitions: resolution finds them before any binding (call-resolution.ts
// nestedInScope), and so is a local holding a load (`const parse = require('./parse')`), which
// the extractor binds as an import, and a name declared with no value that the file assigns a
// load (bindDeclarator).
//
// Read along the extractor's one walk (extract-file.ts), in document order, so no node is looked
// for twice: a block's names are those its declarations bound before the call (a `var` counts
// in the block that declares it, not hoisted), a function's parameters are read when a call in
// it first asks, and a scope the walk has left is dropped.
import type { Node } from 'web-tree-sitter';
import { readingFirst, type FileContext, type NodeHandler } from './language-module.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { isModuleLoad } from './typescript-paths.ts';

const FUNCTIONS = [
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'generator_function',
  'arrow_function',
  'method_definition',
];

/** Values that make a declarator a definition of its own (typescript-declarators.ts). */
const DEFINING_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function', 'class']);

/** Destructuring and load chains are read no deeper than this; a hostile one deeper is read to here. */
const MAX_DEPTH = 32;

interface OpenFunction {
  node: Node;
  end: number;
  /** Its parameters, read when a call inside first asks. */
  parameters?: Set<string>;
}

interface FileScopes {
  /** The functions the walk is inside, outermost first. */
  open: OpenFunction[];
  /** By name: the [start, end] of each block, loop or catch clause binding it, in the order read; those left are dropped. */
  bindings: Map<string, Array<[number, number]>>;
}

const scopesByFile = new WeakMap<ExtractionBuilder, FileScopes>();

function scopesOf(node: Node, f: FileContext): FileScopes {
  let scopes = scopesByFile.get(f.b);
  if (!scopes) scopesByFile.set(f.b, (scopes = { open: [], bindings: new Map() }));
  // The walk is in document order: a function ending before this node is left.
  const { open } = scopes;
  while (open.length > 0 && open.at(-1)!.end <= node.startIndex) open.pop();
  return scopes;
}

/** The language module's handlers, each function, declarator, loop and catch clause also read here before its own handler runs. */
export function withScopes(handlers: Record<string, NodeHandler>): Record<string, NodeHandler> {
  let out = readingFirst(handlers, FUNCTIONS, (node, f) => void scopesOf(node, f).open.push({ node, end: node.endIndex }));
  out = readingFirst(out, ['variable_declarator'], bindDeclarator);
  // `for (const fn of hooks)` binds; `for (fn of hooks)` assigns an outer name.
  out = readingFirst(out, ['for_in_statement'], (node, f) => {
    if (node.childForFieldName('kind')) bindNames(node.childForFieldName('left'), node, f);
  });
  return readingFirst(out, ['catch_clause'], (node, f) => bindNames(node.childForFieldName('parameter'), node, f));
}

function bindDeclarator(declarator: Node, f: FileContext): void {
  const value = declarator.childForFieldName('value');
  if (value && (DEFINING_VALUES.has(value.type) || isLoad(value))) return;
  const name = declarator.childForFieldName('name');
  // `var utils; ... utils = require('./utils')`, compiled CoffeeScript's whole-file closure: a
  // name declared with no value and assigned a load is bound by the extractor as an import.
  // Any other (`let cast; cast = this.castFn; cast(v)`) holds what the function assigns it.
  if (!value && (name?.type !== 'identifier' || loadAssignedNames(f).has(name.text))) return;
  const declaration = f.parentOf(declarator);
  const scope = declaration && f.parentOf(declaration);
  // The module's own names are what resolution reads; `for (let i = 0; ...)` binds in its loop.
  if (!scope || scope.type === 'program' || scope.type === 'export_statement') return;
  bindNames(name, scope, f);
}

/** `= require(`, `= import(`, `= await import(`: an assignment of a load, found by its right side. */
const LOAD_ASSIGNMENT = /=\s*(?:require|(?:await\s+)?import)\s*\(/g;
/** Characters that make the `=` before a load part of another operator (`==`, `<=`, `+=`). */
const NOT_ASSIGNMENT = new Set(['=', '!', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '?']);
const IDENTIFIER_CHAR = /[\w$]/;
/** The keyword a declared name follows, at the end of the few characters before it. */
const DECLARING = /(?:^|[^\w$])(?:const|let|var)\s+$/;

const loadAssignedByFile = new WeakMap<ExtractionBuilder, Set<string>>();

/**
 * The names the file assigns a load to (`utils = require('./utils')`), in one pass over its text
 * the first time a name declared with no value asks. The name is read backwards from the `=` one
 * character at a time, so a long identifier costs its length once, not once per position.
 */
function loadAssignedNames(f: FileContext): Set<string> {
  let names = loadAssignedByFile.get(f.b);
  if (names) return names;
  names = new Set();
  const text = f.source;
  LOAD_ASSIGNMENT.lastIndex = 0;
  for (let m = LOAD_ASSIGNMENT.exec(text); m; m = LOAD_ASSIGNMENT.exec(text)) {
    let end = m.index;
    while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    if (end === 0 || NOT_ASSIGNMENT.has(text[end - 1]!)) continue;
    let start = end;
    while (start > 0 && IDENTIFIER_CHAR.test(text[start - 1]!)) start--;
    // `exports.utils = require(...)` assigns a member, `const utils = require(...)` declares one.
    if (start < end && text[start - 1] !== '.' && !DECLARING.test(text.slice(Math.max(0, start - 7), start))) names.add(text.slice(start, end));
  }
  loadAssignedByFile.set(f.b, names);
  return names;
}

function bindNames(pattern: Node | null, scope: Node, f: FileContext): void {
  const names = new Set<string>();
  patternNames(pattern, names, 0);
  if (names.size === 0) return;
  const { bindings } = scopesOf(scope, f);
  const range: [number, number] = [scope.startIndex, scope.endIndex];
  for (const name of names) {
    const ranges = bindings.get(name);
    if (ranges) ranges.push(range);
    else bindings.set(name, [range]);
  }
}

/** Whether `name`, called bare at `at`, is bound by a scope between the call and the file's top. */
export function boundInScope(at: Node, name: string, f: FileContext): boolean {
  const scopes = scopesOf(at, f);
  const ranges = scopes.bindings.get(name);
  if (ranges) {
    // Read in document order: a range ended before this call ends before every later one.
    while (ranges.length > 0 && ranges.at(-1)![1] <= at.startIndex) ranges.pop();
    if (ranges.length > 0) return true;
  }
  for (let i = scopes.open.length - 1; i >= 0; i--) if (parametersOf(scopes.open[i]!, f).has(name)) return true;
  return false;
}

function parametersOf(fn: OpenFunction, f: FileContext): ReadonlySet<string> {
  if (fn.parameters) return fn.parameters;
  const names = new Set<string>();
  if (!loadCallback(fn.node, f)) {
    patternNames(fn.node.childForFieldName('parameter'), names, 0);
    const parameters = fn.node.childForFieldName('parameters');
    if (parameters) for (const p of parameters.namedChildren) patternNames(p, names, 0);
  }
  return (fn.parameters = names);
}

/**
 * `import('./m').then(({ make }) => make())`: the callback's parameter holds the module, bound as
 * an import (typescript-loads.ts thenBindings), so it is left to the import.
 */
function loadCallback(fn: Node, f: FileContext): boolean {
  const args = f.parentOf(fn);
  const call = args?.type === 'arguments' ? f.parentOf(args) : null;
  const then = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (then?.type !== 'member_expression' || then.childForFieldName('property')?.text !== 'then') return false;
  const load = then.childForFieldName('object');
  return load?.type === 'call_expression' && load.childForFieldName('function')?.type === 'import';
}

/** `require('./m')`, `require('./m').x`, `await import('./m')`: the extractor binds what a load gives wherever it is (typescript-loads.ts). */
function isLoad(value: Node): boolean {
  let at: Node | null = value;
  for (let i = 0; at && i < MAX_DEPTH; i++) {
    if (at.type === 'await_expression' || at.type === 'parenthesized_expression') at = at.namedChild(0);
    else if (at.type === 'member_expression' || at.type === 'subscript_expression') at = at.childForFieldName('object');
    else return isModuleLoad(at);
  }
  return false;
}

/** The names a binding pattern binds: not its defaults, its keys or its type annotations. */
function patternNames(node: Node | null, out: Set<string>, depth: number): void {
  if (!node || depth > MAX_DEPTH) return;
  switch (node.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      out.add(node.text);
      return;
    case 'required_parameter':
    case 'optional_parameter':
      patternNames(node.childForFieldName('pattern'), out, depth + 1);
      return;
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      patternNames(node.childForFieldName('left'), out, depth + 1);
      return;
    case 'pair_pattern':
      patternNames(node.childForFieldName('value'), out, depth + 1);
      return;
    case 'rest_pattern':
      patternNames(node.namedChild(0), out, depth + 1);
      return;
    case 'object_pattern':
    case 'array_pattern':
      for (const part of node.namedChildren) patternNames(part, out, depth + 1);
      return;
  }
}
