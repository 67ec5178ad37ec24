// `let range = null; try { range = new Range(r) } ...; range.test(v)`: a local the function only
// ever constructs as one class holds that class after the assignment, as the checker's
// control flow reads an unannotated `let`. Kept to what the text says for certain: the name is
// no parameter of the function (an untyped parameter stays `any` whatever it is assigned), every
// assignment to it in the function is `new X(...)` of the same X or `null` / `undefined`, and
// it is typed only from the assignment's line to the function's end.
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
/** A function body past this size is not searched for the name's other assignments. */
const MAX_BODY_CHARS = 64 * 1024;
const IDENTIFIER = /^[A-Za-z_$][\w$]{0,79}$/;

/** Declares the local `name = new X(...)` assigns, when the rule above holds. */
export function declareConstructedAssignment(node: Node, name: string, right: Node | null, f: FileContext): void {
  const type = constructedType(right, f.source);
  if (!type || !IDENTIFIER.test(name)) return;
  let fn = f.parentOf(node);
  for (let i = 0; fn && !FUNCTION_NODES.has(fn.type) && i < 256; i++) fn = f.parentOf(fn);
  if (!fn || !FUNCTION_NODES.has(fn.type) || fn.endIndex - fn.startIndex > MAX_BODY_CHARS) return;
  const params = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  if (params && new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(params.text)) return;
  if (!spend(f.b, f.source, { chars: fn.endIndex - fn.startIndex })) return;
  if (!onlyConstructs(f.source.slice(fn.startIndex, fn.endIndex), name, type)) return;
  f.b.declareType('local', name, type, node, false, node.startIndex, [node.startPosition.row + 1, fn.endPosition.row + 1]);
}

/** Whether every `name = value` in the text assigns `new type(...)`, `null` or `undefined`. */
function onlyConstructs(text: string, name: string, type: string): boolean {
  // `name =` not preceded by a word character or `.` and not `==` or `=>`: one linear scan.
  const assigned = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*=(?![=>])\\s*`, 'g');
  for (let m = assigned.exec(text); m; m = assigned.exec(text)) {
    const rest = text.slice(assigned.lastIndex, assigned.lastIndex + type.length + 8);
    if (rest.startsWith('null') || rest.startsWith('undefined')) continue;
    const constructed = /^new\s+([\w$.]+)/.exec(rest);
    if (constructed?.[1] !== type) return false;
  }
  return true;
}
