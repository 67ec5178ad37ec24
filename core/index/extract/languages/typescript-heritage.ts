// Heritage in TypeScript and JavaScript: a class's `extends` and `implements`, an interface's
// `extends`, and the named types a `type` alias intersects, which its members come from as an
// interface's come from its bases (resolution follows them: call-resolution.ts findMethod).
import type { Node } from 'web-tree-sitter';
import type { RawDefinition } from '../extraction-builder.ts';
import type { FileContext, HandlerSteps } from './language-module.ts';
import { ITEMS_PER_STEP } from './language-module.ts';
import { compactText } from './source-text.ts';
import { isNamePathChar, NAME_PATH } from './typescript-types.ts';

/** How many named types of one intersection are read as bases. */
const MAX_INTERSECTION_PARTS = 16;

/**
 * `type Options<R> = HTTPBaseHandlerOptions<R, Request> & Callback<C> & { req: Request }`: the
 * alias has every member of each named type it intersects, as an interface has its bases', so
 * `opts.onError()` on an `Options` reaches what HTTPBaseHandlerOptions (or its base) declares.
 */
export function intersectionHeritage(def: RawDefinition, intersection: Node, { b, source }: FileContext): void {
  const pending: Node[] = [intersection];
  for (let n = pending.pop(), read = 0; n && read < MAX_INTERSECTION_PARTS; n = pending.pop(), read++) {
    if (n.type === 'intersection_type' || n.type === 'parenthesized_type') {
      for (const part of n.namedChildren) if (part) pending.push(part);
    } else if (n.type === 'type_identifier' || n.type === 'generic_type' || n.type === 'nested_type_identifier') {
      const parent = heritageName(n, source);
      if (parent) b.inherits(def, parent, 'extends');
    }
  }
}

/**
 * A heritage name as written, without type arguments; undefined for `extends mixin(Base)`.
 * Read up to the first char no name holds: `class extends (class extends (…))` nests the
 * rest of the file in each heritage.
 */
export function heritageName(node: Node, source: string): string | undefined {
  const target = node.type === 'generic_type' ? node.childForFieldName('name') : node;
  if (!target) return undefined;
  const text = compactText(source, target.startIndex, target.endIndex, isNamePathChar);
  return text !== undefined && NAME_PATH.test(text) ? text : undefined;
}

/** A class's `extends` and `implements`: a step per ITEMS_PER_STEP implemented types. */
export function* classHeritage(classNode: Node, def: RawDefinition, { b, source }: FileContext): HandlerSteps {
  for (const child of classNode.namedChildren) {
    if (child?.type !== 'class_heritage') continue;
    for (const clause of child.namedChildren) {
      if (!clause) continue;
      if (clause.type === 'extends_clause') {
        const value = clause.childForFieldName('value');
        const name = value && heritageName(value, source);
        if (name) b.inherits(def, name, 'extends');
      } else if (clause.type === 'implements_clause') {
        let read = 0;
        for (const type of clause.namedChildren) {
          if (++read % ITEMS_PER_STEP === 0) yield;
          const name = type && heritageName(type, source);
          if (name) b.inherits(def, name, 'implements');
        }
      } else {
        // The JavaScript grammar puts the extended expression straight under class_heritage.
        const name = heritageName(clause, source);
        if (name) b.inherits(def, name, 'extends');
      }
    }
    return;
  }
}

/** The name a class expression is known by: its binding, its export slot, or its own name. */
export function classExpressionName(node: Node, parentOf: FileContext['parentOf']): string | undefined {
  const parent = parentOf(node);
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

export function defineClass(node: Node, name: string, f: FileContext): HandlerSteps {
  return classHeritage(node, f.b.define(node, 'class', name), f);
}
