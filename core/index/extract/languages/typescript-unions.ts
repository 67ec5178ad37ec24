// Unions a declared type is read through: `Store | null` is a Store wherever a call is made on it;
// `Annotation | boolean` and `Unsubscribable | (() => void)` that type for a member no primitive or
// function has (extract-types.ts MAYBE_PRIMITIVE, MAYBE_FUNCTION); any union of two named types
// is neither (SPEC §init_workspace: declared types only, nothing inferred).
import type { Node } from 'web-tree-sitter';

/**
 * The one member of a union that `dropped` does not drop; undefined when none, or more than one,
 * stays, or past `max` nodes. Walked with a stack of its own, last members first (a union nests
 * to the left, one level per `|`), and left at the second member that stays.
 */
function soleMember(type: Node, dropped: (n: Node) => boolean, max = Number.POSITIVE_INFINITY): Node | undefined {
  let kept: Node | undefined;
  const pending: Node[] = [type];
  for (let n = pending.pop(), seen = 0; n; n = pending.pop()) {
    if (++seen > max) return undefined;
    if (n.type === 'union_type') {
      for (const c of n.namedChildren) if (c) pending.push(c);
    } else if (!dropped(n)) {
      if (kept) return undefined;
      kept = n;
    }
  }
  return kept;
}

/** `null`, `undefined`, `void` (and, where asked, `never`): a member that holds no value to call on. */
function isNothing(n: Node, never: boolean): boolean {
  return (n.type === 'literal_type' || n.type === 'predefined_type') && (never ? /^(null|undefined|void|never)$/ : /^(null|undefined|void)$/).test(n.text);
}

/** A type with `null`, `undefined` and `void` dropped from a union; undefined when more than one member stays. */
export function withoutNullish(type: Node | null): Node | undefined {
  if (type?.type !== 'union_type') return type ?? undefined;
  return soleMember(type, (n) => isNothing(n, false));
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
  let primitive = false;
  let callable = false;
  const kept = soleMember(
    type,
    (n) => {
      if (!isPrimitive(n)) return isNothing(n, true);
      primitive = true;
      callable ||= n.type === 'function_type' || n.type === 'parenthesized_type';
      return true;
    },
    MAX_UNION_MEMBERS,
  );
  return primitive && kept ? { kept, callable } : undefined;
}
