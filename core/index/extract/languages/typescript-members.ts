// Members of classes, interfaces and the object types `type` aliases name, in TypeScript (a
// JavaScript class field too): methods, method signatures, and properties that hold or are typed
// as functions. A callable member is a method of its owner however it is written, since callers
// cannot tell them apart and the checker resolves both the same way (docs/graph-format.md).
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { unquote, wordAt } from './language-module.ts';
import { annotatedType, constructedType, FUNCTION_VALUES, typeLiteralMembers } from './typescript-types.ts';
import { declareSignature } from './typescript-signatures.ts';
import { functionTypeOf, isValueQuery } from './typescript-function-types.ts';
import { calledPath, isModuleLoad } from './typescript-paths.ts';
import { aliasedPath, aliasedValue, castType } from './typescript-values.ts';
import { namedTypeOf } from './typescript-type-names.ts';
import { CONTEXTUAL_TYPE, declareContextualParameters } from './typescript-contextual.ts';
import { RETURNED_MEMBER } from '../../extract-types.ts';
import { branchesAgree, isBranchOf } from './typescript-conditional-types.ts';

/** A declaration's name as written, unquoted (`'get'` is `get`). */
export function nameOf(node: Node, source: string): string | undefined {
  const name = node.childForFieldName('name');
  return name ? wordAt(source, name.startIndex) || unquote(name.text) : undefined;
}

/** The modifiers that make a constructor's parameter a property of its class too (`private store: Store`, `readonly f: F`). */
const PARAMETER_PROPERTY_MODIFIERS: ReadonlySet<string> = new Set(['accessibility_modifier', 'readonly', 'override_modifier']);

/** Whether a constructor's parameter is a property of its class too, decorated or not (`@inject(K) private ctx: Context`). */
export function isParameterProperty(parameter: Node): boolean {
  for (const part of parameter.children) {
    if (part?.type === 'decorator') continue;
    return part !== null && PARAMETER_PROPERTY_MODIFIERS.has(part.type);
  }
  return false;
}

/** Whether a member sits in a class body (not in an object literal). */
export function inClassBody(node: Node, parentOf: FileContext['parentOf']): boolean {
  return parentOf(node)?.type === 'class_body';
}

/**
 * `deps!: { db: Db }` in a class, `deps: { db: Db }` in an interface, `constructor(private deps:
 * { db: Db })`: a member typed by a type literal has each property typed as the member's own
 * (`deps.db`, read by declared-types.ts where `deps` has no type of its own), so
 * `this.deps.db.query()` reaches Db's, as the checker resolves it. Properties only, one level.
 */
export function declareLiteralMemberTypes(name: Node | null, annotation: Node | null, node: Node, { b, source }: Pick<FileContext, 'b' | 'source'>): void {
  if (name?.type !== 'property_identifier' && name?.type !== 'identifier') return;
  for (const [key, type] of typeLiteralMembers(annotation, source) ?? []) b.declareType('member', `${name.text}.${key}`, type, node);
}

/**
 * A class field: typed where it is declared (`store: Store`, `store = new Store()`), and a method
 * of its class when it holds a function (`handler = () => {}`) or is declared as one
 * (`now: () => number`, `#cleanup?: () => void`), which is what `this.handler()` calls.
 */
export function classField(valueField: string): NodeHandler {
  return (node, f) => {
    const { b, source, parentOf } = f;
    const value = node.childForFieldName('value');
    const annotation = node.childForFieldName('type');
    // `readonly resizeSemaphore = circular.unsafeMakeSemaphore(1)`: what the call is declared to return.
    const called = annotation === null && value !== null && !isModuleLoad(value) ? calledPath(value, source) : undefined;
    // `static customQueryHandlers = customQueryHandlers`: what the path it names holds, as a const's alias is.
    const alias = annotation === null && value !== null && !called ? aliasedPath(aliasedValue(value), source) : undefined;
    const type = annotatedType(annotation, source) ?? constructedType(value, source) ?? castType(value, f) ?? (called ? `${called}()` : alias && `=${alias}`);
    const field = type && node.childForFieldName(valueField);
    if (field) b.declareType('member', field.text, type, node);
    else if (!type) declareLiteralMemberTypes(node.childForFieldName(valueField), annotation, node, f);
    const bound = value !== null && FUNCTION_VALUES.has(value.type);
    const name = node.childForFieldName(valueField);
    if (!name) return;
    const memberName = wordAt(source, name.startIndex) || unquote(name.text);
    const fnType = functionTypeOf(annotation);
    if (bound || fnType || isValueQuery(annotation) || staticAlias(node, value)) {
      b.define(node, 'method', memberName, { bound, methodInType: true });
      // `private make: (s: Services) => Port`: what `this.make(s)` returns, as a method's signature declares it.
      if (fnType?.type === 'function_type') declareSignature(f, 'member', memberName, fnType, node);
      // `static querySelectorAll: QuerySelectorAll = (el, sel, { pQuerySelectorAll }) => ...`: its
      // parameters typed by what the alias declares for them, as a const so annotated has them.
      const expected = bound ? namedTypeOf(annotation) : undefined;
      if (expected && CONTEXTUAL_TYPE.test(expected)) declareContextualParameters(f, value!, expected);
      return;
    }
    // `private equals_: IEqualsComparer<T>`: a method when this file declares the name a function type.
    const named = namedTypeOf(annotation);
    if (named) return void b.memberIfCallableType(node, memberName, named);
    // `dehancer: any`, `onEnd = null`: a method when `this.dehancer(v)` in the class calls it.
    const body = parentOf(node);
    if (body?.type === 'class_body') b.memberIfCalledOnThis(node, memberName, body);
  };
}

