// Unions a declared type is read through: `Store | null` is a Store wherever a call is made on it;
// `Annotation | boolean` and `Unsubscribable | (() => void)` that type for a member no primitive or
// function has (extract-types.ts
// MAYBE_PRIMITIVE); any union of two named types is neither (SPEC §init_workspace: declared
// types only, nothing inferred).
import type { Node } from 'web-tree-sitter';

/**
 * A type with `null`, `undefined` and `void` dropped from a union; undefined when more than one
 * member stays. Walked with a stack of its own, last members first (a union nests to the left,
 * one level per `|`), and left at the second member that stays.
 */
export function withoutNullish(type: Node | null): Node | undefined {
  if (type?.type !== 'union_type') return type ?? undefined;
  let kept: Node | undefined;
  const pending: Node[] = [type];
  for (let n = pending.pop(); n; n = pending.pop()) {
    if (n.type === 'union_type') {
      for (const c of n.namedChildren) if (c) pending.push(c);
    } else if (!(n.type === 'literal_type' || n.type === 'predefined_type') || !/^(null|undefined|void)$/.test(n.text)) {
      if (kept) return undefined;
      kept = n;
    }
  }
  return kept;
}

/**
 * Types whose values have members of their own no workspace type declares: primitives (`boolean`,
 * `'auto'`, `` `on${string}` ``) and functions (`(() => void)`, whose members are Function's).
 */
function isPrimitive(n: Node): boolean {
  if (n.type === 'predefined_type') return /^(string|number|boolean|bigint|symbol)$/.test(n.text);
  if (n.type === 'parenthesized_type') return n.namedChild(0)?.type === 'function_type';
  return n.type === 'function_type' || n.type === 'template_literal_type' || (n.type === 'literal_type' && !/^(null|undefined)$/.test(n.text));
}

/** How many members of a union are read for the one named type beside its primitives. */
const MAX_UNION_MEMBERS = 16;

/**
 * `Annotation | boolean`, `string | BindingKey | undefined`, `Unsubscribable | (() => void)`: the
 * one member a union keeps past null, undefined, void and at least one primitive or function, and
 * whether a function was among them; undefined when none, or more than one, stays.
 */
export function withoutPrimitives(type: Node): { kept: Node; callable: boolean } | undefined {
  let kept: Node | undefined;
  let primitive = false;
  let callable = false;
  const pending: Node[] = [type];
  for (let n = pending.pop(), seen = 0; n; n = pending.pop()) {
    if (++seen > MAX_UNION_MEMBERS) return undefined;
    if (n.type === 'union_type') {
      for (const c of n.namedChildren) if (c) pending.push(c);
    } else if (isPrimitive(n)) {
      primitive = true;
      callable ||= n.type === 'function_type' || n.type === 'parenthesized_type';
    } else if (!((n.type === 'literal_type' || n.type === 'predefined_type') && /^(null|undefined|void|never)$/.test(n.text))) {
      if (kept) return undefined;
      kept = n;
    }
  }
  return primitive && kept ? { kept, callable } : undefined;
}
