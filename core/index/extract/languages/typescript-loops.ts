// The element a `for...of` loop binds (`for (const x of xs)`, `for (const [k, v] of m)`) and the
// value of a pair pattern (`[key, value]`), which a loop or a callback over entries destructures.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { pathOf } from './typescript-paths.ts';

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

/** Names of one loop's object pattern read: past these, the rest declare nothing. */
const MAX_PATTERN_NAMES = 32;

/**
 * `for (const { canvas, attempt } of manager.take())`: each name the pattern binds by a plain
 * key holds that member of an element (`=manager.take()[*].attempt`), as `const { attempt } =
 * list[0]` holds the member of the element it reads.
 */
function declareElementMembers(pattern: Node, iterated: string, loop: Node, b: FileContext['b']): void {
  let read = 0;
  for (const part of pattern.namedChildren) {
    if (!part || ++read > MAX_PATTERN_NAMES) return;
    const key = part.type === 'pair_pattern' ? part.childForFieldName('key') : part;
    const name = part.type === 'pair_pattern' ? part.childForFieldName('value') : part;
    if (key?.type !== 'shorthand_property_identifier_pattern' && key?.type !== 'property_identifier') continue;
    if (name?.type !== 'shorthand_property_identifier_pattern' && name?.type !== 'identifier') continue;
    b.declareType('local', name.text, `=${iterated}[*].${key.text}`, loop, false, loop.startIndex, loop);
  }
}