/** `static create = createZodEnum`: a class's static field naming another value is an alias of a function, called as `ZodEnum.create()`. */
function staticAlias(field: Node, value: Node | null): boolean {
  if (value?.type !== 'identifier' && value?.type !== 'member_expression') return false;
  for (const child of field.children) {
    if (child?.type === 'static') return true;
    if (child?.id === value.id) break;
  }
  return false;
}

/** How many `&`, `|` and parentheses an object type may sit under and still belong to what holds them (a bounded walk up). */
const MAX_COMBINATION_DEPTH = 8;
const TYPE_COMBINATIONS = new Set(['intersection_type', 'union_type', 'parenthesized_type']);

/**
 * What holds an object type once the intersections, unions and parentheses it sits in are
 * left: `type T = Pick<U, 'a'> & { b: () => void }`, `props: Options<T> & { children: ... }`,
 * `transform?: boolean | { input?: (v: V) => V }` hold their object types as their own; so does
 * a conditional type's branch, for a `member` every branch declares alike
 * (typescript-conditional-types.ts). Null when the member's branches disagree.
 */
function combinationHolder(type: Node, member: Node | null, f: Pick<FileContext, 'parentOf' | 'source'>): Node | null {
  let child = type;
  let holder = f.parentOf(type);
  for (let i = 0; holder && i < MAX_COMBINATION_DEPTH; i++) {
    if (isBranchOf(holder, child)) {
      if (!member || !branchesAgree(member, holder, f)) return null;
    } else if (!TYPE_COMBINATIONS.has(holder.type)) break;
    child = holder;
    holder = f.parentOf(holder);
  }
  return holder;
}

/**
 * An interface body, or the object type a `type` alias names, alone or in an intersection or
 * union, or as a wrapper's type argument (`type Options = Partial<{ create: Fn }>`: the checker
 * resolves `options.create()` to the member all the same).
 */
function isTypeBody(member: Node, f: Pick<FileContext, 'parentOf' | 'source'>): boolean {
  const { parentOf } = f;
  const body = parentOf(member);
  if (body?.type === 'interface_body') return true;
  if (body?.type !== 'object_type') return false;
  const holder = combinationHolder(body, member, f);
  if (holder?.type !== 'type_arguments') return holder?.type === 'type_alias_declaration';
  const generic = parentOf(holder);
  return generic?.type === 'generic_type' && combinationHolder(generic, member, f)?.type === 'type_alias_declaration';
}

/** Where an object type written in place sits, as far as its callable members go (literalMember). */
type LiteralPlace = { kind: 'holder'; name: string } | { kind: 'destructured'; scopeEnd: number } | { kind: 'heritage' } | undefined;

/**
 * What an object type written in place belongs to: the parameter, variable, property or field
 * it annotates, or an array of it (`options: { onFailure: (e: E) => E2 }` is `options`); a
 * destructured parameter (`({ onEmpty }: { onEmpty: LazyArg<B> }) => ...`), whose members are
 * names in the function's body; or the type arguments of an `extends` (`interface Await extends
 * Op<Tag, { f(): X }>`), whose members are the declaration's. A few steps up at most, so the cost
 * is the same however deep the type nests.
 */
