// A Python receiver that calls or indexes on the way: `get_console().print()`,
// `Style.parse(s).copy()`, `self._color.downgrade(system).get_ansi_codes()`, `self._lines[0].rstrip()`,
// written as the path resolution reads (`get_console()`, `Style.parse()`,
// `self._color.downgrade()`, `self._lines[*]`), each call typed by what its callee is annotated or
// written to return (declared-types.ts typeOf), a call of a class an instance of it, an index an
// element of a declared collection. Arguments and keys are dropped: the declared types do not read them.
import type { Node } from 'web-tree-sitter';

/** Segments read (CallSite.receiver's path has at most 6 parts). */
const MAX_SEGMENTS = 6;
const NAME = /^[\p{ID_Start}_][\p{ID_Continue}]{0,79}$/u;

/** The receiver path of `object` when it holds a call or an index, else undefined (a plain path is read as text). */
export function chainedReceiver(object: Node | null): string | undefined {
  const segments: string[] = [];
  let steps = 0;
  // `self._lines[0].rstrip()`: the next segment read (right to left) is indexed, `_lines[*]`.
  let indexed = false;
  const push = (segment: string) => {
    segments.push(indexed ? `${segment}[*]` : segment);
    indexed = false;
  };
  let at = object;
  while (at && segments.length <= MAX_SEGMENTS && steps <= 2 * MAX_SEGMENTS) {
    if (at.type === 'identifier') {
      const name = at.text;
      if (!NAME.test(name)) return undefined;
      push(name);
      break;
    }
    if (at.type === 'attribute') {
      const name = at.childForFieldName('attribute')?.text;
      if (!name || !NAME.test(name)) return undefined;
      push(name);
      at = at.childForFieldName('object');
      continue;
    }
    if (at.type === 'subscript') {
      // One index per segment: `xs[0][1]` (a collection of collections) is no path.
      if (indexed) return undefined;
      indexed = true;
      steps++;
      at = at.childForFieldName('value');
      continue;
    }
    if (at.type === 'call') {
      if (indexed) return undefined;
      const fn = at.childForFieldName('function');
      if (fn?.type !== 'identifier' && fn?.type !== 'attribute') return undefined;
      steps++;
      // The call's segment is the callee's last name with `()`.
      const name = fn.type === 'identifier' ? fn.text : fn.childForFieldName('attribute')?.text;
      if (!name || !NAME.test(name)) return undefined;
      push(`${name}()`);
      at = fn.type === 'attribute' ? fn.childForFieldName('object') : null;
      if (!at) break;
      continue;
    }
    return undefined;
  }
  if (steps === 0 || indexed || segments.length === 0 || segments.length > MAX_SEGMENTS) return undefined;
  return segments.reverse().join('.');
}
