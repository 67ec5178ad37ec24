// Narrowing by a user-defined type guard, in TypeScript: `if (isObservableMap(x)) { x.keys() }`
// reads `x` as the type the guard's predicate names (`thing is ObservableMap`) inside the branch
// taken when it returns true, which is where the checker resolves `x.keys()` to ObservableMap's.
// The guard's predicate is declared with its signature (typescript-types.ts declareSignature,
// `name(is)`), here or in the file it is imported from.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { calledPath, guardedType } from './typescript-types.ts';

/** `if (guard(x)) consequence`: `x` is `guard(is)` within the consequence's lines; any other condition narrows nothing here. */
export function narrowedByGuard(ifStatement: Node, { b, source }: FileContext): void {
  let condition = ifStatement.childForFieldName('condition');
  if (condition?.type === 'parenthesized_expression') condition = condition.namedChild(0);
  if (condition?.type !== 'call_expression') return;
  const argument = condition.childForFieldName('arguments')?.namedChild(0);
  const consequence = ifStatement.childForFieldName('consequence');
  if (argument?.type !== 'identifier' || !consequence) return;
  const guard = calledPath(condition, source);
  if (guard) b.declareType('local', argument.text, `${guard}(is)`, consequence, false, consequence.startIndex, consequence);
}

/**
 * `export var isObservableMap = createInstanceofPredicate(...) as (thing: any) => thing is
 * ObservableMap`: a const cast to a type guard's function type is that guard.
 */
export function declareCastGuard(declarator: Node, name: string, value: Node, { b, source }: FileContext): void {
  if (value.type !== 'as_expression') return;
  const cast = value.namedChild(1);
  const guarded = cast?.type === 'function_type' ? guardedType(cast, source) : undefined;
  // Placed before the declarator, as a declaration's signature is, so the name is its parent's.
  if (guarded) b.declareType('local', `${name}(is)`, guarded, declarator, false, declarator.startIndex - 1);
}
