// A conditional type's branches as a union's parts, for the members an object type written in a
// branch gives what holds it (typescript-members.ts combinationHolder): `type Ctx<K> = [K] extends
// [never] ? { client: Client } : { client: Client; page: K }`. The checker takes one branch per
// instantiation, so a member is read only where no branch declares the same name otherwise:
// `K extends string ? { foo: Foo } : { foo: Baz }` gives `foo` no type here, as the graph would
// name one of the two where the other is meant.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';

/** Branches (object types) read per conditional type, nested ones included. */
const MAX_BRANCHES = 8;
/** Members read per branch when looking for another declaration of a name. */
const MAX_BRANCH_MEMBERS = 64;

/** Whether `child` is one of conditional type `holder`'s two branches (never what it tests). */
export function isBranchOf(holder: Node, child: Node): boolean {
  if (holder.type !== 'conditional_type') return false;
  return holder.childForFieldName('consequence')?.id === child.id || holder.childForFieldName('alternative')?.id === child.id;
}

/**
 * Whether `member`, in a branch of conditional type `conditional`, is declared alike in every
 * branch of it that declares its name, nested conditionals' branches included: each must be an
 * object type (or `never`), at most MAX_BRANCHES; false for any other shape, or a name written
 * otherwise in another branch. A conditional nested in a branch of another is asked for each
 * (typescript-members.ts combinationHolder walks up through both), so the outermost decides.
 */
export function branchesAgree(member: Node, conditional: Node, { source }: Pick<FileContext, 'source'>): boolean {
  const name = member.childForFieldName('name')?.text;
  if (!name) return false;
  const written = compact(source.slice(member.startIndex, member.endIndex));
  const pending: Node[] = [conditional];
  let leaves = 0;
  while (pending.length > 0) {
    const n = pending.pop()!;
    if (n.type === 'conditional_type' || n.type === 'parenthesized_type') {
      const parts = n.type === 'conditional_type' ? [n.childForFieldName('consequence'), n.childForFieldName('alternative')] : [n.namedChild(0)];
      for (const part of parts) if (part) pending.push(part);
      continue;
    }
    if (++leaves > MAX_BRANCHES) return false;
    if (n.type === 'predefined_type' && n.text === 'never') continue;
    if (n.type !== 'object_type' || n.namedChildCount > MAX_BRANCH_MEMBERS) return false;
    for (const other of n.namedChildren) {
      if (!other || other.id === member.id || other.childForFieldName('name')?.text !== name) continue;
      if (compact(source.slice(other.startIndex, other.endIndex)) !== written) return false;
    }
  }
  return true;
}

/** A member's text without its spacing or a trailing separator, for comparing two declarations. */
function compact(text: string): string {
  return text.replace(/\s+/g, '').replace(/[;,]$/, '');
}
