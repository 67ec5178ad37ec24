// A JavaScript or TypeScript variable declarator (`const`, `let`, `var`, `using`): what the name
// it binds holds, as typescript.ts's handlers read every other declaration.
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { wordAt } from './language-module.ts';
import { annotatedType, constructedArrayType, constructedType, functionTypeReturn, FUNCTION_VALUES, typeLiteralMembers } from './typescript-types.ts';
import { functionTypeOf } from './typescript-function-types.ts';
import { calledPath, heldCall, isModuleLoad, unparenthesized } from './typescript-paths.ts';
import { declareCastGuard } from './typescript-narrowing.ts';
import {
  aliasedPath,
  aliasedValue,
  copiedCallResult,
  isSetCopy,
  castType,
  arrayOfHeld,
  objectOfNames,
  choiceOf,
  mappedElements,
  choiceOfCallables,
  choiceOfReferences,
  spreadOf,
  valueBesideNothing,
  invokedExpression,
  invokedFunction,
} from './typescript-values.ts';
import { namedTypeOf } from './typescript-type-names.ts';
import { CONTEXTUAL_TYPE, declareContextualParameters } from './typescript-contextual.ts';
import { declareArrayPattern, declareDestructured } from './typescript-destructured.ts';
import { declareSignature, declareTypeArgumentPlaces } from './typescript-signatures.ts';
import { heldCallArguments, signaturesOf } from './typescript-generics.ts';
import { factoryObject, localObject, moduleObject } from './typescript-objects.ts';
import { moduleAssignedParts } from './typescript-literal-values.ts';
import { exportsAssignedWithin, isLoadedMember } from './typescript-modules.ts';
import { constructsFunction } from './typescript-function-constructors.ts';

/** Values a module-level const may be bound to and still be called: a wrapper's result (`memo(...)`, `dual(2, ...)`), another binding. */
const CALLABLE_VALUES = new Set([
  'call_expression',
  'identifier',
  'member_expression',
  'as_expression',
  'type_assertion',
  'satisfies_expression',
  'non_null_expression',
  'parenthesized_expression',
]);

/** Values a local (or a module-level const by a condition) may hold a function in: a definition when called (bindingIfCalled). */
const MAYBE_CALLABLE_VALUES = new Set([
  ...CALLABLE_VALUES,
  'binary_expression',
  'ternary_expression',
  'await_expression',
  // `const send = yield* Socket.writer`: what an effect generator yields may be a function.
  'yield_expression',
  'subscript_expression',
  // `const fn = new Function('a', body)`, `new Proxy(target, handler)`: an object that may be called.
  'new_expression',
  // `let teardown: Teardown | null = null` (or `= undefined`), assigned a function later and called by name.
  'null',
  'undefined',
]);

/** `cond ? (...) => {} : noop`: a branch is a function written in place. */
function hasFunctionBranch(ternary: Node): boolean {
  for (const field of ['consequence', 'alternative']) {
    const branch = unparenthesized(ternary.childForFieldName(field));
    if (branch && FUNCTION_VALUES.has(branch.type)) return true;
  }
  return false;
}

/** What a `var` is scoped to: a function's body (a statement block whose parent is the function) or the file. */
const VAR_SCOPES = new Set([
  'program',
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'arrow_function',
  'method_definition',
  'class_static_block',
]);
const MAX_VAR_DEPTH = 64;

/**
 * Where a declarator's name is seen: the block (or statement) around its declaration, or the
 * file. The whole block, before the declaration too: a function written above it and called
 * later (`const onEnd = () => cleanup(); const cleanup = eos(...)`) calls this binding.
 */
function scopeOf(declarator: Node, f: FileContext): { start: number; end: number } {
  const declaration = f.parentOf(declarator);
  let scope = declaration && f.parentOf(declaration);
  // `var` is the whole function's (or file's), whatever block it is written in.
  for (let i = 0; declaration?.type === 'variable_declaration' && scope && !VAR_SCOPES.has(scope.type) && i < MAX_VAR_DEPTH; i++) {
    scope = f.parentOf(scope);
  }
  return !scope || scope.type === 'program' || scope.type === 'export_statement'
    ? { start: 0, end: f.source.length }
    : { start: scope.startIndex, end: scope.endIndex };
}

