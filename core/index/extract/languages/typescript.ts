// TypeScript, TSX and JavaScript (.ts .tsx .js .jsx .mjs .cjs): classes, interfaces, enums,
// type aliases, functions, methods, functions bound to names (`const f = () => ...`,
// `f = function () {}`, class fields holding arrows, `exports.f = ...`), calls with receivers
// and `new`, extends / implements. Module edges live in typescript-modules.ts, declared types
// in typescript-types.ts, object literals' function members in typescript-objects.ts, the members
// of classes, interfaces and types (fields and signatures that are callable) in typescript-members.ts.
import type { Node } from 'web-tree-sitter';
import type { FileContext, LanguageModule, NodeHandler } from './language-module.ts';
import { ITEMS_PER_STEP, wordAt } from './language-module.ts';
import { typescriptImportResolver } from './typescript-resolution.ts';
import { maskUnreadable, STATEMENT_START } from './typescript-recovery.ts';
import {
  annotatedType,
  constructedArrayType,
  constructedType,
  functionTypeReturn,
  declareLoopElement,
  FUNCTION_VALUES,
  genericArgumentNames,
} from './typescript-types.ts';
import { hasCallSignature, functionTypeOf } from './typescript-function-types.ts';
import { calledPath, heldCall, unparenthesized } from './typescript-paths.ts';
import { jsdocComment } from './typescript-jsdoc.ts';
import { declareCastGuard, narrowedByAssertion, narrowedByGuard } from './typescript-narrowing.ts';
import { declareAssignedParameters, declareCallbackParameters } from './typescript-callbacks.ts';
import { parameter, parameterDefault, patternDefault } from './typescript-parameters.ts';
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
} from './typescript-values.ts';
import { conditionalFunctionType, namedTypeOf } from './typescript-type-names.ts';
import {
  CONTEXTUAL_TYPE,
  declareContextualParameters,
  declareFunctionTypeSignature,
  declareLiteralMethodParameters,
  declareRecordValueParameters,
  declareReturnedParameters,
} from './typescript-contextual.ts';
import { call, newExpression } from './typescript-calls.ts';
import { assignment } from './typescript-assignments.ts';
import { aliasHeritage, typeofHeritage, classExpressionName, defineClass, heritageName } from './typescript-heritage.ts';
import { declareArrayPattern, declareDestructured } from './typescript-destructured.ts';
import { declareSignature, declareTypeArgumentPlaces } from './typescript-signatures.ts';
import { heldCallArguments, signaturesOf } from './typescript-generics.ts';
import { declareTypeParameterList, typeParameterHandlers } from './typescript-type-parameters.ts';
import { argumentObject, factoryObject, localObject, moduleObject } from './typescript-objects.ts';
import { classField, inClassBody, memberHandlers, nameOf } from './typescript-members.ts';
import { exportStatement, importStatement, isLoadedMember, isModuleLoad, ownExportCalls } from './typescript-modules.ts';
import { markScriptGlobals } from './typescript-scripts.ts';

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

/** Whether a declarator binds a module-level name (`const x = ...` or `export const x = ...` at the top). */
function atModuleLevel(declarator: Node, parentOf: FileContext['parentOf']): boolean {
  const declaration = parentOf(declarator);
  let holder = declaration && parentOf(declaration);
  if (holder?.type === 'export_statement') holder = parentOf(holder);
  return holder?.type === 'program';
}

/** Whether a declarator's declaration is written `export const ...`. */
function isExported(declarator: Node, parentOf: FileContext['parentOf']): boolean {
  const declaration = parentOf(declarator);
  return (declaration && parentOf(declaration))?.type === 'export_statement';
}

/** A `type` alias's value that names one other type, whose members the alias has. */
const ALIASED_NAMES = new Set(['type_identifier', 'nested_type_identifier']);

/** A function value's parameters, typed by where it is written: a call's argument, a return, a record's value. */
const typedByPlace: NodeHandler = (node, f) => {
  declareCallbackParameters(node, f);
  declareAssignedParameters(node, f);
  declareReturnedParameters(node, f);
  declareRecordValueParameters(node, f);
};

