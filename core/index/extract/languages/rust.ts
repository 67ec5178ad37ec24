// Rust (.rs, indexed when `include` names it): functions, methods (owner = the impl's self type
// or the trait), structs, enums, traits, type aliases, `use` trees, calls (`f()`, `x.f()`,
// `Type::f()`), `impl Trait for Type` and supertraits. Exported = any `pub` visibility.
import type { Node } from 'web-tree-sitter';
import type { DefinitionKind, ImportBinding } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { LanguageModule, Pattern } from './language-module.ts';

const NAME_PATH = /^[A-Za-z_]\w*((\.|::)[A-Za-z_]\w*)*$/;

function isPub(item: Node): boolean {
  return item.namedChild(0)?.type === 'visibility_modifier';
}

/** `Vec<T>` -> Vec, `a::B<T>` -> a::B, `&mut S` -> S. */
function typeName(node: Node): string | undefined {
  const text = node.text.replace(/<[\s\S]*$/, '').replace(/^&\s*(mut\s+)?/, '').replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : undefined;
}

function receiverOf(node: Node): string {
  const type = node.type;
  if (type === 'identifier' || type === 'self' || type === 'crate' || type === 'super') return node.text;
  const text = node.text.replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : '<expr>';
}

/** Flattens a use tree into one import per leaf: `a::{b, c as d}` -> a::b {b}, a::c {c as d}. */
function useTree(node: Node, prefix: string, line: number, b: ExtractionBuilder): void {
  const join = (path: string) => (prefix ? `${prefix}::${path}` : path);
  const leaf = (source: string, bindings: ImportBinding[]) => b.addImport({ kind: 'rust', source, bindings, line });
  switch (node.type) {
    case 'identifier':
    case 'scoped_identifier':
    case 'crate':
    case 'self':
    case 'super': {
      const path = join(node.text.replace(/\s+/g, ''));
      const last = path.slice(path.lastIndexOf(':') + 1);
      leaf(path, [{ imported: last, local: last }]);
      return;
    }
    case 'use_as_clause': {
      const path = join((node.childForFieldName('path')?.text ?? '').replace(/\s+/g, ''));
      const last = path.slice(path.lastIndexOf(':') + 1);
      leaf(path, [{ imported: last, local: node.childForFieldName('alias')?.text ?? last }]);
      return;
    }
    case 'use_wildcard': {
      const base = node.namedChild(0)?.text.replace(/\s+/g, '');
      leaf(base ? join(base) : prefix, [{ imported: '*', local: '*' }]);
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path')?.text.replace(/\s+/g, '');
      const list = node.childForFieldName('list');
      if (list) useTree(list, path ? join(path) : prefix, line, b);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) if (child) useTree(child, prefix, line, b);
      return;
  }
}

function item(kind: DefinitionKind): Pattern['handle'] {
  return (c, b) => {
    const def = b.define(c.def!, kind, c.name!.text, { exported: isPub(c.def!) });
    if (kind !== 'trait') return;
    const bounds = c.def!.childForFieldName('bounds');
    for (const bound of bounds?.namedChildren ?? []) {
      const name = bound && typeName(bound);
      if (name) b.inherits(def, name, 'extends');
    }
  };
}

const PATTERNS: Pattern[] = [
  {
    query: '[(function_item name: (identifier) @name) (function_signature_item name: (identifier) @name)] @def',
    handle: (c, b) => {
      b.define(c.def!, 'function', c.name!.text, { exported: isPub(c.def!), methodInType: true });
    },
  },
  { query: '(struct_item name: (type_identifier) @name) @def', handle: item('struct') },
  { query: '(enum_item name: (type_identifier) @name) @def', handle: item('enum') },
  { query: '(trait_item name: (type_identifier) @name) @def', handle: item('trait') },
  { query: '(type_item name: (type_identifier) @name) @def', handle: item('type') },
  {
    query: '(impl_item type: (_) @type) @impl',
    handle: (c, b) => {
      const owner = typeName(c.type!);
      if (!owner) return;
      b.ownerScope(c.impl!, owner);
      const trait = c.impl!.childForFieldName('trait');
      const traitName = trait && typeName(trait);
      if (traitName) b.inherits(owner, traitName, 'implements');
    },
  },
  {
    query: '(call_expression function: [(identifier) @callee (generic_function function: (identifier) @callee)])',
    handle: (c, b) => b.call(c.callee!.text, undefined, c.callee!),
  },
  {
    query: '(call_expression function: [(field_expression value: (_) @recv field: (field_identifier) @callee) (generic_function function: (field_expression value: (_) @recv field: (field_identifier) @callee))])',
    handle: (c, b) => b.call(c.callee!.text, receiverOf(c.recv!), c.callee!),
  },
  {
    query: '(call_expression function: [(scoped_identifier path: (_) @recv name: (identifier) @callee) (generic_function function: (scoped_identifier path: (_) @recv name: (identifier) @callee))])',
    handle: (c, b) => b.call(c.callee!.text, receiverOf(c.recv!), c.callee!),
  },
  {
    query: '(use_declaration argument: (_) @tree) @stmt',
    handle: (c, b) => useTree(c.tree!, '', c.stmt!.startPosition.row + 1, b),
  },
];

export const rustModule: LanguageModule = {
  grammars: ['rust'],
  patterns: () => PATTERNS,
  finish: (result) => {
    for (const def of result.definitions) {
      // A `pub` item inside a function is still private to it; methods are reached through their type.
      if (def.kind === 'method') continue;
      if (def.parent !== null) def.exported = false;
      else if (def.exported) result.exports.push({ local: def.name, exported: def.name });
    }
  },
};
