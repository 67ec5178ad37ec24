// Type parameters as declarations state them: a constrained one is read as its constraint where
// a name is typed by it (`class Chain<C extends Context>`, type-parameters.ts), one bounded by a
// function type makes a member typed by it callable, and a generic class's or interface's list
// in order is what a type argument binds (`Box<Handler>`, declared-type-generics.ts).
import type { NodeHandler } from './language-module.ts';
import { TYPE_PARAMETERS_MEMBER } from '../../extract-types.ts';
import { annotatedType } from './typescript-types.ts';
import { functionTypeOf } from './typescript-function-types.ts';

/** Declarations whose type parameters a type argument binds where their members are typed by them. */
const GENERIC_OWNERS = new Set(['class_declaration', 'abstract_class_declaration', 'class', 'interface_declaration']);
const MAX_CLASS_TYPE_PARAMETERS = 8;

export function typeParameterHandlers(): Record<string, NodeHandler> {
  return {
    // `class Box<T, U>`: the names in order, which a `Box<Handler, Key>` binds, as a member no source can name.
    type_parameters: (node, { b, parentOf }) => {
      const owner = parentOf(node);
      if (!owner || !GENERIC_OWNERS.has(owner.type)) return;
      const names = node.namedChildren.map((p) => (p?.type === 'type_parameter' ? p.childForFieldName('name')?.text : undefined));
      if (names.length <= MAX_CLASS_TYPE_PARAMETERS && names.every((n) => n && /^[\w$]{1,80}$/.test(n)))
        b.declareType('member', TYPE_PARAMETERS_MEMBER, names.join(','), owner, false, owner.startIndex);
    },
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
