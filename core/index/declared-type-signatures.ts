// The declared forms that name a function's signature: `isMap(is)` (what a guard's predicate
// declares), `defineTool(0).handle(1)` (a parameter of a member of the callee's parameter type),
// `QueryBehavior#onFetch(0)` (a parameter of a named type's member) and `Handler(1)` (a parameter
// of a function type alias). Each is read through what the named function or type declares,
// never inferred (declared-type-forms.ts).
import type { DeclaredType } from './extract-types.ts';
import type { DefRef } from './symbol-table.ts';
import {
  ASSERTS_SUFFIX,
  CALLBACK_FORM,
  GUARD_SUFFIX,
  LITERAL_MEMBER_FORM,
  PARAMETER_FORM,
  RETURNED_PARAMETER_FORM,
  TYPE_MEMBER_FORM,
  type Typed,
} from './declared-type-forms.ts';

/** What the signature forms read, handed by DeclaredTypes. */
export interface SignatureReader {
  lookup: {
    resolveType(file: number, written: string): { ref: DefRef; confidence: number } | undefined;
    method(cls: DefRef, name: string): DefRef | undefined;
  };
  kindOf(ref: DefRef): string | undefined;
  /** The function a path calls where `d` is declared, or the method of a typed value (`on`). */
  callee(file: number, d: DeclaredType, path: string): { fn: DefRef; confidence: number } | { on: Typed; method: string } | undefined;
  /** What a function declares under a suffix (`(is)`, `(j)`, `(i,j)`), typed. */
  declaredFor(fn: DefRef, suffix: string): Typed | undefined;
}

/** The type a signature form of `d` names; null when `d` is written in none of them. */
export function typedBySignature(r: SignatureReader, file: number, d: DeclaredType): Typed | undefined | null {
  const type = d.type;
  const predicate = type.endsWith(GUARD_SUFFIX) ? GUARD_SUFFIX : type.endsWith(ASSERTS_SUFFIX) ? ASSERTS_SUFFIX : undefined;
  if (predicate) {
    // `if (isObservableMap(x))`, `assertStore(x);`: what the predicate declares its first parameter is.
    const target = r.callee(file, d, type.slice(0, -predicate.length));
    if (!target || 'on' in target) return undefined;
    const found = r.declaredFor(target.fn, predicate);
    return found && { ...found, confidence: Math.min(target.confidence, found.confidence) };
  }
  const literal = type.endsWith(')') ? LITERAL_MEMBER_FORM.exec(type) : null;
  if (literal) {
    // The member's parameter, through the type the callee's parameter is declared with.
    const target = r.callee(file, d, literal[1]!);
    if (!target || 'on' in target) return undefined;
    const holder = r.declaredFor(target.fn, `(${literal[2]})`);
    const member = holder && !holder.collection ? r.lookup.method(holder.ref, literal[3]!) : undefined;
    const found = member && r.declaredFor(member, `(${literal[4]})`);
    return found && { ...found, confidence: Math.min(target.confidence, holder!.confidence, found.confidence) };
  }
  const typeMember = type.endsWith(')') ? TYPE_MEMBER_FORM.exec(type) : null;
  if (typeMember) {
    // What the named type declares for that parameter of its member.
    const holder = r.lookup.resolveType(file, typeMember[1]!);
    const member = holder ? r.lookup.method(holder.ref, typeMember[2]!) : undefined;
    const found = member && r.declaredFor(member, `(${typeMember[3]})`);
    return found && { ...found, confidence: Math.min(holder!.confidence, found.confidence) };
  }
  const returned = type.endsWith(')') ? RETURNED_PARAMETER_FORM.exec(type) : null;
  if (returned) {
    // What the function type the alias returns declares for that parameter.
    const alias = r.lookup.resolveType(file, returned[1]!);
    const result = alias && r.kindOf(alias.ref) === 'type' ? r.declaredFor(alias.ref, '()') : undefined;
    const found = result && !result.collection && r.kindOf(result.ref) === 'type' ? r.declaredFor(result.ref, `(${returned[2]})`) : undefined;
    return found && { ...found, confidence: Math.min(alias!.confidence, result!.confidence, found.confidence) };
  }
  const parameter = type.endsWith(')') && !CALLBACK_FORM.test(type) ? PARAMETER_FORM.exec(type) : null;
  if (parameter) {
    // What the alias declares for that parameter (its `(j)` declared type), followed where the name leads.
    const alias = r.lookup.resolveType(file, parameter[1]!);
    if (!alias || r.kindOf(alias.ref) !== 'type') return undefined;
    const found = r.declaredFor(alias.ref, `(${parameter[2]})`);
    return found && { ...found, confidence: Math.min(alias.confidence, found.confidence) };
  }
  return null;
}
