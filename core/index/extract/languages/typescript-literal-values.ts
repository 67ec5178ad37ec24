// Object literals as values: the literal a value is past its wrappers (and whether a type is
// written over it), and whether `Object.freeze(...)` around it is a declarator's value, read by the
// handlers that define a literal's members (typescript-objects.ts).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';

/** Wrappers a literal may sit in and still be the value: `{...} as const`, `satisfies T`, parentheses. */
export const WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression', 'non_null_expression']);

/**
 * The object literal a value is, past its wrappers and `Object.freeze(...)` (which returns it);
 * undefined for any other value. `ownType`: also undefined where a type is written over the literal
 * (`{...} as Api`, `satisfies Api`), which the checker then reads `this` in its methods as; `as
 * const`, parentheses and `Object.freeze(...)` keep the literal's own.
 */
export function literalOf(value: Node | null, ownType = false): Node | undefined {
  for (let i = 0; value && i < 4; i++) {
    // `as const` writes `const` as a keyword, no type: the cast's one named child is the value.
    if (ownType && (value.type === 'satisfies_expression' || (value.type === 'as_expression' && value.namedChildCount > 1))) return undefined;
    if (WRAPPERS.has(value.type)) value = value.namedChild(0);
    else if (value.type === 'call_expression' && value.childForFieldName('function')?.text === 'Object.freeze')
      value = value.childForFieldName('arguments')?.namedChild(0) ?? null;
    else break;
  }
  return value?.type === 'object' ? value : undefined;
}

/** Whether `call` is `Object.freeze(...)` a declarator holds (past WRAPPERS), whose literal's members the declarator's handler defines. */
export function frozenDeclaratorValue(call: Node, f: FileContext): boolean {
  if (call.childForFieldName('function')?.text !== 'Object.freeze') return false;
  let holder = f.parentOf(call);
  for (let i = 0; holder && WRAPPERS.has(holder.type) && i < 4; i++) holder = f.parentOf(holder);
  // The declarator's handler defines the members where its name is one and no type is written over it.
  return holder?.type === 'variable_declarator' && holder.childForFieldName('name')?.type === 'identifier' && !holder.childForFieldName('type');
}
