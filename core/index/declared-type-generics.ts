// Type arguments a declared type carries (`box: Box<Handler>`, extract-types.ts `X<A,B>`): they
// bind the type parameters of the generic class or interface it names (`class Box<T>`, listed as
// its TYPE_PARAMETERS_MEMBER), so a member typed by one (`get(): T`, `use(fn: (v: T) => void)`)
// is the argument's type on that value, as the checker instantiates it. A member found on a base
// is read on the value seen as that base, with the arguments its extends clause writes
// (declared-type-bases.ts).
import type { DeclaredType } from './extract-types.ts';
import type { DefRef } from './symbol-table.ts';
import { ARGUMENT_FORM, CONSTRUCTED_ARGUMENT_FORM, elementOf, TYPE_ARGUMENT_RETURN_FORM, type Typed } from './declared-type-forms.ts';

/** `Box<Handler,?>`: a type name with the names of its type arguments. */
const GENERIC_FORM = /^([\w$.]{1,160})<([^<>]{1,400})>$/;

/** The name and argument names of a declared type written with type arguments; undefined for any other form. */
export function genericForm(type: string): { name: string; args: string[] } | undefined {
  const m = type.endsWith('>') ? GENERIC_FORM.exec(type) : null;
  return m ? { name: m[1]!, args: m[2]!.split(',') } : undefined;
}

/**
 * The argument a value's type arguments give for the type parameter `declared` names (`T`), or
 * whose collection it names (`T[]`, also `Array<T>`, `Set<T>` as written forms read them), where
 * `declared` belongs to the value's own generic declaration `owner`: its name, the file it is
 * written in, and whether the member is a collection of it; undefined when `declared` names no
 * parameter of it, or its argument is no name.
 */
export function boundArgument(
  on: { ref: DefRef; args?: readonly string[]; argsFile?: number; collection?: boolean } | undefined,
  owner: DefRef,
  declared: DeclaredType,
  parametersOf: (owner: DefRef) => string | undefined,
): { name: string; file: number; collection: boolean } | undefined {
  if (!on?.args || on.argsFile === undefined || on.collection || on.ref.file !== owner.file || on.ref.def !== owner.def) return undefined;
  // A parameter with a constraint is recorded as its constraint, with the parameter beside it.
  const written = declared.parameter ?? declared.type;
  const collection = written.endsWith('[]');
  const i =
    parametersOf(owner)
      ?.split(',')
      .indexOf(collection ? written.slice(0, -2) : written) ?? -1;
  const arg = i < 0 ? undefined : on.args[i];
  return arg && arg !== '?' ? { name: arg, file: on.argsFile, collection } : undefined;
}

/**
 * What a callee's return bound by a type parameter (`@k`, `@k[*]`, `@k#new`, `@tK`,
 * typescript-generics.ts returnedTypeParameterForm) is at the call held as `#start`
 * (heldCallArguments): argument k, an element of it, an instance of the class it names, or type
 * argument K as the call wrote it. `read`: the types of the held names where the call is.
 */
export function boundByCall(
  form: string,
  start: string,
  confidence: number,
  read: { typeOf(name: string): Typed | undefined; classNamedBy(name: string): Typed | undefined },
): Typed | undefined {
  const constructed = CONSTRUCTED_ARGUMENT_FORM.exec(form);
  const written = constructed ? null : TYPE_ARGUMENT_RETURN_FORM.exec(form);
  const argument = constructed || written ? null : ARGUMENT_FORM.exec(form);
  const held = constructed
    ? read.classNamedBy(`#${start}_${constructed[1]}`)
    : written
      ? read.typeOf(`#${start}_t${written[1]}`)
      : argument
        ? read.typeOf(`#${start}_${argument[1]}`)
        : undefined;
  if (!held || (argument?.[2] && !held.collection)) return undefined;
  const bound = argument?.[2] ? elementOf(held) : held;
  return bound && { ...bound, confidence: Math.min(confidence, bound.confidence) };
}
