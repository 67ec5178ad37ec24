// A callback's parameter typed by a type parameter its function shares with another parameter:
// `resolveList<T, V>(list: T[], resolver: (item: T) => V)`. The checker infers T from the
// argument passed for `list`; this reads it from that argument's declared type, no further: the
// declared form `@k` (what argument k is) or `@k[*]` (an element of it), resolved at each call
// (declared-types.ts, with the arguments typescript-callbacks.ts records).
import type { Node } from 'web-tree-sitter';
import { parametersOf, typeArgumentsOf } from './typescript-types.ts';
import { withoutNullish } from './typescript-unions.ts';

/** Collections whose one type argument is what their elements are. */
const ELEMENT_OF = new Set(['Array', 'ReadonlyArray', 'Iterable', 'Set', 'ReadonlySet']);
/** Type parameters read per function. */
const MAX_TYPE_PARAMETERS = 16;

/** The names of a function's type parameters (`<T, V extends X>`: T and V). */
function typeParameterNames(fn: Node): Set<string> {
  const names = new Set<string>();
  const list = fn.childForFieldName('type_parameters');
  for (const p of list?.namedChildren ?? []) {
    if (names.size >= MAX_TYPE_PARAMETERS) break;
    const name = p?.type === 'type_parameter' ? p.childForFieldName('name') : null;
    if (name) names.add(name.text);
  }
  return names;
}

/** `T` in `T[]`, `readonly T[]`, `Array<T>`, `Iterable<T>`: the element type's node; undefined for any other type. */
function elementOf(type: Node): Node | undefined {
  let t: Node | null = type;
  for (let i = 0; t?.type === 'readonly_type' && i < 4; i++) t = t.namedChild(0);
  if (t?.type === 'array_type') return t.namedChild(0) ?? undefined;
  if (t?.type !== 'generic_type' || !ELEMENT_OF.has(t.childForFieldName('name')?.text ?? '')) return undefined;
  const args = typeArgumentsOf(t);
  return args?.namedChildCount === 1 ? (args.namedChild(0) ?? undefined) : undefined;
}

/**
 * The declared form of callback parameter `written` (a bare type parameter of `fn`) taken from
 * the other parameter of `fn` that holds it, as `@k` or `@k[*]`; undefined when none does, or
 * when `written` is no type parameter of `fn`.
 */
export function typeParameterSource(fn: Node, callbackAt: number, written: Node | null): string | undefined {
  let type = written?.type === 'type_annotation' ? written.namedChild(0) : written;
  type = withoutNullish(type ?? null) ?? null;
  if (type?.type !== 'type_identifier') return undefined;
  const name = type.text;
  if (!typeParameterNames(fn).has(name)) return undefined;
  let found: string | undefined;
  parametersOf(fn).forEach((param, k) => {
    if (found !== undefined || k === callbackAt || !param?.type) return;
    const held = withoutNullish(param.type.type === 'type_annotation' ? param.type.namedChild(0) : param.type);
    if (!held) return;
    if (held.type === 'type_identifier' && held.text === name) found = `@${k}`;
    else if (elementOf(held)?.text === name) found = `@${k}[*]`;
  });
  return found;
}
