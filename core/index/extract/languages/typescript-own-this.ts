// Functions with a `this` of their own inside a class or a method declaring `this`: the checker
// reads `this` there as the function's own (`any`, or an object literal's type for the literal's
// methods), not as the class's instance or the outer declaration; such a function's `this` is
// declared as nothing known (OWN_THIS) within it. Where code hands the function the instance
// itself (`function () {...}.call(this)`, `xs.forEach(function (x) {...}, this)`), or assigns it
// to a member (`this.onEnd = function () {...}`, the checker's contextual `this`), the
// instance's `this` is kept, as it is at run time.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { LITERAL_THIS, OWN_THIS } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { matchesBetween } from './inference-budget.ts';

/**
 * Per file, [start, end] of the functions whose `this` a parameter declares (`m(this: Mixed)`) that
 * the walk is inside, the innermost last: it reaches them in document order.
 */
const thisDeclaredByFile = new WeakMap<ExtractionBuilder, Array<[number, number]>>();

/** The functions declaring `this` the walk is inside at `at`, those that end before it dropped. */
function openThisDeclared(at: number, b: ExtractionBuilder): Array<[number, number]> | undefined {
  const open = thisDeclaredByFile.get(b);
  while (open && open.length > 0 && open.at(-1)![1] <= at) open.pop();
  return open;
}

/** Marks `fn` as declaring its `this` (a `this: T` parameter): the functions inside it have their own. */
export function enterThisDeclared(fn: Node, b: ExtractionBuilder): void {
  const open = openThisDeclared(fn.startIndex, b);
  if (open) open.push([fn.startIndex, fn.endIndex]);
  else thisDeclaredByFile.set(b, [[fn.startIndex, fn.endIndex]]);
}

/** How far up a function looks for the class body it is written in. */
const MAX_CLASS_DEPTH = 64;

const REBINDING_CALLS = new Set(['call', 'apply', 'bind']);

/**
 * Whether code gives `fn` the `this` around it: `this.x = function`, `this[k] = function` (the
 * checker's contextual `this`, the object assigned to), `function () {}.call(this)` (also
 * `.apply`, `.bind`), and a call passing `this` beside it, `xs.forEach(function (x) {}, this)`,
 * `Effect.gen(this, function* () {})` (a callee declaring `f: (this: Self) => ...` for `self: Self`).
 */
function handedThis(fn: Node, parentOf: FileContext['parentOf']): boolean {
  let parent = parentOf(fn);
  if (parent?.type === 'parenthesized_expression') parent = parentOf(parent);
  if (!parent) return false;
  if (parent.type === 'assignment_expression') {
    const left = parent.childForFieldName('left')?.type;
    return left === 'member_expression' || left === 'subscript_expression';
  }
  if (parent.type === 'member_expression' && REBINDING_CALLS.has(parent.childForFieldName('property')?.text ?? '')) {
    const call = parentOf(parent);
    return call?.type === 'call_expression' && call.childForFieldName('arguments')?.namedChild(0)?.type === 'this';
  }
  return parent.type === 'arguments' && passesThis(parent);
}

/** Arguments read for a `this` beside a function passed. */
const MAX_ARGUMENTS_READ = 8;

function passesThis(args: Node): boolean {
  for (let i = 0, n = Math.min(args.namedChildCount, MAX_ARGUMENTS_READ); i < n; i++) if (args.namedChild(i)?.type === 'this') return true;
  return false;
}

