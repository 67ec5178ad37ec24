// Type parameters as declarations state them: a constrained one is read as its constraint where
// a name is typed by it (`class Chain<C extends Context>`, type-parameters.ts), one bounded by a
// function type makes a member typed by it callable, and a generic class's or interface's list
// in order is what a type argument binds (`Box<Handler>`, declared-type-generics.ts).
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { TYPE_PARAMETERS_MEMBER } from '../../extract-types.ts';
import { annotatedType } from './typescript-types.ts';
import { functionTypeOf } from './typescript-function-types.ts';

const MAX_CLASS_TYPE_PARAMETERS = 8;

/**
 * `class Box<T, U>`, `interface Pair<K, V>`: the names in order, which a `Box<Handler, Key>` binds,
 * as a member no source can name (declared-type-generics.ts). Read by the class's and the
 * interface's own handlers, so no other node is visited for it.
 */
export function declareTypeParameterList(owner: Node, { b }: FileContext): void {
  const list = owner.childForFieldName('type_parameters');
  if (!list) return;
  const names = list.namedChildren.map((p) => (p?.type === 'type_parameter' ? p.childForFieldName('name')?.text : undefined));
  if (names.length <= MAX_CLASS_TYPE_PARAMETERS && names.every((n) => n && /^[\w$]{1,80}$/.test(n)))
    b.declareType('member', TYPE_PARAMETERS_MEMBER, names.join(','), owner, false, owner.startIndex);
}

export function typeParameterHandlers(): Record<string, NodeHandler> {
  return {
    // `<TFunction extends (...args: any[]) => any>`: a member typed `TFunction` is called as a function is.
    type_parameter: (node, { b, source, parentOf }) => {
      const name = node.childForFieldName('name');
      const constraint = node.childForFieldName('constraint');
      if (!name || !constraint) return;
      if (functionTypeOf(constraint.namedChild(0))) return void b.callableType(name.text);
      // `class Chain<C extends Context>`: a name typed `C` in Chain is a Context where calls are made on it.
      const type = annotatedType(constraint.namedChild(0), source);
      const owner = parentOf(node) && parentOf(parentOf(node)!);
      if (type && owner) b.typeParameters.add(name.text, type, owner.startIndex, owner.endIndex);
    },
  };
}
