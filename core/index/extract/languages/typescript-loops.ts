// The element a `for...of` loop binds (`for (const x of xs)`, `for (const [k, v] of m)`) and the
// value of a pair pattern (`[key, value]`), which a loop or a callback over entries destructures.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { pathOf } from './typescript-paths.ts';
import { patternKeys } from './typescript-contextual.ts';

/** `[key, value]` or `[, value]`: the element after the one comma of a pair pattern; null for any other pattern. */
export function pairValue(pattern: Node): Node | null {
  const parts = pattern.children;
  const comma = parts.findIndex((c) => c?.type === ',');
  const after = comma < 0 ? [] : parts.slice(comma + 1);
  return after.some((c) => c?.type === ',') ? null : (after.find((c) => c?.isNamed) ?? null);
}

/**
 * `for (const x of xs)`: x is an element of what xs names (`xs[*]`), seen inside the loop.
 * `for (const [key, binding] of registry)` and `of xs.entries()`: the pair's second is the value
 * a map holds for the key, an array at the index (a collection of a class is no collection of pairs).
 */
export function declareLoopElement(loop: Node, { b, source }: FileContext): void {
  if (loop.children.every((c) => c?.type !== 'of')) return;
  let left = loop.childForFieldName('left');
  const iterated = loop.childForFieldName('right');
  let right = pathOf(iterated, source);
  if (!right) return;
  if (left?.type === 'array_pattern') {
    left = pairValue(left);
    // `for (const [name, store] of Object.entries(stores))`: the value is an element of stores.
    if (right === 'Object.entries()') right = pathOf(iterated!.childForFieldName('arguments')?.namedChild(0) ?? null, source);
    else if (right.endsWith('.entries()')) right = right.slice(0, -'.entries()'.length);
    if (!right) return;
  }
  if (left?.type === 'object_pattern') return declareElementMembers(left, right, loop, b);
  if (left?.type !== 'identifier') return;
  b.declareType('local', left.text, `${right}[*]`, loop, false, loop.startIndex, loop);
}

/**
 * `for (const { canvas, attempt: current } of manager.take())`: each name the pattern binds by a
 * plain key holds that member of an element (`=manager.take()[*].attempt`), as `const { attempt }
 * = list[0]` holds the member of the element it reads (typescript-destructured.ts).
 */
function declareElementMembers(pattern: Node, iterated: string, loop: Node, b: FileContext['b']): void {
  for (const [key, local] of patternKeys(pattern)) b.declareType('local', local, `=${iterated}[*].${key}`, loop, false, loop.startIndex, loop);
}