const functionExpression: NodeHandler = (node, f) => {
  // `interruptibleMask(function loop(restore) { ... loop(restore) })`: the name is bound inside the function alone.
  const name = node.childForFieldName('name');
  if (name) f.b.bindingIfCalled(node, name.text, node.endIndex, node.startIndex);
  typedByPlace(node, f);
};

function commonHandlers(): Record<string, NodeHandler> {
  const fn: NodeHandler = (node, f) => {
    const { b, source } = f;
    const name = nameOf(node, source);
    if (!name) return;
    b.define(node, 'function', name);
    declareSignature(f, 'local', name, node, node);
    return factoryObject(node, node, name, false, f);
  };
  const cls: NodeHandler = (node, f) => {
    const name = nameOf(node, f.source);
    return name ? defineClass(node, name, f) : undefined;
  };
  return {
    function_declaration: fn,
    generator_function_declaration: fn,
    class_declaration: cls,
    class: (node, f) => {
      const name = classExpressionName(node, f.parentOf);
      return name ? defineClass(node, name, f) : undefined;
    },
    method_definition: (node, f) => {
      const { b, source } = f;
      const name = nameOf(node, source);
      if (!name) return;
      // `const plugin: Plugin = { apply(compiler) {...} }`: typed by the literal's type, whatever defines it.
      if (!inClassBody(node, f.parentOf)) return declareLiteralMethodParameters(node, f);
      b.define(node, 'method', name, { methodInType: true });
      declareSignature(f, 'member', name, node, node);
      return factoryObject(node, node, name, true, f);
    },
    variable_declarator: (node, f) => {
      const { b, source } = f;
      const name = node.firstChild;
      if (name?.type === 'object_pattern') return declareDestructured(node, name, f);
      if (name?.type === 'array_pattern') return declareArrayPattern(node, name, f);
      if (name?.type !== 'identifier') return;
      const bound = wordAt(source, name.startIndex);
      const value = node.childForFieldName('value');
      // `const batch = ok ? this.batches.get(id) : undefined`: what the branch that holds a value holds.
      const held = valueBesideNothing(value);
      const annotated =
        annotatedType(node.childForFieldName('type'), source) ??
        // `seen = unordered ? new SetCache : undefined`: a SetCache where it holds a value; `new
        // Set(items)` is a copy of items' elements (aliasedPath below), not a Set of nothing known.
        (isSetCopy(held, source) ? undefined : constructedType(held, source)) ??
        constructedArrayType(value, source) ??
        castType(value, f);
      // `const q = cache.build(...)`: typed by build's declared return type (resolution reads `cache.build()`).
      const written = annotated !== undefined || node.childForFieldName('type') !== null || (value !== null && isModuleLoad(value));
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
      const type = annotated ?? mapped ?? (called ? `${called}()${call}` : alias ? `=${alias}` : (copied ?? choice ?? (spread ? `=${spread}` : elements)));
      // Placed before the declarator, so a const that is a definition itself (`export const q = createQueue()`) is not its own owner.
      // `/** @type {Map<string, Sock>} */ const m = new Map()`: the comment's type is the local's (typescript-jsdoc.ts).
      if (type && !b.documentedTypes.has(node.startIndex)) b.declareType('local', bound, type, node, false, node.startIndex - 1);
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
        const declared = functionTypeOf(node.childForFieldName('type'));
        if (declared) declareTypeArgumentPlaces(b, 'local', bound, signaturesOf(declared), node, node.startIndex - 1);
        // `const visit: Handler = (node, f) => ...`: typed by what Handler declares for them.
        const expected = namedTypeOf(node.childForFieldName('type'));
        if (expected && CONTEXTUAL_TYPE.test(expected)) declareContextualParameters(f, value, expected);
        return factoryObject(value, node, bound, false, f);
      }
      // `export const api = { get() {} } as const`: an object of methods, not a callable.
      // `Object.freeze({ run })` returns its literal (typescript-objects.ts literalOf).
      const literal = (valueType !== 'call_expression' && valueType !== 'identifier') || source.startsWith('Object.freeze(', value.startIndex);
      const members = literal ? (atModuleLevel(node, f.parentOf) ? moduleObject(node, value, f) : localObject(node, value, f)) : undefined;
      if (members) return members;
      // `var ArraySet = require('./array-set').ArraySet`: an import binding (requireCall), which the
      // checker follows to the exporting module's declaration, never a function of this file.
      if (!MAYBE_CALLABLE_VALUES.has(valueType) || isModuleLoad(value) || isLoadedMember(value)) return;
      if (valueType === 'ternary_expression' && hasFunctionBranch(value)) {
        // `const debug = enabled ? (...args) => log(...args) : () => {}`: a function either way it goes.
        b.define(node, 'function', bound, { bound: true });
        return;
      }
      const moduleLevel = atModuleLevel(node, f.parentOf);
      declareCastGuard(node, bound, value, f);
      if (moduleLevel && choiceOfReferences(value) && isExported(node, f.parentOf)) {
        b.define(node, 'function', bound, { bound: true });
        return;
      }
      const fnType = functionTypeOf(node.childForFieldName('type'));
      if (moduleLevel && (CALLABLE_VALUES.has(valueType) || fnType)) {
        // A module-level const the checker reaches as itself when called: `export const f: {...} = dual(2, ...)`, `memo(...)`, `g = h`.
        b.define(node, 'function', bound, { bound: true });
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
    },
    assignment_expression: assignment,
    for_in_statement: (node, f) => {
      declareLoopElement(node, f);
      // `for (const fn of hooks) fn()`: the element is a function when the loop calls it.
      const left = node.childForFieldName('left');
      if (left?.type === 'identifier') f.b.bindingIfCalled(left, left.text, node.endIndex);
    },
    arrow_function: typedByPlace,
    function_expression: functionExpression,
    // `interface_declaration: function* (node, f) {...}` in a `Record<string, NodeHandler>`: typed as any function value is.
    generator_function: functionExpression,
    call_expression: (node, f) => {
      narrowedByAssertion(node, f);
      return call(node, f);
    },
    object_assignment_pattern: patternDefault,
    if_statement: narrowedByGuard,
    object: argumentObject,
    new_expression: newExpression,
    import_statement: (node, { b }) => importStatement(node, b),
    export_statement: (node, f) => exportStatement(node, f),
  };
}

