// `let range = null; try { range = new Range(r) } ...; range.test(v)`: a local the function only
// ever constructs as one class holds that class after the assignment, as the checker's
// control flow reads an unannotated `let`; so does one the function only ever assigns one other
// name (`let match; for (...) { const entry = new Entry(); if (ok) { match = entry; break } }
// return match`), typed as that name is where it is assigned. Kept to what the text says for
// certain: the name is no parameter of the function (an untyped parameter stays `any` whatever
// it is assigned), every assignment to it in the function is `new X(...)` of the same X (or the
// same name) or `null` / `undefined`, and it is typed only from the assignment's line to the
// function's end. A construction later assigned something else (`buf = new SSHBuffer({}); ...;
// buf = buf.toBuffer()`) holds the class from its line to that assignment's line (whose right
// side reads it first), when nothing else is assigned to the name before it in the function.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { constructedType } from './typescript-types.ts';
import { spend } from './inference-budget.ts';

const FUNCTION_NODES = new Set([
  'function_declaration',
  'function_expression',
  'arrow_function',
  'generator_function',
  'generator_function_declaration',
  'method_definition',
]);
/** A function body past this size is not searched for the name's other assignments (a class written as one constructor function, three.js's WebGLRenderer, runs to ~100 KB); the file's budget bounds the scans. */
const MAX_BODY_CHARS = 256 * 1024;
const IDENTIFIER = /^[A-Za-z_$][\w$]{0,79}$/;

/** Declares the local `name = new X(...)` or `name = other` assigns, when the rule above holds. */
export function declareAssignedLocal(node: Node, name: string, right: Node | null, f: FileContext): void {
  const held = right?.type === 'identifier' && IDENTIFIER.test(right.text) && right.text !== name ? right.text : undefined;
  const type = held ?? constructedType(right, f.source);
  if (!type || !IDENTIFIER.test(name)) return;
  let fn = f.parentOf(node);
  for (let i = 0; fn && !FUNCTION_NODES.has(fn.type) && i < 256; i++) fn = f.parentOf(fn);
  if (!fn || !FUNCTION_NODES.has(fn.type) || fn.endIndex - fn.startIndex > MAX_BODY_CHARS) return;
  const params = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  if (params && new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(params.text)) return;
  if (!spend(f.b, f.source, { chars: fn.endIndex - fn.startIndex })) return;
  const text = f.source.slice(fn.startIndex, fn.endIndex);
  const until = assignedUntil(text, name, held === undefined ? type : undefined, held, node.startIndex - fn.startIndex);
  if (until === undefined) return;
  const lastLine = until === text.length ? fn.endPosition.row + 1 : node.startPosition.row + 1 + linesBetween(f.source, node.startIndex, fn.startIndex + until);
  f.b.declareType('local', name, held === undefined ? type : `=${held}`, node, false, node.startIndex, [node.startPosition.row + 1, lastLine]);
}

/** How many line breaks the source has from `from` up to `to`. */
function linesBetween(source: string, from: number, to: number): number {
  let lines = 0;
  for (let i = source.indexOf('\n', from); i >= 0 && i < to; i = source.indexOf('\n', i + 1)) lines++;
  return lines;
}

/**
 * Where in `text` the assignment at offset `at` stops holding: the text's length when every
 * `name = value` in it assigns `new type(...)` (or the name `held`), `null` or `undefined`; for a
 * construction, else the offset of the first assignment of anything else after `at`, when none
 * comes before it; undefined otherwise.
 */
function assignedUntil(text: string, name: string, type: string | undefined, held: string | undefined, at: number): number | undefined {
  // `name =` not preceded by a word character or `.` and not `==` or `=>`: one linear scan.
  const assigned = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*=(?![=>])\\s*`, 'g');
  for (let m = assigned.exec(text); m; m = assigned.exec(text)) {
    const rest = text.slice(assigned.lastIndex, assigned.lastIndex + (type ?? held ?? '').length + 10);
    if (rest.startsWith('null') || rest.startsWith('undefined')) continue;
    if (held !== undefined) {
      // The name itself, not a longer one, a member of it or a call of it.
      if (!rest.startsWith(held) || /^[\w$.([]/.test(rest.slice(held.length, held.length + 1))) return undefined;
      continue;
    }
    const constructed = /^new\s+([\w$.]+)/.exec(rest);
    if (constructed?.[1] !== type) return m.index > at ? m.index : undefined;
  }
  return text.length;
}
