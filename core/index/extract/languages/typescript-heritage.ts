// Heritage in TypeScript and JavaScript: a class's `extends` and `implements`, an interface's
// `extends`, and the named types a `type` alias intersects or unites, which its members come
// from as an interface's come from its bases (resolution follows them: definition-queries.ts findMethod).
import type { Node } from 'web-tree-sitter';
import type { RawDefinition } from '../extraction-builder.ts';
import type { FileContext, HandlerSteps } from './language-module.ts';
import { ITEMS_PER_STEP } from './language-module.ts';
import { compactText } from './source-text.ts';
import { genericArgumentNames, isNamePathChar, membersKept, NAME_PATH, typeArgumentNames, valueTypedBy } from './typescript-types.ts';
import { declareTypeParameterList } from './typescript-type-parameters.ts';
import { isModuleExports } from './typescript-modules.ts';
import { elementOf } from './typescript-generics.ts';

/** How many named types of one intersection or union are read. */
const MAX_ALIAS_PARTS = 32;
/**
 * How many type nodes of one alias are walked: a union nests to the left, one `union_type` per
 * `|`, so reading N members walks about 2N nodes (`type Primitive = | BracketOut | ... | Suspend`,
 * fourteen members, is 27).
 */
const MAX_ALIAS_NODES = 4 * MAX_ALIAS_PARTS;

/** Parts of a union that declare no member a call could reach. */
const NO_MEMBERS = new Set(['null', 'undefined', 'void', 'never']);

/**
 * `type Options<R> = HTTPBaseHandlerOptions<R, Request> & Callback<C> & { req: Request }`: the
 * alias has every member of each named type it intersects, as an interface has its bases', so
 * `opts.onError()` on an `Options` reaches what HTTPBaseHandlerOptions (or its base) declares.
 * `type PartialObserver<T> = NextObserver<T> | ErrorObserver<T>`: a member called on the union is
 * the one its named types declare (the checker names the first member type's declaration), read
 * through a `union` relation resolution follows and the graph draws no edge for: a union is no subtype.
 * `type MethodsType = typeof Attributes & typeof Traversing`: an intersection's `typeof` parts are
 * read as typeofHeritage reads a whole alias, each value's members the alias's.
 */
export function aliasHeritage(def: RawDefinition, value: Node, { b, source }: FileContext): void {
  const relation = value.type === 'union_type' ? 'union' : 'extends';
  const named: string[] = [];
  const pending: Node[] = [value];
  for (let n = pending.pop(), walked = 0; n && walked < MAX_ALIAS_NODES && named.length < MAX_ALIAS_PARTS; n = pending.pop(), walked++) {
    // A union within an intersection (`A & (B | null)`) gives the alias no base; an intersection
    // within a union is one of its members, as its named parts are.
    if (n.type === 'intersection_type' || n.type === 'parenthesized_type' || (n.type === 'union_type' && relation === 'union')) {
      // Popped last-first: push right to left so the parts are read in source order.
      const parts = n.namedChildren.filter((part): part is Node => part !== null);
      for (let i = parts.length - 1; i >= 0; i--) pending.push(parts[i]);
    } else if (n.type === 'type_identifier' || n.type === 'generic_type' || n.type === 'nested_type_identifier') {
      // `type Options = Omit<Base, 'k'> & { ... }`: the members kept are Base's.
      const parent = heritageName(membersKept(n), source);
      if (parent) named.push(parent);
    } else if (n.type === 'type_query' && relation === 'extends') {
      // `type MethodsType = typeof Attributes & typeof Traversing`: the members each value holds (typeofHeritage).
      const value = valueTypedBy(n, source);
      if (value && !value.endsWith(')')) b.inherits(def, value, 'typeof');
    } else if (relation === 'union' && (n.endIndex - n.startIndex > 9 || !NO_MEMBERS.has(n.text))) {
      // `string | BindingKey<T>`: `key.toString()` may be the primitive's, which the checker
      // names first; a member of a union with any part not named is nobody's here.
      return;
    }
  }
  for (const parent of named) b.inherits(def, parent, relation);
}

/**
 * `type Extensions = ReadonlyArray<Extension>`, `type List = Extension[]`: an alias of a collection
 * of one named type (`Array`, `ReadonlyArray`, `Iterable`, `Set`, `ReadonlySet`, `T[]`, `readonly
 * T[]`; a generic element by its name) holds that type's values, as the collection written in
 * place does: recorded as an `elements` relation resolution reads and the graph draws no edge for
 * (extract-types.ts). False for any other alias.
 */
export function elementsHeritage(def: RawDefinition, value: Node, { b, source }: FileContext): boolean {
  const element = elementOf(value);
  const name =
    element && (element.type === 'type_identifier' || element.type === 'generic_type' || element.type === 'nested_type_identifier')
      ? heritageName(element, source)
      : undefined;
  if (!name) return false;
  b.inherits(def, name, 'elements');
  return true;
}

/** How deep a union's first member is looked for: `T | A | B` nests one union per `|`. */
const MAX_UNION_DEPTH = 32;

/**
 * `type Maybe<T> = T | null`, `type TArg<T> = T | (...)`: a generic alias whose union is led by its
 * own type parameter passes that parameter through, as the checker names the first union member's
 * declaration for a member called on it (`passes`, extract-types.ts).
 */