/** The program, when a declarator binds a module-level name (`const x = ...` or `export const x = ...` at the top); else null. */
function moduleOf(declarator: Node, parentOf: FileContext['parentOf']): Node | null {
  const declaration = parentOf(declarator);
  let holder = declaration && parentOf(declaration);
  if (holder?.type === 'export_statement') holder = parentOf(holder);
  return holder?.type === 'program' ? holder : null;
}

function atModuleLevel(declarator: Node, parentOf: FileContext['parentOf']): boolean {
  return moduleOf(declarator, parentOf) !== null;
}

/** Whether a declarator's declaration is written `export const ...`. */
function isExported(declarator: Node, parentOf: FileContext['parentOf']): boolean {
  const declaration = parentOf(declarator);
  return (declaration && parentOf(declaration))?.type === 'export_statement';
}

/**
 * `m.name` where `m` is a module this file imports whole: `local` is bound to that module's
 * `name`; `m.protocol.base`, to its `protocol.base` (an object member it exports, typescript-loads.ts
 * exportedMember); and `base.utils` where `base` is bound so, to `protocol.base.utils` of the same
 * module (symbol-table.ts follows such a path through the modules it names).
 */
function importedMember(path: string, local: string, node: Node, b: FileContext['b']): void {
  const dot = path.indexOf('.');
  const name = path.slice(dot + 1);
  if (dot < 0 || !IMPORTED_NAME.test(name)) return;
  const head = path.slice(0, dot);
  const module = b.moduleImportedAs(head);
  const member = module ? undefined : b.importOf(head);
  const imported = module ? name : member && member.imported !== '*' ? `${member.imported}.${name}` : undefined;
  const from = module ?? member;
  // A relative specifier: a module of the workspace, whose export the name then is (a package's stays the local it was).
  if (from?.source.startsWith('.') && imported && IMPORTED_PATH.test(imported))
    b.addImport({ kind: from.kind, source: from.source, bindings: [{ imported, local }], line: node.startPosition.row + 1 });
}

/**
 * `export const DisposableStack: typeof DisposableStackPolyfill = (globalThis.DisposableStack as
 * any) ?? DisposableStackPolyfill` at a module's top: a value of the class's own type, so `new
 * DisposableStack()` is the const's, as the checker names it, and builds that class's instance, and
 * `DisposableStack.from()` is its static: read as a class extending it. Both names capitalised, as
 * classes are named; never a function written there.
 */
function classTypedConst(node: Node, bound: string, annotation: Node | null, value: Node | null, f: FileContext): boolean {
  if (!CLASS_NAME.test(bound)) return false;
  const query = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : null;
  const of = query?.type === 'type_query' ? query.namedChild(0) : null;
  if (of?.type !== 'identifier' || !CLASS_NAME.test(of.text)) return false;
  if ((value && FUNCTION_VALUES.has(value.type)) || !atModuleLevel(node, f.parentOf)) return false;
  f.b.inherits(f.b.define(node, 'class', bound), of.text, 'extends');
  return true;
}

/** A class's name, by convention. */
const CLASS_NAME = /^[A-Z][\w$]{0,79}$/;

/** A name imported through members: three names at most (`protocol.base.utils`). */
const IMPORTED_PATH = /^[A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,2}$/;

/** One name read from a module object, or a member of one object it exports: no deeper path, no key. */
const IMPORTED_NAME = /^[A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79})?$/;

/**
 * `const q = createQueue()`, `let handler`, `var isBuffer = native || stubFalse`: the name a
 * declarator binds, typed by what its value states (an annotation, a construction, a cast, a
 * call's declared return, a path, a choice, a spread, a literal) and defined as a function where
 * it holds or may hold one.
 */