function typescriptHandlers(): Record<string, NodeHandler> {
  return {
    ...memberHandlers(),
    abstract_class_declaration: (node, f) => {
      const name = nameOf(node, f.source);
      return name ? defineClass(node, name, f) : undefined;
    },
    required_parameter: parameter,
    optional_parameter: parameter,
    interface_declaration: function* (node, f) {
      const { b, source } = f;
      const name = nameOf(node, source);
      if (!name) return;
      const def = b.define(node, 'interface', name);
      declareTypeParameterList(node, f);
      const body = node.childForFieldName('body');
      if (body && hasCallSignature(body)) b.callableType(name);
      for (const child of node.namedChildren) {
        if (child?.type !== 'extends_type_clause') continue;
        let read = 0;
        for (const type of child.namedChildren) {
          if (++read % ITEMS_PER_STEP === 0) yield;
          const parent = type && heritageName(type, source);
          if (parent) b.inherits(def, parent, 'extends', genericArgumentNames(type, source));
        }
      }
    },
    enum_declaration: (node, { b, source }) => {
      const name = nameOf(node, source);
      if (name) b.define(node, 'enum', name);
    },
    type_alias_declaration: (node, f) => {
      const { b, source } = f;
      const name = nameOf(node, source);
      if (!name) return;
      const def = b.define(node, 'type', name);
      const value = node.childForFieldName('value');
      // `type Handler = Runner` (or `Runner<T>`): the alias has the named type's members, as an
      // intersection of one part would; `ReturnType<typeof make>` is the type of a value instead.
      if (value?.type === 'intersection_type' || value?.type === 'union_type' || ALIASED_NAMES.has(value?.type ?? '')) aliasHeritage(def, value!, f);
      else if (value?.type === 'type_query' || value?.type === 'generic_type') {
        if (!typeofHeritage(def, value, f) && value.type === 'generic_type') aliasHeritage(def, value, f);
      }
      const fnType = functionTypeOf(value);
      if (fnType || conditionalFunctionType(value)) b.callableType(name);
      if (fnType) declareFunctionTypeSignature(f, name, node, fnType);
    },
    ...typeParameterHandlers(),
  };
}

