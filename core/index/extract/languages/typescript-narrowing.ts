// Narrowing by a user-defined type guard, in TypeScript: `if (isObservableMap(x)) { x.keys() }`
// reads `x` as the type the guard's predicate names (`thing is ObservableMap`) inside the branch
// taken when it returns true, which is where the checker resolves `x.keys()` to ObservableMap's;
// and by `instanceof`, in TypeScript and JavaScript, to the class named.
// The guard's predicate is declared with its signature (typescript-signatures.ts declareSignature,
// `name(is)`), here or in the file it is imported from.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { spend } from './inference-budget.ts';
import { guardedType, NAME_PATH } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';

/** How many operands of `&&` (or `||`) a condition is read through for what it narrows. */
const MAX_CONDITION_PARTS = 8;

/** The statements that leave a block: what follows an `if` whose branch ends in one runs only when its condition was false. */
const EXITS = new Set(['return_statement', 'throw_statement', 'continue_statement', 'break_statement']);

/**
 * `if (guard(x)) consequence`: `x` is `guard(is)` within the consequence's lines; `if (x
 * instanceof ComputedValue)`: `x` is that class there. Either may be one operand of `&&`
 * (`if (x.ok && x instanceof C)`); any other condition narrows nothing here. And the negation
 * with a branch that leaves (`if (!guard(x)) return`, `if (!x || !(x instanceof C)) continue`):
 * `x` is narrowed after the `if` (narrowedAfterExit).
 */
export function narrowedByGuard(ifStatement: Node, f: FileContext): void {
  const consequence = ifStatement.childForFieldName('consequence');
  if (!consequence) return;
  const condition = ifStatement.childForFieldName('condition');
  for (const { name, type } of narrowings(condition, '&&', f.source)) {
    f.b.declareType('local', name, type, consequence, false, consequence.startIndex, consequence);
  }
  narrowedAfterExit(ifStatement, consequence, condition, f);
}

/** The names a condition narrows when it holds (`&&`: each operand holds) or, for `||` of negations, when it does not. */
function narrowings(condition: Node | null, join: '&&' | '||', source: string): Array<{ name: string; type: string }> {
  const found: Array<{ name: string; type: string }> = [];
  const pending: Array<Node | null> = [condition];
  for (let read = 0; pending.length > 0 && read < MAX_CONDITION_PARTS; read++) {
    let part = unwrapped(pending.pop() ?? null);
    if (part?.type === 'binary_expression' && part.childForFieldName('operator')?.type === join) {
      pending.push(part.childForFieldName('left'), part.childForFieldName('right'));
      continue;
    }
    if (join === '||') {
      // After `if (!guard(x) || ...) return`, each negated operand was false.
      if (part?.type !== 'unary_expression' || part.childForFieldName('operator')?.type !== '!') continue;
      part = unwrapped(part.childForFieldName('argument'));
    }
    const narrowed = narrowing(part, source);
    if (narrowed) found.push(narrowed);
  }
  return found;
}

function unwrapped(node: Node | null): Node | null {
  return node?.type === 'parenthesized_expression' ? node.namedChild(0) : node;
}

/** `guard(x)`: x as `guard(is)`; `x instanceof C`: x as C; undefined for any other expression. */
function narrowing(part: Node | null, source: string): { name: string; type: string } | undefined {
  if (part?.type === 'binary_expression') {
    const left = part.childForFieldName('left');
    if (part.childForFieldName('operator')?.type !== 'instanceof' || left?.type !== 'identifier') return undefined;
    const right = part.childForFieldName('right');
    const cls = right && (right.type === 'identifier' || right.type === 'member_expression') ? pathOf(right, source) : undefined;
    return cls && NAME_PATH.test(cls) ? { name: left.text, type: cls } : undefined;
  }
  if (part?.type !== 'call_expression') return undefined;
  const argument = part.childForFieldName('arguments')?.namedChild(0);
  if (argument?.type !== 'identifier') return undefined;
  const guard = calledPath(part, source);
  return guard ? { name: argument.text, type: `${guard}(is)` } : undefined;
}

/**
 * `if (!isComputedValue(adm)) return; ... adm.get()`: the checker narrows `adm` from the `if` to
 * the end of the block around it, the branch having left when the guard did not hold. Read from
 * the line after the `if` (its own last line may hold the branch, where `adm` is not narrowed) to
 * the block's last, when the `if` has no `else`, its branch ends in a statement that leaves, and
 * nothing after it in the block assigns the name (the checker's narrowing ends at an assignment).
 */
