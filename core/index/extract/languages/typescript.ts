// TypeScript, TSX and JavaScript (.ts .tsx .js .jsx .mjs .cjs): classes, interfaces, enums,
// type aliases, functions, methods, functions bound to names (issue 3: `const f = () => ...`,
// `f = function () {}`, class fields holding arrows, `exports.f = ...`), calls with receivers
// and `new`, extends / implements. Module edges live in typescript-modules.ts.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder, RawDefinition } from '../extraction-builder.ts';
import type { GrammarId } from '../grammar-loader.ts';
import type { LanguageModule, Pattern } from './language-module.ts';
import { unquote } from './language-module.ts';
import {
  dynamicImport, exportStatement, exportsPropertyAssignment, importStatement, moduleExportsAssignment, requireCall,
} from './typescript-modules.ts';

const NAME_PATH = /^[\w$#]+(\.[\w$#]+)*$/;
const FUNCTION_VALUE = '[(arrow_function) (function_expression) (generator_function)]';

/** 'this', 'super', 'obj', 'this.a.b'; '<expr>' when the receiver is not a name path. */
function receiverOf(node: Node): string {
  const type = node.type;
  if (type === 'identifier' || type === 'this' || type === 'super') return node.text;
  const text = node.text.replace(/\s+/g, '').replace(/\?\./g, '.').replace(/!/g, '');
  return NAME_PATH.test(text) ? text : '<expr>';
}

/** A heritage name as written, without type arguments; undefined for `extends mixin(Base)`. */
function heritageName(node: Node): string | undefined {
  const target = node.type === 'generic_type' ? node.childForFieldName('name') : node;
  if (!target) return undefined;
  const text = target.text.replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : undefined;
}

function classHeritage(classNode: Node, def: RawDefinition, b: ExtractionBuilder): void {
  for (const child of classNode.namedChildren) {
    if (child?.type !== 'class_heritage') continue;
    for (const clause of child.namedChildren) {
      if (!clause) continue;
      if (clause.type === 'extends_clause') {
        const value = clause.childForFieldName('value');
        const name = value && heritageName(value);
        if (name) b.inherits(def, name, 'extends');
      } else if (clause.type === 'implements_clause') {
        for (const type of clause.namedChildren) {
          const name = type && heritageName(type);
          if (name) b.inherits(def, name, 'implements');
        }
      } else {
        // The JavaScript grammar puts the extended expression straight under class_heritage.
        const name = heritageName(clause);
        if (name) b.inherits(def, name, 'extends');
      }
    }
    return;
  }
}

/** The name a class expression is known by: its binding, its export slot, or its own name. */
function classExpressionName(node: Node): string | undefined {
  const parent = node.parent;
  if (parent?.type === 'variable_declarator') return parent.childForFieldName('name')?.text;
  if (parent?.type === 'assignment_expression') {
    const left = parent.childForFieldName('left');
    if (left?.type === 'identifier') return left.text;
    if (left?.type === 'member_expression') {
      const own = node.childForFieldName('name')?.text;
      if (left.text.replace(/\s+/g, '') === 'module.exports') return own ?? 'default';
      return left.childForFieldName('property')?.text;
    }
  }
  const own = node.childForFieldName('name')?.text;
  if (own) return own;
  if (parent?.type === 'export_statement') return 'default';
  return undefined;
}

function defineClass(node: Node, name: string, b: ExtractionBuilder): void {
  classHeritage(node, b.define(node, 'class', name), b);
}

function commonPatterns(): Pattern[] {
  return [
    {
      query: '[(function_declaration name: (identifier) @name) (generator_function_declaration name: (identifier) @name)] @def',
      handle: (c, b) => {
        b.define(c.def!, 'function', c.name!.text);
      },
    },
    {
      query: '(class_declaration name: (_) @name) @def',
      handle: (c, b) => defineClass(c.def!, c.name!.text, b),
    },
    {
      query: '(class) @def',
      handle: (c, b) => {
        const name = classExpressionName(c.def!);
        if (name) defineClass(c.def!, name, b);
      },
    },
    {
      query: '(class_body (method_definition name: (_) @name) @def)',
      handle: (c, b) => {
        b.define(c.def!, 'method', unquote(c.name!.text), { methodInType: true });
      },
    },
    {
      query: `(variable_declarator name: (identifier) @name value: ${FUNCTION_VALUE}) @def`,
      handle: (c, b) => {
        b.define(c.def!, 'function', c.name!.text, { bound: true });
      },
    },
    {
      query: `(assignment_expression left: (identifier) @name right: ${FUNCTION_VALUE}) @def`,
      handle: (c, b) => {
        b.define(c.def!, 'function', c.name!.text, { bound: true });
      },
    },
    {
      // module.exports = ... / exports.f = ...
      query: '(assignment_expression left: (member_expression object: (identifier) @obj property: (property_identifier) @prop) right: (_) @right) @def',
      handle: (c, b) => {
        const obj = c.obj!.text;
        if (obj === 'module' && c.prop!.text === 'exports') moduleExportsAssignment(c.right!, b);
        else if (obj === 'exports') exportsPropertyAssignment(c.def!, c.prop!.text, c.right!, b);
      },
    },
    {
      // module.exports.f = ... / Foo.prototype.m = function () {}
      query: '(assignment_expression left: (member_expression object: (member_expression object: (identifier) @obj property: (property_identifier) @mid) property: (property_identifier) @prop) right: (_) @right) @def',
      handle: (c, b) => {
        const obj = c.obj!.text;
        const mid = c.mid!.text;
        if (obj === 'module' && mid === 'exports') exportsPropertyAssignment(c.def!, c.prop!.text, c.right!, b);
        else if (mid === 'prototype' && /^(arrow_function|function_expression|generator_function)$/.test(c.right!.type)) {
          b.define(c.def!, 'method', c.prop!.text, { bound: true, parentName: obj });
        }
      },
    },
    {
      query: '(call_expression function: (identifier) @callee) @call',
      handle: (c, b) => {
        const callee = c.callee!.text;
        if (callee === 'require') requireCall(c.call!, b);
        else b.call(callee, undefined, c.callee!);
      },
    },
    {
      query: '(call_expression function: (member_expression object: (_) @recv property: (_) @callee))',
      handle: (c, b) => b.call(c.callee!.text, receiverOf(c.recv!), c.callee!),
    },
    {
      query: '(call_expression function: (super) @callee)',
      handle: (c, b) => b.call('constructor', 'super', c.callee!),
    },
    {
      query: '(call_expression function: (import) arguments: (arguments . (string) @source)) @call',
      handle: (c, b) => dynamicImport(c.call!, c.source!, b),
    },
    {
      query: '(new_expression constructor: (identifier) @callee)',
      handle: (c, b) => b.call(c.callee!.text, undefined, c.callee!, true),
    },
    {
      query: '(new_expression constructor: (member_expression object: (_) @recv property: (_) @callee))',
      handle: (c, b) => b.call(c.callee!.text, receiverOf(c.recv!), c.callee!, true),
    },
    { query: '(import_statement) @stmt', handle: (c, b) => importStatement(c.stmt!, b) },
    { query: '(export_statement) @stmt', handle: (c, b) => exportStatement(c.stmt!, b) },
  ];
}

function typescriptPatterns(): Pattern[] {
  return [
    {
      query: '(abstract_class_declaration name: (_) @name) @def',
      handle: (c, b) => defineClass(c.def!, c.name!.text, b),
    },
    {
      query: '(class_body (abstract_method_signature name: (_) @name) @def)',
      handle: (c, b) => {
        b.define(c.def!, 'method', unquote(c.name!.text), { methodInType: true });
      },
    },
    {
      query: `(class_body (public_field_definition name: (_) @name value: ${FUNCTION_VALUE}) @def)`,
      handle: (c, b) => {
        b.define(c.def!, 'method', unquote(c.name!.text), { bound: true, methodInType: true });
      },
    },
    {
      query: '(interface_declaration name: (_) @name) @def',
      handle: (c, b) => {
        const def = b.define(c.def!, 'interface', c.name!.text);
        for (const child of c.def!.namedChildren) {
          if (child?.type !== 'extends_type_clause') continue;
          for (const type of child.namedChildren) {
            const name = type && heritageName(type);
            if (name) b.inherits(def, name, 'extends');
          }
        }
      },
    },
    {
      query: '(enum_declaration name: (_) @name) @def',
      handle: (c, b) => {
        b.define(c.def!, 'enum', c.name!.text);
      },
    },
    {
      query: '(type_alias_declaration name: (_) @name) @def',
      handle: (c, b) => {
        b.define(c.def!, 'type', c.name!.text);
      },
    },
  ];
}

function javascriptPatterns(): Pattern[] {
  return [
    {
      query: `(class_body (field_definition property: (_) @name value: ${FUNCTION_VALUE}) @def)`,
      handle: (c, b) => {
        b.define(c.def!, 'method', unquote(c.name!.text), { bound: true, methodInType: true });
      },
    },
  ];
}

const cache = new Map<GrammarId, Pattern[]>();

export const typescriptModule: LanguageModule = {
  grammars: ['typescript', 'tsx', 'javascript'],
  patterns: (grammar) => {
    let patterns = cache.get(grammar);
    if (!patterns) {
      patterns = [...commonPatterns(), ...(grammar === 'javascript' ? javascriptPatterns() : typescriptPatterns())];
      cache.set(grammar, patterns);
    }
    return patterns;
  },
};