/**
 * The share of each kind of cross-file edge eval:calls found right on the TypeScript/JavaScript
 * corpora, both halves pooled, capped at 0.99 (docs/call-confidence.md holds the counts, and
 * tests/unit/call-confidence.test.ts holds these values to its table). Unlisted exports: too few
 * edges to set a figure by.
 */
const MEASURED = { importResolved: 0.99, declaredType: 0.99, baseClass: 0.99 } as const;

// Names a bare call reaches without an import: globals of the language and of Node.
const BUILTINS = new Set(
  (
    'Array ArrayBuffer BigInt Boolean DataView Date Error EvalError Function Map Number Object Promise Proxy RangeError ' +
    'ReferenceError RegExp Set String Symbol SyntaxError TypeError URIError URL URLSearchParams WeakMap WeakSet ' +
    'clearInterval clearTimeout decodeURI decodeURIComponent encodeURI encodeURIComponent eval fetch isFinite isNaN ' +
    'parseFloat parseInt queueMicrotask require setImmediate setInterval setTimeout structuredClone'
  ).split(' '),
);

type Grammar = 'typescript' | 'tsx' | 'javascript';

export const typescriptModule: LanguageModule<Grammar, Grammar> = {
  // `.jsx` uses the tsx grammar, which parses JSX (the spec names none for it), and is recorded as JavaScript.
  extensions: {
    '.ts': { grammar: 'typescript', language: 'typescript' },
    '.mts': { grammar: 'typescript', language: 'typescript' },
    '.cts': { grammar: 'typescript', language: 'typescript' },
    '.tsx': { grammar: 'tsx', language: 'tsx' },
    '.jsx': { grammar: 'tsx', language: 'javascript' },
    '.js': { grammar: 'javascript', language: 'javascript' },
    '.mjs': { grammar: 'javascript', language: 'javascript' },
    '.cjs': { grammar: 'javascript', language: 'javascript' },
  },
  indexedByDefault: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs'],
  grammars: ['typescript', 'tsx', 'javascript'],
  // tree-sitter-typescript ships both of its dialects' grammars.
  grammarPackages: { typescript: 'tree-sitter-typescript@0.23.2', tsx: 'tree-sitter-typescript@0.23.2', javascript: 'tree-sitter-javascript@0.25.0' },
  languages: {
    typescript: { surface: 'exports', builtins: BUILTINS, confidence: MEASURED, heldMemberCalls: true },
    tsx: { surface: 'exports', builtins: BUILTINS, confidence: MEASURED, heldMemberCalls: true },
    // CommonJS assigns exports the extractor cannot always list.
    javascript: { surface: 'unlisted', builtins: BUILTINS, confidence: MEASURED, heldMemberCalls: true, prototypeClasses: true },
  },
  importResolver: typescriptImportResolver,
  finish: (result, root) => {
    ownExportCalls(result);
    markScriptGlobals(result, root);
  },
  maskUnreadable,
  statementStart: STATEMENT_START,
  handlers: (grammar) => ({
    ...commonHandlers(),
    // The JavaScript grammar calls a class field `field_definition` with a `property` name.
    ...(grammar === 'javascript'
      ? { field_definition: classField('property'), comment: jsdocComment, assignment_pattern: parameterDefault }
      : typescriptHandlers()),
  }),
};
