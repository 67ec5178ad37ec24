// Members of classes, interfaces and the object types `type` aliases name, in TypeScript (a
// JavaScript class field too): methods, method signatures, and properties that hold or are typed
// as functions. A callable member is a method of its owner however it is written, since callers
// cannot tell them apart and the checker resolves both the same way (docs/graph-format.md).
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { unquote, wordAt } from './language-module.ts';
import { annotatedType, constructedType, declareSignature, FUNCTION_VALUES, functionTypeOf } from './typescript-types.ts';

/** A declaration's name as written, unquoted (`'get'` is `get`). */
export function nameOf(node: Node, source: string): string | undefined {
  const name = node.childForFieldName('name');
  return name ? wordAt(source, name.startIndex) || unquote(name.text) : undefined;
}

/** Whether a member sits in a class body (not in an object literal). */
export function inClassBody(node: Node, parentOf: FileContext['parentOf']): boolean {
  return parentOf(node)?.type === 'class_body';
}

/**
 * A class field: typed where it is declared (`store: Store`, `store = new Store()`), and a method
 * of its class when it holds a function (`handler = () => {}`) or is declared as one
 * (`now: () => number`, `#cleanup?: () => void`), which is what `this.handler()` calls.
 */
export function classField(valueField: string): NodeHandler {
  return (node, { b, source }) => {
    const value = node.childForFieldName('value');
    const annotation = node.childForFieldName('type');
    const type = annotatedType(annotation, source) ?? constructedType(value, source);
    const field = type && node.childForFieldName(valueField);
    if (field) b.declareType('member', field.text, type, node);
    const bound = value !== null && FUNCTION_VALUES.has(value.type);
    if (!bound && !functionTypeOf(annotation)) return;
    const name = node.childForFieldName(valueField);
    if (name) b.define(node, 'method', wordAt(source, name.startIndex) || unquote(name.text), { bound, methodInType: true });
  };
}

/** An interface body, or the object type a `type` alias names. */
function isTypeBody(member: Node, parentOf: FileContext['parentOf']): boolean {
  const body = parentOf(member);
  return body?.type === 'interface_body' || (body?.type === 'object_type' && parentOf(body)?.type === 'type_alias_declaration');
}

/**
 * The name an object type written in place is reached by: the parameter, variable, property or
 * field it annotates (`options: { onFailure: (e: E) => E2 }` is `options`). At most four steps up, so
 * the cost is the same however deep the type nests.
 */
function literalHolder(member: Node, { parentOf, source }: Pick<FileContext, 'parentOf' | 'source'>): string | undefined {
  const body = parentOf(member);
  let annotation = body?.type === 'object_type' ? parentOf(body) : undefined;
  // `pending: { resolve: (v: T) => void }[]`: an element's members are reached through the array's holder.
  if (annotation?.type === 'array_type') annotation = parentOf(annotation);
  const holder = annotation?.type === 'type_annotation' ? parentOf(annotation) : undefined;
  switch (holder?.type) {
    case 'required_parameter':
    case 'optional_parameter': {
      const pattern = holder.childForFieldName('pattern');
      return pattern?.type === 'identifier' ? pattern.text : undefined;
    }
    case 'variable_declarator': {
      const name = holder.childForFieldName('name');
      return name?.type === 'identifier' ? name.text : undefined;
    }
    case 'property_signature':
    case 'public_field_definition':
      return nameOf(holder, source);
    default:
      return undefined;
  }
}

/**
 * A callable member of an object type written in place: a method named after what holds the
 * type (`options.onFailure`, nested in the function whose parameter it types), which is what
 * the checker resolves `options.onFailure(e)` to. No bare name: it is a method.
 */
function literalMember(node: Node, name: string, f: FileContext): void {
  const holder = literalHolder(node, f);
  if (holder) f.b.define(node, 'method', `${holder}.${name}`);
}

/** The TypeScript grammar's member nodes; the JavaScript grammar has only `field_definition` (classField('property')). */
export function memberHandlers(): Record<string, NodeHandler> {
  return {
    abstract_method_signature: (node, f) => {
      const { b, source } = f;
      const name = nameOf(node, source);
      if (!name || !inClassBody(node, f.parentOf)) return;
      b.define(node, 'method', name, { methodInType: true });
      declareSignature(f, 'member', name, node, node);
    },
    public_field_definition: classField('name'),
    // Members of an interface or of an object type named by `type`: the targets of calls on receivers declared with that type.
    method_signature: (node, f) => {
      const { b, source } = f;
      const name = nameOf(node, source);
      if (!name) return;
      if (!isTypeBody(node, f.parentOf)) return literalMember(node, name, f);
      b.define(node, 'method', name, { methodInType: true });
      declareSignature(f, 'member', name, node, node);
    },
    property_signature: (node, f) => {
      const { b, source, parentOf } = f;
      const name = nameOf(node, source);
      if (!name) return;
      const callable = functionTypeOf(node.childForFieldName('type')) !== undefined;
      if (!isTypeBody(node, parentOf)) return callable ? literalMember(node, name, f) : undefined;
      // `subscribe: () => Unsubscribe`, `onError: ((e: Error) => void) | null`: called as a method is.
      if (callable) b.define(node, 'method', name, { methodInType: true });
      else {
        // `services: Services` in an interface: a receiver `ctx.services` is a Services.
        const type = annotatedType(node.childForFieldName('type'), source);
        if (type) b.declareType('member', name, type, node);
      }
    },
  };
}
