// The names a member's type is written as, for deciding whether the member is callable when
// what the name declares is known (typescript-members.ts, callable-members.ts): `Serialize`,
// `errors.ErrorMap<T>`, a union's names, `Options['onError']`; and the `type` aliases that are
// function types by every branch of a conditional type.
import type { Node } from 'web-tree-sitter';
import { INDEXED_MEMBER } from '../../extract-types.ts';
import { functionTypeOf } from './typescript-function-types.ts';
import { withoutNullish } from './typescript-unions.ts';

/**
 * The name a property's type is written as, when it may alias a function type:
 * `SetTimeoutFunction`, `Serialize | undefined`, `ResponseMetaFn<TRouter>` give the name
 * before any type arguments, `errors.ErrorMap<T>` the qualified name; an indexed access by a string key, `Options<R>['responseMeta']`,
 * gives `Options['responseMeta']` (the member of that name of the type, INDEXED_MEMBER);
 * undefined for any other type.
 */
export function namedTypeOf(annotation: Node | null): string | undefined {
  const written = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  const type = withoutNullish(written ?? null);
  if (type) return singleName(type);
  // `children: RenderFn | React.ReactNode`: callable when any name it admits is a function type.
  return written?.type === 'union_type' ? unionNames(written) : undefined;
}

/** A type written as one name (namedTypeOf), else undefined. */
function singleName(type: Node): string | undefined {
  if (type.type === 'lookup_type') return indexedMemberOf(type);
  const named = type.type === 'generic_type' ? type.childForFieldName('name') : type;
  // `errors.$ZodErrorMap<T>`, `Predicate.Predicate<A>`: a name a namespace import holds.
  if (named?.type === 'nested_type_identifier') return NAMESPACED_TYPE.test(named.text) ? named.text : undefined;
  return named?.type === 'type_identifier' ? named.text : undefined;
}

/** How many names of a union a member's callability is asked of. */
const MAX_UNION_NAMES = 4;

/** The names a union admits, joined by `|` (TypedMember.type), up to MAX_UNION_NAMES; undefined when it admits none. */
function unionNames(union: Node): string | undefined {
  const names: string[] = [];
  const pending: Node[] = [union];
  for (let n = pending.pop(), seen = 0; n && seen < 4 * MAX_UNION_NAMES; n = pending.pop(), seen++) {
    if (n.type === 'union_type' || n.type === 'parenthesized_type') {
      for (const c of n.namedChildren) if (c) pending.push(c);
      continue;
    }
    // An indexed access (`Options['onError']`) is asked alone, never among a union's names.
    const name = singleName(n);
    if (name && !name.includes('[') && !names.includes(name) && names.length < MAX_UNION_NAMES) names.push(name);
  }
  return names.length > 0 ? names.join('|') : undefined;
}

/** `ns.Type`: one namespace and one name, each an identifier (the form callable-members.ts follows). */
const NAMESPACED_TYPE = /^[\w$]{1,80}\.[\w$]{1,80}$/;

/**
 * Whether a `type` alias's value is a conditional type whose branches are all function types,
 * nested conditionals too (`[P] extends [never] ? (fn: F) => T : (fn: F, p: P) => T`): whichever
 * branch holds, a member typed by the alias is called as a function is. A bounded walk.
 */
export function conditionalFunctionType(value: Node | null): boolean {
  if (value?.type !== 'conditional_type') return false;
  const pending: Node[] = [value];
  for (let n = pending.pop(), seen = 0; n; n = pending.pop(), seen++) {
    if (seen > MAX_CONDITIONAL_BRANCHES) return false;
    for (const field of ['consequence', 'alternative']) {
      const branch = n.childForFieldName(field);
      if (branch?.type === 'conditional_type') pending.push(branch);
      else if (!functionTypeOf(branch)) return false;
    }
  }
  return true;
}

const MAX_CONDITIONAL_BRANCHES = 16;

/** `Options['store']`: the indexed access as INDEXED_MEMBER writes it; undefined for any other key or object. */
export function indexedMemberOf(lookup: Node): string | undefined {
  let object = lookup.namedChild(0);
  const key = lookup.namedChild(1)?.namedChild(0);
  if (object?.type === 'generic_type') object = object.childForFieldName('name');
  if (object?.type !== 'type_identifier' || key?.type !== 'string') return undefined;
  const written = `${object.text}['${key.text.slice(1, -1)}']`;
  return INDEXED_MEMBER.test(written) ? written : undefined;
}
