// A Python receiver that calls on the way: `get_console().print()`, `Style.parse(s).copy()`,
// `self._color.downgrade(system).get_ansi_codes()`, written as the path resolution reads
// (`get_console()`, `Style.parse()`, `self._color.downgrade()`), each call typed by what its
// callee is annotated or written to return (declared-types.ts typeOf); a call of a class is an
// instance of it. Arguments are dropped: the declared return does not read them.
import type { Node } from 'web-tree-sitter';

/** Segments read (CallSite.receiver's path has at most 6 parts). */
const MAX_SEGMENTS = 6;
const NAME = /^[\p{ID_Start}_][\p{ID_Continue}]{0,79}$/u;

/** The receiver path of `object` when it holds a call, else undefined (a plain path is read as text). */
export function chainedReceiver(object: Node | null): string | undefined {
  const segments: string[] = [];
  let calls = 0;
  let at = object;
  while (at && segments.length <= MAX_SEGMENTS) {
    if (at.type === 'identifier') {
      const name = at.text;
      if (!NAME.test(name)) return undefined;
      segments.push(name);
      break;
    }
    if (at.type === 'attribute') {
      const name = at.childForFieldName('attribute')?.text;
      if (!name || !NAME.test(name)) return undefined;
      segments.push(name);
      at = at.childForFieldName('object');
      continue;
    }
    if (at.type === 'call') {
      const fn = at.childForFieldName('function');
      if (fn?.type !== 'identifier' && fn?.type !== 'attribute') return undefined;
      calls++;
      // The call's segment is the callee's last name with `()`: pushed when that name is read.
      const name = fn.type === 'identifier' ? fn.text : fn.childForFieldName('attribute')?.text;
      if (!name || !NAME.test(name)) return undefined;
      segments.push(`${name}()`);
      at = fn.type === 'attribute' ? fn.childForFieldName('object') : null;
      if (!at) break;
      continue;
    }
    return undefined;
  }
  if (calls === 0 || segments.length === 0 || segments.length > MAX_SEGMENTS) return undefined;
  return segments.reverse().join('.');
}
