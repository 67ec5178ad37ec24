// `const { gen, schema: s } = cxt`: each name a destructuring binds from a plain path holds that
// path's member of the same key, typed as the member is declared (the `=path` form of
// extract-types.ts DeclaredType). Only plain keys: a computed key, a default value or a nested
// pattern types nothing.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { NAME_PATH } from './typescript-types.ts';
import { pathOf } from './typescript-paths.ts';

/** Keys read per pattern: a pattern past this many is read no further. */
const MAX_KEYS = 256;

export function declareDestructured(declarator: Node, pattern: Node, { b, source }: FileContext): void {
  const value = declarator.childForFieldName('value');
  // `const { _buffer, _timestampProvider } = this`: the class's fields, as `this._buffer` names them.
  if (value?.type !== 'identifier' && value?.type !== 'member_expression' && value?.type !== 'this') return;
  const path = pathOf(value, source);
  if (!path || !NAME_PATH.test(path)) return;
  let read = 0;
  for (const part of pattern.namedChildren) {
    if (!part || ++read > MAX_KEYS) return;
    let key: string | undefined;
    let local: string | undefined;
    if (part.type === 'shorthand_property_identifier_pattern') key = local = part.text;
    else if (part.type === 'pair_pattern') {
      const k = part.childForFieldName('key');
      const v = part.childForFieldName('value');
      if (k?.type === 'property_identifier' && v?.type === 'identifier') [key, local] = [k.text, v.text];
    }
    // Placed before the declarator, as a plain declarator's type is, so the names are the enclosing function's.
    if (key && local) b.declareType('local', local, `=${path}.${key}`, declarator, false, declarator.startIndex - 1);
  }
}