export function passedParameter(def: RawDefinition, alias: Node, union: Node, { b }: FileContext): void {
  const parameters = alias.childForFieldName('type_parameters');
  if (!parameters) return;
  let first: Node | null = union;
  for (let depth = 0; first?.type === 'union_type' && depth < MAX_UNION_DEPTH; depth++) first = first.namedChild(0);
  if (first?.type !== 'type_identifier') return;
  const names = parameters.namedChildren.map((p) => p?.childForFieldName('name')?.text);
  const place = names.indexOf(first.text);
  if (place >= 0) b.inherits(def, String(place), 'passes');
}

/**
 * `type TRet<T> = T extends unknown ? T & Branded<T> : never`: a conditional every type takes the
 * first branch of (`extends unknown`, `extends any`) whose branch is led by the parameter it tests
 * passes that parameter through, as a union led by it does (passedParameter): the checker finds a
 * member called on `TRet<X>` on X first.
 */
export function passedThroughCondition(def: RawDefinition, alias: Node, condition: Node, f: FileContext): void {
  const tested = condition.childForFieldName('left');
  const always = condition.childForFieldName('right');
  const branch = condition.childForFieldName('consequence');
  if (tested?.type !== 'type_identifier' || always?.type !== 'predefined_type' || !branch) return;
  if (always.text !== 'unknown' && always.text !== 'any') return;
  let first: Node | null = branch;
  for (let depth = 0; (first?.type === 'union_type' || first?.type === 'intersection_type') && depth < MAX_UNION_DEPTH; depth++) first = first.namedChild(0);
  if (first?.type === 'type_identifier' && first.text === tested.text) passedParameter(def, alias, first, f);
}

/**
 * `type Logger = typeof log`: the alias is the type of the value `log` (or `ns.log`), so a member
 * called on a `Logger` is the one `log` holds (an object literal's, a class's statics);
 * `type Deferred<T> = ReturnType<typeof createDeferred<T>>` (in `Awaited<...>` or `NonNullable<...>`
 * too): the type of what calling it gives, recorded as `createDeferred()`. Read through a
 * `typeof` relation resolution follows and the graph draws no edge for: the alias is no subtype
 * of a value. Any other type (`typeof import('./m')`, `ReturnType<F>`) gives none (false).
 */
export function typeofHeritage(def: RawDefinition, value: Node, { b, source }: FileContext): boolean {
  const named = valueTypedBy(value, source);
  if (named) b.inherits(def, named, 'typeof');
  return named !== undefined;
}

/**
 * A heritage name as written, without type arguments; undefined for `extends mixin(Base)`.
 * Read up to the first char no name holds: `class extends (class extends (…))` nests the
 * rest of the file in each heritage.
 */
export function heritageName(node: Node, source: string): string | undefined {
  const target = node.type === 'generic_type' ? node.childForFieldName('name') : node;
  if (!target) return undefined;
  const text = compactText(source, target.startIndex, target.endIndex, isNamePathChar);
  return text !== undefined && NAME_PATH.test(text) ? text : undefined;
}

/** A class's `extends` and `implements`: a step per ITEMS_PER_STEP implemented types. */
export function* classHeritage(classNode: Node, def: RawDefinition, { b, source }: FileContext): HandlerSteps {
  for (const child of classNode.namedChildren) {
    if (child?.type !== 'class_heritage') continue;
    for (const clause of child.namedChildren) {
      if (!clause) continue;
      if (clause.type === 'extends_clause') {
        const value = clause.childForFieldName('value');
        const name = value && heritageName(value, source);
        // `extends Repo<Foo>`: the type arguments bind Repo's parameters for what the class inherits.
        if (name) b.inherits(def, name, 'extends', typeArgumentNames(clause.childForFieldName('type_arguments'), source));
      } else if (clause.type === 'implements_clause') {
        let read = 0;
        for (const type of clause.namedChildren) {
          if (++read % ITEMS_PER_STEP === 0) yield;
          const name = type && heritageName(type, source);
          if (name) b.inherits(def, name, 'implements', genericArgumentNames(type, source));
        }
      } else {
        // The JavaScript grammar puts the extended expression straight under class_heritage.
        const name = heritageName(clause, source);
        if (name) b.inherits(def, name, 'extends');
      }
    }
    return;
  }
}

/** The name a class expression is known by: its binding, its export slot, or its own name. */
export function classExpressionName(node: Node, parentOf: FileContext['parentOf']): string | undefined {
  const parent = parentOf(node);
  if (parent?.type === 'variable_declarator') return parent.childForFieldName('name')?.text;
  if (parent?.type === 'assignment_expression') {
    const left = parent.childForFieldName('left');
    if (left?.type === 'identifier') return left.text;
    if (left?.type === 'member_expression') {
      const own = node.childForFieldName('name')?.text;
      if (isModuleExports(left)) return own ?? 'default';
      return left.childForFieldName('property')?.text;
    }
  }
  const own = node.childForFieldName('name')?.text;
  if (own) return own;
  if (parent?.type === 'export_statement') return 'default';
  return undefined;
}

export function defineClass(node: Node, name: string, f: FileContext): HandlerSteps {
  const def = f.b.define(node, 'class', name);
  declareTypeParameterList(node, f);
  return classHeritage(node, def, f);
}
