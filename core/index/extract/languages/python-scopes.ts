// Names a Python function binds (its parameters, and every name it assigns, loops over, opens
// `as`, or catches in its body but nested functions and classes), a lambda's parameters and a
// comprehension's loop variables. A bare call of such a name calls what that local holds, never
// the module's import or definition of the name (`def build(render): render()` beside `from .fmt
// import render`), as Python scopes it; `global` and `nonlocal` names are the outer ones. A
// function's own `import` and a local `def` are left to resolution, which reads them first
// (call-resolution.ts functionBinding, nestedInScope).
//
// Read along the extractor's one walk (extract-file.ts), in document order, so no node is looked
// for twice: the scopes open at a call are those the walk entered and has not left, and a
// function's names are those its body bound before the call (Python makes a name assigned
// further down local too, and such a call fails until the assignment has run: it is read as the
// module's). Only a name the module itself binds is looked up: no other name can resolve to the
// module's import or definition.
import type { Node } from 'web-tree-sitter';
import { readingFirst, type FileContext, type NodeHandler } from './language-module.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';

const COMPREHENSIONS = ['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression'];

/** Nodes that open a scope of their own. */
const SCOPES = ['function_definition', 'class_definition', 'lambda', ...COMPREHENSIONS];

/** Nodes through which a body binds (or, `global`/`nonlocal`, unbinds) a name. */
const BINDERS = ['assignment', 'augmented_assignment', 'for_statement', 'as_pattern', 'named_expression', 'global_statement', 'nonlocal_statement'];

/** Compound statements at the module's top whose blocks still bind the module's names (`try: import x`). */
const COMPOUND = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'try_statement',
  'except_clause',
  'finally_clause',
  'with_statement',
  'with_clause',
  'with_item',
  'for_statement',
  'while_statement',
  'block',
  'decorated_definition',
  'expression_statement',
]);

/** Unpacking and compound statements nest no deeper than this is read; deeper is read to here. */
const MAX_DEPTH = 32;

interface OpenScope {
  node: Node;
  end: number;
  type: string;
  /** Every name it binds so far: parameters, a comprehension's targets, its body's bindings. */
  names?: Set<string>;
  unbound?: Set<string>;
}

interface FileScopes {
  /** Names the module binds outside every function and class. */
  module: Set<string>;
  /** `from m import *`: any name may be the module's. */
  anyName: boolean;
  open: OpenScope[];
}

const scopesByFile = new WeakMap<ExtractionBuilder, FileScopes>();

function scopesOf(node: Node, f: FileContext): FileScopes {
  let scopes = scopesByFile.get(f.b);
  if (!scopes) {
    scopes = { module: new Set(), anyName: false, open: [] };
    moduleNames(node.tree.rootNode, scopes, 0);
    scopesByFile.set(f.b, scopes);
  }
  // The walk is in document order: a scope ending before this node is left.
  const { open } = scopes;
  while (open.length > 0 && open.at(-1)!.end <= node.startIndex) open.pop();
  return scopes;
}

/** The language module's handlers, each scope and binding also read here before its own handler runs. */
export function withScopes(handlers: Record<string, NodeHandler>): Record<string, NodeHandler> {
  const opening = readingFirst(handlers, SCOPES, (node, f) => {
    scopesOf(node, f).open.push({ node, end: node.endIndex, type: node.type });
  });
  return readingFirst(opening, BINDERS, (node, f) => {
    const inner = scopesOf(node, f).open.at(-1);
    if (inner?.type === 'function_definition') bind(node, inner);
  });
}

function bind(node: Node, scope: OpenScope): void {
  if (boundTargets(node, namesOf(scope))) return;
  // `global` / `nonlocal`: the names stay the outer scope's.
  scope.unbound ??= new Set();
  for (const name of node.namedChildren) if (name?.type === 'identifier') scope.unbound.add(name.text);
}

/** The names a binding node (an assignment, a loop, an `as`, a `:=`) binds, into `out`; false for any other node. */
function boundTargets(node: Node, out: Set<string>): boolean {
  switch (node.type) {
    case 'assignment':
    case 'augmented_assignment':
    case 'for_statement':
      targetNames(node.childForFieldName('left'), out, 0);
      return true;
    case 'as_pattern':
      targetNames(node.childForFieldName('alias')?.namedChild(0) ?? null, out, 0);
      return true;
    case 'named_expression':
      targetNames(node.childForFieldName('name'), out, 0);
      return true;
  }
  return false;
}

