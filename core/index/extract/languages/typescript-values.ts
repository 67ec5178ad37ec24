// What a value written in TypeScript or JavaScript may hold when it is no function written in
// place: a choice between references (typescript.ts, -assignments.ts and -modules.ts read it
// where a name is bound, assigned or exported).
import type { Node } from 'web-tree-sitter';
import { FUNCTION_VALUES } from './typescript-types.ts';

/**
 * `cond ? standard.call : forced.call`, `(isServer ?? x) ? React.useEffect : React.useLayoutEffect`,
 * `c ? impl.run : function () {}`: a choice between two values that each name or are a function.
 */
export function choiceOfReferences(value: Node): boolean {
  if (value.type !== 'ternary_expression') return false;
  for (const field of ['consequence', 'alternative']) {
    let branch = value.childForFieldName(field);
    for (let i = 0; branch?.type === 'parenthesized_expression' && i < 4; i++) branch = branch.namedChild(0);
    if (!branch) return false;
    const reference = branch.type === 'member_expression' || (branch.type === 'identifier' && branch.text !== 'undefined');
    if (!reference && !FUNCTION_VALUES.has(branch.type)) return false;
  }
  return true;
}
