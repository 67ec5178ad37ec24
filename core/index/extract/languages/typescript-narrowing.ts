// Narrowing by a user-defined type guard, in TypeScript: `if (isObservableMap(x)) { x.keys() }`
// reads `x` as the type the guard's predicate names (`thing is ObservableMap`) inside the branch
// taken when it returns true, which is where the checker resolves `x.keys()` to ObservableMap's;
// and by `instanceof`, in TypeScript and JavaScript, to the class named.
// The guard's predicate is declared with its signature (typescript-signatures.ts declareSignature,
// `name(is)`), here or in the file it is imported from.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { guardedType, NAME_PATH } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';

/** How many operands of `&&` a condition is read through for what it narrows. */
const MAX_CONDITION_PARTS = 8;

/**
 * `if (guard(x)) consequence`: `x` is `guard(is)` within the consequence's lines; `if (x
 * instanceof ComputedValue)`: `x` is that class there. Either may be one operand of `&&`
 * (`if (x.ok && x instanceof C)`); any other condition narrows nothing here.
 */
export function narrowedByGuard(ifStatement: Node, { b, source }: FileContext): void {
  const consequence = ifStatement.childForFieldName('consequence');
  if (!consequence) return;
  const pending: Array<Node | null> = [ifStatement.childForFieldName('condition')];
  for (let read = 0; pending.length > 0 && read < MAX_CONDITION_PARTS; read++) {
    let condition = pending.pop() ?? null;
    if (condition?.type === 'parenthesized_expression') condition = condition.namedChild(0);
    if (condition?.type === 'binary_expression') {
      const operator = condition.childForFieldName('operator')?.type;
      const left = condition.childForFieldName('left');
      if (operator === '&&') pending.push(left, condition.childForFieldName('right'));
      else if (operator === 'instanceof' && left?.type === 'identifier') {
        const right = condition.childForFieldName('right');
        const cls = right && (right.type === 'identifier' || right.type === 'member_expression') ? pathOf(right, source) : undefined;
        if (cls && NAME_PATH.test(cls)) b.declareType('local', left.text, cls, consequence, false, consequence.startIndex, consequence);
      }
      continue;
    }
    if (condition?.type !== 'call_expression') continue;
    const argument = condition.childForFieldName('arguments')?.namedChild(0);
    if (argument?.type !== 'identifier') continue;
    const guard = calledPath(condition, source);
    if (guard) b.declareType('local', argument.text, `${guard}(is)`, consequence, false, consequence.startIndex, consequence);
  }
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