export const variableDeclarator: NodeHandler = (node, f) => {
  const { b, source } = f;
  const name = node.firstChild;
  if (name?.type === 'object_pattern') return declareDestructured(node, name, f);
  if (name?.type === 'array_pattern') return declareArrayPattern(node, name, f);
  if (name?.type !== 'identifier') return;
  const bound = wordAt(source, name.startIndex);
  const value = node.childForFieldName('value');
  const annotation = node.childForFieldName('type');
  if (classTypedConst(node, bound, annotation, value, f)) return;
  // `const batch = ok ? this.batches.get(id) : undefined`: what the branch that holds a value holds.
  // `const Fp = (() => Field(p))()`: what the arrow called in place gives (typescript-values.ts invokedExpression).
  const beside = valueBesideNothing(value);
  const held = (beside?.type === 'call_expression' ? invokedExpression(beside) : null) ?? beside;
  const annotated =
    annotatedType(annotation, source) ??
    // `seen = unordered ? new SetCache : undefined`: a SetCache where it holds a value; `new
    // Set(items)` is a copy of items' elements (aliasedPath below), not a Set of nothing known.
    (isSetCopy(held, source) ? undefined : constructedType(held, source)) ??
    constructedArrayType(value, source) ??
    castType(value, f);
  // `const q = cache.build(...)`: typed by build's declared return type (resolution reads `cache.build()`).
  const written = annotated !== undefined || annotation !== null || (value !== null && isModuleLoad(value));
  // `const children = stores.map((s) => s.child)`: an array of what the callback holds (typescript-values.ts).
  const mapped = written ? undefined : mappedElements(held, source);
  const called = written || mapped ? undefined : calledPath(held, source);
  const aliased = aliasedValue(held);
  const alias = written || called || mapped ? undefined : aliasedPath(aliased, source);
  // `const open = [...this.sockets.values()]`: what the call inside returns, element by element.
  const copied = written || called || alias ? undefined : copiedCallResult(aliased, source);
  // `const low = higher ? v2 : v1`: typed where both branches agree (declared-types.ts reads CHOICE).
  const choice = written || called || alias || copied ? undefined : choiceOf(held, source);
  // `const options = { pkce: true, ...userOptions }`: the spread's members (typescript-values.ts).
  const spread = written || called || alias || copied || choice ? undefined : spreadOf(held, source);
  // `const PLUGINS = [alpha, beta] as const`: an array of what its elements hold (typescript-values.ts).
  const elements = written || called || alias || copied || choice || spread ? undefined : (arrayOfHeld(value, source) ?? objectOfNames(value, source));
  // `const s = identity(store)`: the arguments a generic callee's return may be bound by (typescript-generics.ts).
  const call = called ? heldCallArguments(heldCall(held)!, node, f) : '';
  let type = annotated ?? mapped ?? (called ? `${called}()${call}` : alias ? `=${alias}` : (copied ?? choice ?? (spread ? `=${spread}` : elements)));
  // `const api = (function () { ...; return { get: get } }())`: what the function called in place
  // returns, declared as a function of the binding's name returns (the function is that definition).
  const invoked = type || annotation ? null : invokedFunction(value);
  if (invoked) {
    declareSignature(f, 'local', bound, invoked, node);
    type = `${bound}()`;
  }
  // Placed before the declarator, so a const that is a definition itself (`export const q = createQueue()`) is not its own owner.
  // `/** @type {Map<string, Sock>} */ const m = new Map()`: the comment's type is the local's (typescript-jsdoc.ts).
  if (type && !b.documentedTypes.has(node.startIndex)) b.declareType('local', bound, type, node, false, node.startIndex - 1);
  // `const environment: { value: Deps } = ...`: `environment.value` is a local of its own, as for a parameter so typed.
  else if (!type && annotation)
    for (const [key, t] of typeLiteralMembers(annotation, source) ?? []) b.declareType('local', `${bound}.${key}`, t, node, false, node.startIndex - 1);
  // `var encoder = hpack.encoder` at the top, hpack a workspace module imported whole: the import of that name, as `const { encoder } = require(...)`.
  if (alias && value?.type === 'member_expression' && atModuleLevel(node, f.parentOf)) importedMember(alias, bound, node, b);
  // `let handler: (() => void) | undefined`, assigned later: a function when called, anywhere in
  // its scope (`const stop = watch(() => stop())` too), or, at the top, when the module exports
  // it and assigns it a function (deferred-definitions.ts).
  if (!value) {
    const scope = scopeOf(node, f);
    return b.bindingIfCalled(node, bound, scope.end, scope.start, atModuleLevel(node, f.parentOf), true);
  }
  const valueType = value.type;
  if (FUNCTION_VALUES.has(valueType)) {
    b.define(node, 'function', bound, { bound: true });
    declareSignature(f, 'local', bound, value, node);
    // `const dual: { <L, F>(arity: number, body: F): L & F } = function (arity, body) {...}`: the places its type declares.
    const declared = functionTypeOf(annotation);
    if (declared) declareTypeArgumentPlaces(b, 'local', bound, signaturesOf(declared), node, node.startIndex - 1);
    // `const visit: Handler = (node, f) => ...`: typed by what Handler declares for them.
    const expected = namedTypeOf(annotation);
    if (expected && CONTEXTUAL_TYPE.test(expected)) declareContextualParameters(f, value, expected);
    return factoryObject(value, node, bound, false, f);
  }
  // `export const api = { get() {} } as const`: an object of methods, not a callable.
  // `Object.freeze({ run })` returns its literal (typescript-objects.ts literalOf); at the top,
  // `Object.assign({}, base, {...})` is an object of what it merges (typescript-literal-values.ts moduleAssignedParts).
  const literal =
    (valueType !== 'call_expression' && valueType !== 'identifier') ||
    source.startsWith('Object.freeze(', value.startIndex) ||
    moduleAssignedParts(value, f) !== undefined;
  const members = literal ? (atModuleLevel(node, f.parentOf) ? moduleObject(node, value, f) : localObject(node, value, f)) : undefined;
  if (members) return members;
  // `var ArraySet = require('./array-set').ArraySet`: an import binding (requireCall), which the
  // checker follows to the exporting module's declaration, never a function of this file.
  // `var utils = (module.exports = { ... })`: the module's exports object (an alias of it), no function.
  if (!MAYBE_CALLABLE_VALUES.has(valueType) || isModuleLoad(value) || isLoadedMember(value) || exportsAssignedWithin(value)?.type === 'object') return;
  if (valueType === 'ternary_expression' && hasFunctionBranch(value)) {
    // `const debug = enabled ? (...args) => log(...args) : () => {}`: a function either way it goes.
    b.define(node, 'function', bound, { bound: true });
    return;
  }
  const program = moduleOf(node, f.parentOf);
  const moduleLevel = program !== null;
  declareCastGuard(node, bound, value, f);
  if (moduleLevel && choiceOfReferences(value) && isExported(node, f.parentOf)) {
    b.define(node, 'function', bound, { bound: true });
    return;
  }
  const fnType = functionTypeOf(annotation);
  // `export const float = new ConvertType('float')`, ConvertType a function returning one (typescript-function-constructors.ts).
  const constructed = valueType === 'new_expression' && program !== null && constructsFunction(value, program, f);
  if (moduleLevel && (CALLABLE_VALUES.has(valueType) || fnType || constructed)) {
    // A module-level const the checker reaches as itself when called: `export const f: {...} = dual(2, ...)`, `memo(...)`, `g = h`.
    // `let SyncReader = (module.exports = function (b) {...})`: the function is the module's
    // default export, a definition of its own at the top (typescript-modules.ts), which importers
    // reach; the name is defined where it is written, so it holds its prototype's methods without
    // holding that definition inside it.
    const exported = exportsAssignedWithin(value);
    b.define(exported && FUNCTION_VALUES.has(exported.type) ? (node.childForFieldName('name') ?? node) : node, 'function', bound, { bound: true });
    // The object literal the function called in place returns: its members, as a factory's are.
    if (invoked) return factoryObject(invoked, node, bound, false, f);
    // `export const runFork: <A>(e: Effect<A>) => RuntimeFiber<A> = internal.runFork`: what a call
    // of it returns; `withFiberRuntime: (f: (fiber: RuntimeFiber<A>) => X) => Y`: what its
    // callbacks' parameters are, as a function declared so.
    if (fnType?.type === 'function_type') return void declareSignature(f, 'local', bound, fnType, node);
    const returned = fnType && functionTypeReturn(fnType, source);
    if (returned) b.declareType('local', `${bound}()`, returned, node, false, node.startIndex - 1);
    if (fnType) declareTypeArgumentPlaces(b, 'local', bound, signaturesOf(fnType), node, node.startIndex - 1);
    return;
  }
  // `const parse = schema.parse` in a function, `const f = a ?? b` at the top: a function when a
  // bare call in its scope names it, or, for JavaScript's `var isBuffer = native || stubFalse` at
  // the top, when the module exports it (`module.exports = isBuffer`), as the importers' calls reach it.
  const scope = scopeOf(node, f);
  b.bindingIfCalled(node, bound, scope.end, scope.start, moduleLevel && b.language === 'javascript' && choiceOfCallables(value));
};
