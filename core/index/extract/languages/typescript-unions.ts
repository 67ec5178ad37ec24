// Unions a declared type is read through: `Store | null` is a Store wherever a call is made on it;
// `Annotation | boolean` and `Unsubscribable | (() => void)` that type for a member no primitive or
// function has (extract-types.ts MAYBE_PRIMITIVE, MAYBE_FUNCTION); any union of two named types
// is neither (SPEC §init_workspace: declared types only, nothing inferred). An intersection is
// read as the named type it leads with.
import type { Node } from 'web-tree-sitter';

/**
 * Nodes of an intersection read for the named part it leads with: its parts and the intersections
 * nesting them (`A & B & C` nests one per `&`, to the left), so a hostile chain is read this far.
 */
const MAX_INTERSECTION_NODES = 16;

/**
 * `Init & { stream: S }`, `TRet<FpFn<T> & { CURVE: C }>`: an intersection as its first part in
 * source order that is no object type written in place, where the checker finds the members the
 * named parts declare (a member only a part written in place declares is typed by none here);
 * undefined when every part read is one, or when a part written in place fixes a property to one
 * value (`core.Primitive & { _op: OpCodes.OP_SYNC }`), which narrows a union the named part may
 * be to the members that agree, as the graph does not. Any other type is itself.
 */
export function intersectionLead(type: Node): Node | undefined {
  if (type.type !== 'intersection_type') return type;
  let lead: Node | undefined;
  const pending: Node[] = [type];
  for (let n = pending.pop(), seen = 0; n; n = pending.pop()) {
    if (++seen > MAX_INTERSECTION_NODES) return undefined;
    if (n.type === 'intersection_type') {
      const parts = n.namedChildren;
      for (let i = parts.length - 1; i >= 0; i--) if (parts[i]) pending.push(parts[i]!);
      continue;
    }
    if (n.type !== 'object_type') lead ??= n;
    else if (hasDiscriminant(n)) return undefined;
  }
  return lead;
}

/** Members of a written part looked at for a discriminant. */
const MAX_DISCRIMINANT_MEMBERS = 16;

/** Types that fix a property to one value: `'left'`, `1`, `` `on${string}` ``, an enum's member (`OpCodes.OP_SYNC`). */
const ONE_VALUE_TYPES = new Set(['literal_type', 'template_literal_type', 'nested_type_identifier']);

/** Whether an object type written in place declares a property of one value (intersectionLead). */
function hasDiscriminant(object: Node): boolean {
  const members = object.namedChildren;
  for (let i = 0; i < members.length && i < MAX_DISCRIMINANT_MEMBERS; i++) {
    const member = members[i];
    if (member?.type !== 'property_signature') continue;
    const written = member.childForFieldName('type')?.namedChild(0);
    if (written && ONE_VALUE_TYPES.has(written.type)) return true;
  }
  return false;
}

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
