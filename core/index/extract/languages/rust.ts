// Rust (.rs, indexed when `include` names it): functions, methods (owner = the impl's self type
// or the trait), structs, enums, traits, type aliases, `use` trees, calls (`f()`, `x.f()`,
// `Type::f()`), `impl Trait for Type` and supertraits. Exported = any `pub` visibility.
import type { Node } from 'web-tree-sitter';
import type { DefinitionKind, ImportBinding } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext, HandlerSteps, LanguageModule, NodeHandler } from './language-module.ts';
import { exportTopLevelDefinitions, ITEMS_PER_STEP, wordAt } from './language-module.ts';

const NAME_PATH = /^[A-Za-z_]\w*((\.|::)[A-Za-z_]\w*)*$/;

function isPub(item: Node): boolean {
  return item.namedChild(0)?.type === 'visibility_modifier';
}

/** `Vec<T>` -> Vec, `a::B<T>` -> a::B, `&mut S` -> S. */
function typeName(node: Node): string | undefined {
  const text = node.text
    .replace(/<[\s\S]*$/, '')
    .replace(/^&\s*(mut\s+)?/, '')
    .replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : undefined;
}

/** Use lists nested deeper than this are not read: each level's leaves carry every level's path, so a deeper tree costs the square of its depth. */
const MAX_USE_DEPTH = 64;

/**
 * Flattens a use tree into one import per leaf: `a::{b, c as d}` -> a::b {b}, a::c {c as d}.
 * Walked with a stack of its own (a tree nested 10,000 deep is no deeper on the JS stack), in
 * document order, a step per ITEMS_PER_STEP nodes.
 */
function* useTree(root: Node, line: number, b: ExtractionBuilder): HandlerSteps {
  const leaf = (source: string, bindings: ImportBinding[]) => b.addImport({ kind: 'rust', source, bindings, line });
  const pending: Array<{ node: Node; prefix: string; depth: number }> = [{ node: root, prefix: '', depth: 0 }];
  let read = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (++read % ITEMS_PER_STEP === 0) yield;
    const { node, prefix, depth } = next;
    const join = (path: string) => (prefix ? `${prefix}::${path}` : path);
    switch (node.type) {
      case 'identifier':
      case 'scoped_identifier':
      case 'crate':
      case 'self':
      case 'super': {
        const path = join(node.text.replace(/\s+/g, ''));
        const last = path.slice(path.lastIndexOf(':') + 1);
        leaf(path, [{ imported: last, local: last }]);
        break;
      }
      case 'use_as_clause': {
        const path = join((node.childForFieldName('path')?.text ?? '').replace(/\s+/g, ''));
        const last = path.slice(path.lastIndexOf(':') + 1);
        leaf(path, [{ imported: last, local: node.childForFieldName('alias')?.text ?? last }]);
        break;
      }
      case 'use_wildcard': {
        const base = node.namedChild(0)?.text.replace(/\s+/g, '');
        leaf(base ? join(base) : prefix, [{ imported: '*', local: '*' }]);
        break;
      }
      case 'scoped_use_list': {
        const path = node.childForFieldName('path')?.text.replace(/\s+/g, '');
        const list = node.childForFieldName('list');
        if (list && depth < MAX_USE_DEPTH) pending.push({ node: list, prefix: path ? join(path) : prefix, depth: depth + 1 });
        break;
      }
      case 'use_list': {
        const children = node.namedChildren;
        for (let i = children.length - 1; i >= 0; i--) {
          const child = children[i];
          if (child) pending.push({ node: child, prefix, depth });
        }
        break;
      }
    }
  }
}

function item(kind: DefinitionKind): NodeHandler {
  return (node, { b, source }) => {
    const name = node.childForFieldName('name');
    if (!name) return;
    const def = b.define(node, kind, wordAt(source, name.startIndex), { exported: isPub(node) });
    if (kind !== 'trait') return;
    const bounds = node.childForFieldName('bounds');
    for (const bound of bounds?.namedChildren ?? []) {
      const name = bound && typeName(bound);
      if (name) b.inherits(def, name, 'extends');
    }
  };
}

const fn: NodeHandler = (node, { b, source }) => {
  const name = node.childForFieldName('name');
  if (name) b.define(node, 'function', wordAt(source, name.startIndex), { exported: isPub(node), methodInType: true });
};

function call(node: Node, { b, source, receiverText }: FileContext): void {
  let fn = node.firstChild;
  if (fn?.type === 'generic_function') fn = fn.firstChild; // g::<T>()
  if (!fn) return;
  const type = fn.type;
  if (type === 'identifier') {
    b.call(wordAt(source, fn.startIndex), undefined, fn);
  } else if (type === 'field_expression' || type === 'scoped_identifier') {
    const name = fn.lastChild;
    if (name && (name.type === 'field_identifier' || name.type === 'identifier')) {
      b.call(wordAt(source, name.startIndex), receiverText(fn.startIndex, name.startIndex, NAME_PATH), name);
    }
  }
}

const HANDLERS: Record<string, NodeHandler> = {
  function_item: fn,
  function_signature_item: fn,
  struct_item: item('struct'),
  enum_item: item('enum'),
  trait_item: item('trait'),
  type_item: item('type'),
  impl_item: (node, { b }) => {
    const type = node.childForFieldName('type');
    const owner = type && typeName(type);
    if (!owner) return;
    b.ownerScope(node, owner);
    const trait = node.childForFieldName('trait');
    const traitName = trait && typeName(trait);
    if (traitName) b.inherits(owner, traitName, 'implements');
  },
  call_expression: call,
  use_declaration: (node, { b }) => {
    const tree = node.childForFieldName('argument');
    return tree ? useTree(tree, node.startPosition.row + 1, b) : undefined;
  },
};

export const rustModule: LanguageModule<'rust', 'rust'> = {
  extensions: { '.rs': { grammar: 'rust', language: 'rust' } },
  indexedByDefault: [],
  grammars: ['rust'],
  grammarPackages: { rust: 'tree-sitter-rust@0.24.0' },
  languages: { rust: { surface: 'exports' } },
  // `crate::`, `self::` and `super::` paths follow the module tree, which the index does not map
  // to files yet: every `use` is left unresolved.
  importResolver: () => ({ resolve: () => undefined }),
  handlers: () => HANDLERS,
  finish: exportTopLevelDefinitions,
};
