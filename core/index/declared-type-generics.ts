// Type arguments a declared type carries (`box: Box<Handler>`, extract-types.ts `X<A,B>`): they
// bind the type parameters of the generic class or interface it names (`class Box<T>`, listed as
// its TYPE_PARAMETERS_MEMBER), so a member typed by one (`get(): T`, `use(fn: (v: T) => void)`)
// is the argument's type on that value, as the checker instantiates it. Only the value's own
// declaration is bound: a member found on a base class is typed by the base's own parameters,
// which the extends clause would bind, and is read as written.
import type { DeclaredType } from './extract-types.ts';
import type { DefRef } from './symbol-table.ts';

/** `Box<Handler,?>`: a type name with the names of its type arguments. */
const GENERIC_FORM = /^([\w$.]{1,160})<([^<>]{1,400})>$/;

/** The name and argument names of a declared type written with type arguments; undefined for any other form. */
export function genericForm(type: string): { name: string; args: string[] } | undefined {
  const m = type.endsWith('>') ? GENERIC_FORM.exec(type) : null;
  return m ? { name: m[1]!, args: m[2]!.split(',') } : undefined;
}

/**
 * The argument a value's type arguments give for the type parameter `declared` names, where
 * `declared` belongs to the value's own generic declaration `owner`: its name and the file it is
 * written in; undefined when `declared` names no parameter of it, or its argument is no name.
 */
export function boundArgument(
  on: { ref: DefRef; args?: readonly string[]; argsFile?: number; collection?: boolean } | undefined,
  owner: DefRef,
  declared: DeclaredType,
  parametersOf: (owner: DefRef) => string | undefined,
): { name: string; file: number } | undefined {
  if (!on?.args || on.argsFile === undefined || on.collection || on.ref.file !== owner.file || on.ref.def !== owner.def) return undefined;
  const i = parametersOf(owner)?.split(',').indexOf(declared.type) ?? -1;
  const arg = i < 0 ? undefined : on.args[i];
  return arg && arg !== '?' ? { name: arg, file: on.argsFile } : undefined;
}