function literalPlace(member: Node, { parentOf, source }: Pick<FileContext, 'parentOf' | 'source'>): LiteralPlace {
  const body = parentOf(member);
  if (body?.type !== 'object_type') return undefined;
  let annotation = combinationHolder(body, member, { parentOf, source });
  if (annotation?.type === 'type_arguments') {
    const generic = parentOf(annotation);
    const clause = generic?.type === 'generic_type' ? parentOf(generic) : generic;
    if (clause?.type === 'extends_type_clause' || clause?.type === 'extends_clause') return { kind: 'heritage' };
    // `config: Simplify<{ onError?: (e: E) => void }>`: a wrapper of the object type, one level
    // deep, keeps its members the holder's.
    if (generic?.type !== 'generic_type') return undefined;
    annotation = combinationHolder(generic, member, { parentOf, source });
  }
  // `pending: { resolve: (v: T) => void }[]`: an element's members are reached through the array's holder.
  if (annotation?.type === 'array_type') annotation = parentOf(annotation);
  // `const hook = g.Hook as undefined | { from: F }`, `(await open()) as Socket & { peer?: () => C }`:
  // the cast's type is the variable's.
  if (annotation?.type === 'as_expression' || annotation?.type === 'satisfies_expression') {
    const declarator = parentOf(annotation);
    const name = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
    return name?.type === 'identifier' ? { kind: 'holder', name: name.text } : undefined;
  }
  const holder = annotation?.type === 'type_annotation' ? parentOf(annotation) : undefined;
  switch (holder?.type) {
    case 'required_parameter':
    case 'optional_parameter': {
      const pattern = holder.childForFieldName('pattern');
      if (pattern?.type === 'identifier') return { kind: 'holder', name: pattern.text };
      const fn = pattern?.type === 'object_pattern' ? parentOf(holder) && parentOf(parentOf(holder)!) : undefined;
      return fn ? { kind: 'destructured', scopeEnd: fn.endIndex } : undefined;
    }
    case 'variable_declarator': {
      const name = holder.childForFieldName('name');
      return name?.type === 'identifier' ? { kind: 'holder', name: name.text } : undefined;
    }
    case 'property_signature':
    case 'public_field_definition': {
      const name = nameOf(holder, source);
      return name ? { kind: 'holder', name } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A member of an object type written in place, which the checker resolves calls to:
 * - of a holder, when callable or typed by a name declared a function type: a method named after
 *   the holder (`options.onFailure`, nested in the function whose parameter it types), reached as
 *   `options.onFailure(e)`; no bare name;
 * - of a destructured parameter, whatever its type: a function of the body when a bare call
 *   there names it (`onEmpty()`, with `onEmpty: LazyArg<B>`), as a called local is;
 * - of an `extends`'s type arguments, when callable: a method of the declaration.
 */
function literalMember(node: Node, name: string, callable: boolean, f: FileContext): void {
  const place = literalPlace(node, f);
  if (place?.kind === 'destructured') f.b.bindingIfCalled(node, name, place.scopeEnd);
  else if (place?.kind === 'holder' && callable) {
    f.b.define(node, 'method', `${place.name}.${name}`);
    // `opts: { next(op: Op): Obs }`, `next: (op: Op) => Obs`: what calling it returns, as a type's own member's.
    const fnType = node.type === 'method_signature' ? node : functionTypeOf(node.childForFieldName('type'));
    if (fnType?.type === 'function_type' || fnType?.type === 'method_signature') declareSignature(f, 'member', `${place.name}.${name}`, fnType, node);
  } else if (place?.kind === 'holder') {
    // `opts: { ref: Lazy<Router> }`: a method when the name, followed where it is declared, is a function type.
    const named = namedTypeOf(node.childForFieldName('type'));
    if (named) f.b.memberIfCallableType(node, `${place.name}.${name}`, named);
  } else if (place?.kind === 'heritage') {
    if (callable) f.b.define(node, 'method', name, { methodInType: true });
    else {
      // `interface Fallback extends Op<Tag, { condition: Predicate<E> }>`: as an interface's own member typed by a name.
      const named = namedTypeOf(node.childForFieldName('type'));
      if (named) f.b.memberIfCallableType(node, name, named);
    }
  }
  // `new Map<K, { handler: () => void }>()`, `(): { tester: Fn }`, `() => Promise<{ render(): R }>`:
  // no name holds the type, yet the checker resolves `entry.handler()` to the member, so it is a
  // method of what encloses it, by its own name.
  else if (place === undefined && callable) f.b.define(node, 'method', name);
  else if (place === undefined) {
    // `(): { retry: RetryFunction }`: the same, where the name is a function type (memberIfCallableType).
    const named = namedTypeOf(node.childForFieldName('type'));
    if (named) f.b.memberIfCallableType(node, `${RETURNED_MEMBER}${name}`, named);
  }
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
      if (!isTypeBody(node, f)) return literalMember(node, name, true, f);
      b.define(node, 'method', name, { methodInType: true });
      declareSignature(f, 'member', name, node, node);
    },
    property_signature: (node, f) => {
      const { b, source } = f;
      const name = nameOf(node, source);
      if (!name) return;
      const annotation = node.childForFieldName('type');
      const callable = functionTypeOf(annotation) !== undefined || isValueQuery(annotation);
      if (!isTypeBody(node, f)) return literalMember(node, name, callable, f);
      // `subscribe: () => Unsubscribe`, `onError: ((e: Error) => void) | null`: called as a method is.
      if (callable) {
        b.define(node, 'method', name, { methodInType: true });
        const fnType = functionTypeOf(annotation);
        // `make: (s: Services) => Port`: what a call returns and its parameters' types, as a method signature's.
        if (fnType?.type === 'function_type') declareSignature(f, 'member', name, fnType, node);
      } else {
        // `services: Services` in an interface: a receiver `ctx.services` is a Services.
        const type = annotatedType(annotation, source);
        if (type) b.declareType('member', name, type, node);
        else declareLiteralMemberTypes(node.childForFieldName('name'), annotation, node, f);
        // `serialize?: Serialize`: a method when this file declares the name a function type.
        const named = namedTypeOf(annotation);
        if (named) b.memberIfCallableType(node, name, named);
      }
    },
  };
}
