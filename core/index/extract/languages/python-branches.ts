// The lines a name a Python function assigns holds that value in, as jedi reads a function's
// names: in order, from the statement after the assignment (its right side still reads the name
// as it was: `headers = HeaderDict(headers.items())`), and by branch: a value assigned in one
// branch of an `if` is not the name's value in the `elif` and `else` branches after it, only
// after the whole `if` (`if py2: headers = HeaderDict.from_httplib(headers) else:
// headers.items()` calls what `headers` held before).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';

/** The clauses of an `if` that may follow the branch an assignment is in. */
const LATER_BRANCHES = new Set(['elif_clause', 'else_clause']);

/**
 * The line ranges (1-based, inclusive) within `fn` where the name `node` assigns holds its value:
 * one range to the function's end, or, in an `if` branch with later branches, the rest of the
 * branch and the lines after the `if`.
 */
export function assignedLines(node: Node, fn: Node, parentOf: FileContext['parentOf']): Array<[number, number]> {
  const start = node.endPosition.row + 2;
  const end = fn.endPosition.row + 1;
  const statement = parentOf(node);
  const block = statement && parentOf(statement);
  const clause = block?.type === 'block' ? parentOf(block) : null;
  // The `if` whose branch (its own block or an `elif`'s) holds the assignment.
  const branching = clause?.type === 'elif_clause' ? parentOf(clause) : clause?.type === 'if_statement' ? clause : null;
  const later = block && branching?.namedChildren.some((c) => c !== null && LATER_BRANCHES.has(c.type) && c.startIndex >= block.endIndex);
  if (!block || !branching || !later) return start <= end ? [[start, end]] : [];
  const ranges: Array<[number, number]> = [];
  const branchEnd = block.endPosition.row + 1;
  if (start <= branchEnd) ranges.push([start, branchEnd]);
  const after = branching.endPosition.row + 2;
  if (after <= end) ranges.push([after, end]);
  return ranges;
}
