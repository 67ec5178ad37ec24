// Object literals as values: the literal a value is past its wrappers (and whether a type is
// written over it), whether `Object.freeze(...)` around it is a declarator's value, and the parts
// `Object.assign({}, ...)` merges, read by the handlers that define a literal's members
// (typescript-objects.ts).
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

/** Arguments of one `Object.assign(...)` read. */
const MAX_ASSIGNED_PARTS = 16;

/**
 * `Object.assign({}, base, { extra() {} })`: the object literals and names it merges into the
 * literal its first argument writes, in order, as the checker types the result (the intersection
 * of them all); undefined for any other value, or where an argument is neither.
 */
export function assignedParts(value: Node | null): Node[] | undefined {
  for (let i = 0; value && WRAPPERS.has(value.type) && i < 4; i++) value = value.namedChild(0);
  if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'Object.assign') return undefined;
  const parts = value.childForFieldName('arguments')?.namedChildren ?? [];
  if (parts[0]?.type !== 'object' || parts.length > MAX_ASSIGNED_PARTS) return undefined;
  return parts.every((part) => part?.type === 'object' || part?.type === 'identifier') ? (parts as Node[]) : undefined;
}

/**
 * `Object.assign({}, base, { extra() {} })` where a module object's reader takes it
 * (typescript-objects.ts assignedMembers): an `export default`'s value, an export's
 * (`module.exports = ...`, `exports.tools = ...`, `module.exports.tools = ...`), or the value of a
 * declarator at the module's top with a name and no type written over it. Its parts there, so the
 * literals it merges are that object's members; undefined anywhere else, where they are members
 * of what encloses the call, as any argument's (argumentObject).
 */
export function moduleAssignedParts(value: Node, f: FileContext): Node[] | undefined {
  const parts = assignedParts(value);
  if (!parts) return undefined;
  const call = parts[0] && f.parentOf(f.parentOf(parts[0])!);
  const holder = call && holderOf(call, f);
  if (holder?.type === 'export_statement') return parts;
  if (holder?.type === 'assignment_expression') {
    const left = holder.childForFieldName('left');
    const text = left && left.endIndex - left.startIndex <= MAX_EXPORT_CHARS ? left.text.replace(/\s+/g, '') : '';
    return EXPORT_TARGET.test(text) ? parts : undefined;
  }
  if (holder?.type !== 'variable_declarator' || holder.childForFieldName('name')?.type !== 'identifier' || holder.childForFieldName('type')) return undefined;
  let declaration = f.parentOf(holder);
  if (declaration && f.parentOf(declaration)?.type === 'export_statement') declaration = f.parentOf(declaration);
  return declaration && f.parentOf(declaration)?.type === 'program' ? parts : undefined;
}

/** What an export assigns: the module's exports, or one name of them. */
const EXPORT_TARGET = /^(module\.exports|(module\.)?exports\.[\w$]{1,80})$/;
/** The longest assignment target read as an export's. */
const MAX_EXPORT_CHARS = 120;

/** The node holding a value past the wrappers around it (parentheses, casts). */
function holderOf(value: Node, f: FileContext): Node | null {
  let holder = f.parentOf(value);
  for (let i = 0; holder && WRAPPERS.has(holder.type) && i < 4; i++) holder = f.parentOf(holder);
  return holder;
}

/** Whether `call` is `Object.freeze(...)` a declarator holds (past WRAPPERS), whose literal's members the declarator's handler defines. */
export function frozenDeclaratorValue(call: Node, f: FileContext): boolean {
  if (call.childForFieldName('function')?.text !== 'Object.freeze') return false;
  const holder = holderOf(call, f);
  // The declarator's handler defines the members where its name is one and no type is written over it.
  return holder?.type === 'variable_declarator' && holder.childForFieldName('name')?.type === 'identifier' && !holder.childForFieldName('type');
}