/** A function handed the `this` where it is: found once per file, then by binary search (inference-budget.ts). */
const REBOUND = /\.(?:call|apply|bind)\(this\b/g;
/** Rebinding calls read in the rest of one block; past that many, none is read. */
const MAX_REBOUND_READ = 16;
const NAME_CHAR = /[\w$]/;

/**
 * `function done() { this.end() }` then `done.bind(this)` (or `.call(this`, `.apply(this`) later in
 * the block that declares it: the function is handed the `this` around it.
 */
function boundLater(fn: Node, { b, source, parentOf }: FileContext): boolean {
  const holder = fn.type === 'function_declaration' ? fn : parentOf(fn);
  const name = holder?.type === 'function_declaration' || holder?.type === 'variable_declarator' ? holder.childForFieldName('name') : null;
  const block = name?.type === 'identifier' ? parentOf(holder!.type === 'variable_declarator' ? parentOf(holder!)! : holder!) : null;
  if (!name || !block) return false;
  const text = name.text;
  const found = matchesBetween(b, source, REBOUND, fn.endIndex, block.endIndex, MAX_REBOUND_READ);
  return (found ?? []).some((at) => at >= text.length && source.startsWith(text, at - text.length) && !NAME_CHAR.test(source[at - text.length - 1] ?? ''));
}

/**
 * `get view() { return { reset() { this.flush() } } }`, `run() { function done() { this.end() } }`:
 * whether `fn`, a function (not an arrow), is written in a class's body.
 */
function inClassWithOwnThis(fn: Node, parentOf: FileContext['parentOf']): boolean {
  let node = parentOf(fn);
  for (let i = 0; node && i < MAX_CLASS_DEPTH; i++, node = parentOf(node)) {
    if (node.type === 'class_body') return true;
  }
  return false;
}

/** Functions that are definitions of their own (the calls inside are theirs), not values passed or called in place. */
const DEFINED_FORMS = new Set(['function_declaration', 'generator_function_declaration', 'method_definition']);
const DEFINING_PLACES = new Set(['variable_declarator', 'pair']);

/**
 * The lines `fn`'s own `this` is seen within. A function that is a definition owns the calls in
 * it: all its lines. A function passed or called in place shares its lines with the calls of the
 * function around it (`this.queue.shiftAll(function (job) {` is one line), so its first and last
 * lines are left out; one of fewer than three lines declares nothing.
 */
function ownLines(fn: Node, parentOf: FileContext['parentOf']): [number, number] | undefined {
  const first = fn.startPosition.row + 1;
  const last = fn.endPosition.row + 1;
  if (DEFINED_FORMS.has(fn.type) || DEFINING_PLACES.has(parentOf(fn)?.type ?? '')) return [first, last];
  return last - first >= 2 ? [first + 1, last - 1] : undefined;
}

/**
 * `defineRule(this: Mixed) { return function () { this.save() } }`, and a function with a `this` of
 * its own in a class (inClassWithOwnThis): declared as nothing known within the function
 * (OWN_THIS), so the outer declaration, or the class, does not reach in. A function declaring
 * its own `this: T` is read by the parameter handler instead, one documenting it (`@this`) by the
 * JSDoc reader.
 */
export function declareOwnThis(fn: Node, f: FileContext): void {
  const { b } = f;
  if (b.declaredThis.has(fn.startIndex)) return;
  if (!openThisDeclared(fn.startIndex, b)?.length && !inClassWithOwnThis(fn, f.parentOf)) return;
  if (declaresThisParameter(fn)) return;
  if (handedThis(fn, f.parentOf) || boundLater(fn, f)) return;
  const lines = ownLines(fn, f.parentOf);
  if (lines) b.declareType('local', 'this', OWN_THIS, fn, false, fn.startIndex, lines);
}

/**
 * `var server = { respond: function () { this.log() }, log: log }`: in a JavaScript function (not
 * an arrow) a module-level literal holds, with no type written over it, `this` is the literal
 * (LITERAL_THIS and its name), as the checker reads it; the functions inside have their own
 * (enterThisDeclared). In TypeScript it is `any` unless the project sets `noImplicitThis` (the
 * literal's type then), so nothing is declared there.
 */
export function declareLiteralThis(fn: Node, object: string, { b }: FileContext): void {
  if (b.language !== 'javascript' || fn.type === 'arrow_function' || b.declaredThis.has(fn.startIndex)) return;
  if (declaresThisParameter(fn)) return;
  const body = fn.childForFieldName('body');
  if (!body) return;
  b.declareType('local', 'this', `${LITERAL_THIS}${object}`, fn, false, body.startIndex, fn);
  b.declaredThis.add(fn.startIndex);
  enterThisDeclared(fn, b);
}

/** `function (this: Mixed) {}`: whether a function's first parameter declares its `this`. */
function declaresThisParameter(fn: Node): boolean {
  const first = fn.childForFieldName('parameters')?.namedChild(0);
  return first?.type === 'required_parameter' && first.childForFieldName('pattern')?.type === 'this';
}