function narrowedAfterExit(ifStatement: Node, consequence: Node, condition: Node | null, { b, source, parentOf }: FileContext): void {
  if (ifStatement.childForFieldName('alternative')) return;
  const last = consequence.type === 'statement_block' ? consequence.lastNamedChild : consequence;
  if (!last || !EXITS.has(last.type)) return;
  const block = parentOf(ifStatement);
  if (!block) return;
  for (const { name, type } of narrowings(condition, '||', source)) narrowedToBlockEnd(b, source, name, type, ifStatement, block);
}

/**
 * Declares `name` as `type` from the line after `after` (a statement) to the last line of `block`,
 * the block around it, unless the block assigns the name after the statement (assignedIn).
 */
function narrowedToBlockEnd(b: ExtractionBuilder, source: string, name: string, type: string, after: Node, block: Node): void {
  const from = after.endPosition.row + 2;
  const to = block.endPosition.row + 1;
  if (from > to || assignedIn(b, source, name, after.endIndex, block.endIndex)) return;
  b.declareType('local', name, type, after, false, after.endIndex, [from, to]);
}

/**
 * The names assertion functions go by (`assertStore`, `ensureCache`, `invariant`): a call of any
 * other name as a statement is not read for what it asserts, so a file's every `log(x);` adds no
 * declaration. One that asserts nothing types nothing (declared-types.ts skips it).
 */
const ASSERTION_NAME = /^(assert|ensure|invariant)/i;
/** How much of a call's text is read for its callee's name. */
const MAX_CALLEE_CHARS = 200;

/** How far past a narrowing the text is searched for an assignment: beyond it, the name is not narrowed (a bounded scan per narrowing). */
const MAX_NARROWED_CHARS = 64 * 1024;

/**
 * `assertStore(x);` as a statement: the checker narrows `x` by the callee's assertion predicate
 * (`asserts x is Store`, declared as `assertStore(asserts)`) from the call to the end of the
 * block around it, as after an `if` that leaves (narrowedAfterExit). A callee that asserts
 * nothing types nothing (resolution finds no `(asserts)` declaration).
 */
export function narrowedByAssertion(call: Node, { b, source, parentOf }: FileContext): void {
  // Most calls are no statement of their own, or call no assertion by name: the text refuses them
  // before any node is read.
  const after = source[call.endIndex];
  if (after !== ';' && after !== '\n' && after !== '\r' && after !== undefined) return;
  const head = source.slice(call.startIndex, Math.min(call.endIndex, call.startIndex + MAX_CALLEE_CHARS));
  const open = head.indexOf('(');
  if (open < 0 || !ASSERTION_NAME.test(head.slice(head.lastIndexOf('.', open) + 1, open).trim())) return;
  const argument = call.childForFieldName('arguments')?.namedChild(0);
  if (argument?.type !== 'identifier') return;
  const statement = parentOf(call);
  if (statement?.type !== 'expression_statement') return;
  const block = parentOf(statement);
  const assertion = block ? calledPath(call, source) : undefined;
  if (!assertion || !ASSERTION_NAME.test(assertion.slice(assertion.lastIndexOf('.') + 1))) return;
  narrowedToBlockEnd(b, source, argument.text, `${assertion}(asserts)`, statement, block!);
}

/** Whether `name = ...` (or `??=`, `||=`, `&&=`) is written in source[from, to), or may be (past the bounds below): one pass over the name's occurrences. */
function assignedIn(b: ExtractionBuilder, source: string, name: string, from: number, to: number): boolean {
  // Each scan is bounded, and all of a file's scans together by its inference budget: a file of
  // thousands of narrowings in one block indexes in time linear in its size (SPEC §init_workspace).
  if (to - from > MAX_NARROWED_CHARS || !spend(b, source, { chars: to - from })) return true;
  for (let at = source.indexOf(name, from); at >= 0 && at < to; at = source.indexOf(name, at + name.length)) {
    if (/[\w$.]/.test(source[at - 1] ?? '') || /[\w$]/.test(source[at + name.length] ?? '')) continue;
    let next = at + name.length;
    while (source[next] === ' ' || source[next] === '\t') next++;
    const operator = source.slice(next, next + 3);
    if ((operator[0] === '=' && operator[1] !== '=' && operator[1] !== '>') || /^(\?\?|\|\||&&)=/.test(operator)) return true;
  }
  return false;
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