/** A scope's names, its parameters (or a comprehension's loop targets) read when first asked. */
function namesOf(scope: OpenScope): Set<string> {
  if (scope.names) return scope.names;
  const names = new Set<string>();
  if (scope.type === 'function_definition' || scope.type === 'lambda') parameterNames(scope.node.childForFieldName('parameters'), names);
  else if (scope.type !== 'class_definition')
    for (const clause of scope.node.namedChildren) if (clause?.type === 'for_in_clause') targetNames(clause.childForFieldName('left'), names, 0);
  return (scope.names = names);
}

/** The name a receiver path starts at (`fmt` in `fmt.a().b[0].c()`); undefined for any other start. */
export function receiverHead(object: Node | null): Node | undefined {
  let at = object;
  for (let i = 0; at && i < MAX_DEPTH; i++) {
    if (at.type === 'identifier') return at;
    if (at.type === 'attribute') at = at.childForFieldName('object');
    else if (at.type === 'call') at = at.childForFieldName('function');
    else if (at.type === 'subscript') at = at.childForFieldName('value');
    else return undefined;
  }
  return undefined;
}

/** Whether `name`, called bare at `at`, is bound by a function, lambda or comprehension around the call. */
export function boundInScope(at: Node, name: string, f: FileContext): boolean {
  const scopes = scopesOf(at, f);
  if (!scopes.anyName && !scopes.module.has(name)) return false;
  const { open } = scopes;
  for (let i = open.length - 1; i >= 0; i--) {
    const scope = open[i]!;
    if (scope.type === 'class_definition') continue;
    if (scope.unbound?.has(name)) return false;
    if (namesOf(scope).has(name)) return true;
  }
  return false;
}

/** What the module's top binds: imports, definitions and assignments, in compound statements too. */
function moduleNames(node: Node, scopes: FileScopes, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const statement of node.namedChildren) {
    if (!statement) continue;
    switch (statement.type) {
      case 'import_statement':
      case 'import_from_statement':
        importedNames(statement, scopes);
        break;
      case 'function_definition':
      case 'class_definition':
        targetNames(statement.childForFieldName('name'), scopes.module, 0);
        break;
      default:
        // A loop binds its target and holds a block: both are read.
        boundTargets(statement, scopes.module);
        if (COMPOUND.has(statement.type)) moduleNames(statement, scopes, depth + 1);
    }
  }
}

/** `import a.b` binds `a`; `import a as b` and `from m import a as b` bind `b`; `from m import *` any name. */
function importedNames(node: Node, scopes: FileScopes): void {
  const from = node.type === 'import_from_statement';
  const module = from ? node.childForFieldName('module_name') : null;
  for (const part of node.namedChildren) {
    if (!part || part.id === module?.id) continue;
    if (part.type === 'wildcard_import') scopes.anyName = true;
    else if (part.type === 'aliased_import') targetNames(part.childForFieldName('alias'), scopes.module, 0);
    else if (part.type === 'dotted_name') targetNames(part.namedChild(0), scopes.module, 0);
  }
}

function parameterNames(parameters: Node | null, out: Set<string>): void {
  if (!parameters) return;
  for (const p of parameters.namedChildren) {
    if (!p) continue;
    if (p.type === 'default_parameter' || p.type === 'typed_default_parameter') targetNames(p.childForFieldName('name'), out, 0);
    else if (p.type === 'typed_parameter') targetNames(p.namedChild(0), out, 0);
    else targetNames(p, out, 0);
  }
}

/** The names an assignment target binds: names, and names in unpacking; not attributes or subscripts. */
function targetNames(node: Node | null, out: Set<string>, depth: number): void {
  if (!node || depth > MAX_DEPTH) return;
  switch (node.type) {
    case 'identifier':
      out.add(node.text);
      return;
    case 'pattern_list':
    case 'tuple_pattern':
    case 'list_pattern':
    case 'tuple':
    case 'list':
    case 'expression_list':
    case 'parenthesized_expression':
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
    case 'list_splat':
      for (const part of node.namedChildren) targetNames(part, out, depth + 1);
      return;
  }
}
