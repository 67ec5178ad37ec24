// TypeScript, TSX and JavaScript (.ts .tsx .js .jsx .mjs .cjs): classes, interfaces, enums,
// type aliases, functions, methods, functions bound to names (`const f = () => ...`,
// `f = function () {}`, class fields holding arrows, `exports.f = ...`), calls with receivers
// and `new`, extends / implements. Module edges live in typescript-modules.ts, declared types
// in typescript-types.ts, what a variable declarator binds in typescript-declarators.ts, object
// literals' function members in typescript-objects.ts, the members of classes, interfaces and
// types (fields and signatures that are callable) in typescript-members.ts.
import type { LanguageModule, NodeHandler } from './language-module.ts';
import { ITEMS_PER_STEP } from './language-module.ts';
import { typescriptImportResolver } from './typescript-resolution.ts';
import { maskUnreadable, STATEMENT_START } from './typescript-recovery.ts';
import { genericArgumentNames, membersKept } from './typescript-types.ts';
import { declareLoopElement } from './typescript-loops.ts';
import { hasCallSignature, functionTypeOf } from './typescript-function-types.ts';
import { jsdocComment } from './typescript-jsdoc.ts';
import { narrowedByAssertion, narrowedByGuard } from './typescript-narrowing.ts';
import { declareAssignedParameters, declareCallbackParameters } from './typescript-callbacks.ts';
import { parameter, parameterDefault, patternDefault } from './typescript-parameters.ts';
import { declareOwnThis } from './typescript-own-this.ts';
import { conditionalFunctionType } from './typescript-type-names.ts';
import {
  declareFunctionTypeSignature,
  declareLiteralMethodParameters,
  declareRecordValueParameters,
  declareReturnedParameters,
} from './typescript-contextual.ts';
import { call, newExpression } from './typescript-calls.ts';
import { assignment } from './typescript-assignments.ts';
import {
  aliasHeritage,
  elementsHeritage,
  passedParameter,
  passedThroughCondition,
  typeofHeritage,
  classExpressionName,
  defineClass,
  heritageName,
} from './typescript-heritage.ts';
import { declareSignature } from './typescript-signatures.ts';
import { declareTypeParameterList, typeParameterHandlers } from './typescript-type-parameters.ts';
import { argumentObject, factoryObject } from './typescript-objects.ts';
import { classField, inClassBody, memberHandlers, nameOf } from './typescript-members.ts';
import { exportStatement, importStatement, ownExportCalls } from './typescript-modules.ts';
import { markScriptGlobals } from './typescript-scripts.ts';
import { variableDeclarator } from './typescript-declarators.ts';
import { withScopes } from './typescript-scopes.ts';

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
  declareOwnThis(node, f);
  typedByPlace(node, f);
};

function commonHandlers(): Record<string, NodeHandler> {
  const fn: NodeHandler = (node, f) => {
    const { b, source } = f;
    declareOwnThis(node, f);
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
      if (!inClassBody(node, f.parentOf)) {
        declareOwnThis(node, f);
        return declareLiteralMethodParameters(node, f);
      }
      b.define(node, 'method', name, { methodInType: true });
      declareSignature(f, 'member', name, node, node);
      return factoryObject(node, node, name, true, f);
    },
    variable_declarator: variableDeclarator,
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
        for (const written of child.namedChildren) {
          if (++read % ITEMS_PER_STEP === 0) yield;
          // `extends Omit<DBConfig<O>, 'transaction'>`: the members kept are DBConfig<O>'s.
          const type = written && membersKept(written);
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
      // `type List = ReadonlyArray<Entry>`: a collection of Entry (typescript-heritage.ts elementsHeritage).
      else if (value && elementsHeritage(def, value, f)) return;
      else if (value?.type === 'type_query' || value?.type === 'generic_type') {
        if (!typeofHeritage(def, value, f) && value.type === 'generic_type') aliasHeritage(def, value, f);
      }
      // `type Maybe<T> = T | null`: passes T through (typescript-heritage.ts passedParameter).
      if (value?.type === 'union_type') passedParameter(def, node, value, f);
      else if (value?.type === 'conditional_type') passedThroughCondition(def, node, value, f);
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
  // Scopes and bindings read along the same walk, for the calls of names a function binds (typescript-scopes.ts).
  handlers: (grammar) =>
    withScopes({
      ...commonHandlers(),
      // The JavaScript grammar calls a class field `field_definition` with a `property` name.
      ...(grammar === 'javascript'
        ? { field_definition: classField('property'), comment: jsdocComment, assignment_pattern: parameterDefault }
        : typescriptHandlers()),
    }),
};
