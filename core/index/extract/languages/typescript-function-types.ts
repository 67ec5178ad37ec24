// The function types an annotation declares in place (`(x: X) => Y`, `new (u: string) => W`, an
// object type with a call signature, a method picked by key, the first function a union admits):
// a member typed by one is called as a function is (SPEC §init_workspace).
import type { Node } from 'web-tree-sitter';
import { withoutNullish } from './typescript-unions.ts';

/**
 * The function type an annotation declares in place: `() => void`, `<T>(x: T) => U`, and one
 * written in parentheses beside `null` / `undefined` (`((e: Error) => void) | null`); undefined
 * for any other type, a named one included (`LazyArg<B>` may alias a function type, which is
 * read where it is declared, never here).
 */
export function functionTypeOf(annotation: Node | null): Node | undefined {
  const written = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  let type = withoutNullish(written ?? null) ?? null;
  if (type?.type === 'parenthesized_type') type = type.namedChild(0);
  if (type?.type === 'function_type') return type;
  // `constr: new (def: D) => T`: what `new options.constr(def)` constructs through.
  if (type?.type === 'constructor_type') return type;
  // `serve: { (app: App): Effect; <E>(app: App, opts: O): Effect }`: an object type with a call signature.
  if (type?.type === 'object_type' && hasCallSignature(type)) return type;
  // `{ map(p: P): U }['map']`: the method a key picks from an object type written in place.
  if (type?.type === 'lookup_type') return pickedMethod(type);
  return written?.type === 'union_type' || written?.type === 'intersection_type' ? functionInCombination(written) : undefined;
}

/**
 * Whether a member's type is a value's (`requestAnimationFrame: typeof requestAnimationFrame`,
 * `run: typeof helper`): what such a member holds is called as a function is far more often than
 * not, and the checker resolves `provider.requestAnimationFrame()` to the member.
 */
export function isValueQuery(annotation: Node | null): boolean {
  const written = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  return withoutNullish(written ?? null)?.type === 'type_query';
}

/** The member of `{ ... }['key']` the key names, when it is a method or a function-typed property. */
function pickedMethod(lookup: Node): Node | undefined {
  const object = lookup.namedChild(0);
  const key = lookup.namedChild(1)?.namedChild(0);
  if (object?.type !== 'object_type' || key?.type !== 'string') return undefined;
  const name = key.text.slice(1, -1);
  for (const member of object.namedChildren) {
    if (member?.childForFieldName('name')?.text !== name) continue;
    if (member.type === 'method_signature') return member;
    if (member.type === 'property_signature') return functionTypeOf(member.childForFieldName('type'));
  }
  return undefined;
}

/**
 * The first function type a union admits (`number | ((e: Error) => Delay)`,
 * `(V | (() => V)) | undefined`) or an intersection holds (`(() => Promise<T>) & { marker: true }`):
 * a call on such a member is checked once narrowed (or as the intersection's call signature), and
 * the checker resolves it to the member all the same. Each union, intersection and parenthesis is
 * visited once.
 */
function functionInCombination(union: Node): Node | undefined {
  const pending: Node[] = [union];
  for (let n = pending.pop(); n; n = pending.pop()) {
    if (n.type === 'function_type') return n;
    if (n.type === 'union_type' || n.type === 'intersection_type' || n.type === 'parenthesized_type') for (const c of n.namedChildren) if (c) pending.push(c);
  }
  return undefined;
}

/**
 * Whether an object type (or interface body) has a call or construct signature: `{ (x: X): Y }`, `{ new (u: string): W }`, and a
 * function with properties, `interface Lambda { (): void; name?: string }`, which a member typed
 * by it is called as.
 */
export function hasCallSignature(type: Node): boolean {
  // `WebSocketCtor?: { new (url: string): WebSocket }`: constructed through, as called through.
  for (const member of type.namedChildren) if (member?.type === 'call_signature' || member?.type === 'construct_signature') return true;
  return false;
}
