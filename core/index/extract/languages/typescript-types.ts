// Declared types in TypeScript sources (extract-types.ts DeclaredType): the annotations,
// constructions, declared returns and callback parameters resolution types receivers by.
// Declared types only: a type is read where it is written, never inferred from a value.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';

export const NAME_PATH = /^[\w$#]+(\.[\w$#]+)*$/;
const TYPE_NAMES = new Set(['type_identifier', 'nested_type_identifier', 'identifier', 'member_expression']);
/** Generic collections whose one type argument is what their callbacks and element reads see. */
const COLLECTIONS = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet']);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);
const MAX_PATH_CHARS = 200;
const MAX_PATH_SEGMENTS = 6;

/** A type name as written (`Store`, `ns.Store`, `Store<T>` as `Store`); undefined for any other type. */
function typeName(type: Node | null): string | undefined {
  if (type?.type === 'generic_type') type = type.childForFieldName('name');
  if (!type || !TYPE_NAMES.has(type.type)) return undefined;
  const text = type.text.replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : undefined;
}

/** `X[]`, `readonly X[]`, `Array<X>`, `ReadonlyArray<X>`, `Set<X>`: `X[]`; undefined for any other type. */
function collectionType(type: Node): string | undefined {
  if (type.type === 'readonly_type') return collectionType(type.namedChild(0) ?? type);
  if (type.type === 'array_type') {
    const element = typeName(type.namedChild(0));
    return element && `${element}[]`;
  }
  if (type.type !== 'generic_type' || !COLLECTIONS.has(type.childForFieldName('name')?.text ?? '')) return undefined;
  const args = type.childForFieldName('type_arguments') ?? type.namedChildren.find((c) => c?.type === 'type_arguments');
  if (!args || args.namedChildCount !== 1) return undefined;
  const element = typeName(args.namedChild(0));
  return element && `${element}[]`;
}

/** A declared type as written, from a type annotation or a type: a name or a collection of one. */
export function annotatedType(annotation: Node | null): string | undefined {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  if (!type) return undefined;
  return collectionType(type) ?? typeName(type);
}

/** `new X(...)` / `new ns.X(...)`: the class; undefined for any other value. */
export function constructedType(value: Node | null): string | undefined {
  if (value?.type !== 'new_expression') return undefined;
  const ctor = value.childForFieldName('constructor');
  return ctor && (ctor.type === 'identifier' || ctor.type === 'member_expression') ? typeName(ctor) : undefined;
}

/** A type with `null`, `undefined` and `void` dropped from a union; undefined when more than one member stays. */
function withoutNullish(type: Node | null): Node | undefined {
  if (type?.type !== 'union_type') return type ?? undefined;
  const members: Node[] = [];
  const collect = (n: Node | null) => {
    if (!n) return;
    if (n.type === 'union_type') for (const c of n.namedChildren) collect(c);
    else if (!(n.type === 'literal_type' || n.type === 'predefined_type') || !/^(null|undefined|void)$/.test(n.text)) members.push(n);
  };
  collect(type);
  return members.length === 1 ? members[0] : undefined;
}

/** A function's declared return type: `(): Store`, `(): Store | undefined`, `(): Store[]`; undefined for anything else. */
function returnedType(fn: Node): string | undefined {
  const annotation = fn.childForFieldName('return_type');
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  const single = withoutNullish(type ?? null);
  return single && annotatedType(single);
}

/**
 * A receiver or callee as a path: `a.b`, `this.#x.y`, and calls in it with their arguments
 * dropped (`this.client.getCache()`, `find().map`); undefined for anything else (an index, a
 * literal, a parenthesized expression).
 */
export function pathOf(node: Node | null, depth = 0): string | undefined {
  if (!node || depth > MAX_PATH_SEGMENTS) return undefined;
  let path: string | undefined;
  switch (node.type) {
    case 'identifier':
    case 'this':
      path = node.text;
      break;
    case 'non_null_expression':
      return pathOf(node.namedChild(0), depth);
    case 'member_expression': {
      const property = node.childForFieldName('property');
      if (property?.type !== 'property_identifier' && property?.type !== 'private_property_identifier') return undefined;
      const object = pathOf(node.childForFieldName('object'), depth + 1);
      path = object && `${object}.${property.text}`;
      break;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      const callee = fn && (fn.type === 'identifier' || fn.type === 'member_expression') ? pathOf(fn, depth + 1) : undefined;
      path = callee && `${callee}()`;
      break;
    }
  }
  return path && path.length <= MAX_PATH_CHARS ? path : undefined;
}

/** `f(...)`, `a.b(...)`, `this.x.y(...)`, `a.b().c(...)`: the called path, for a local typed by the callee's declared return type. */
export function calledPath(value: Node | null): string | undefined {
  // `(this.#r = createRetryer(...))`: the value is the assignment's.
  for (let i = 0; i < 4 && (value?.type === 'parenthesized_expression' || value?.type === 'assignment_expression'); i++) {
    value = value.type === 'parenthesized_expression' ? value.namedChild(0) : value.childForFieldName('right');
  }
  if (value?.type !== 'call_expression') return undefined;
  const fn = value.childForFieldName('function');
  return fn && (fn.type === 'identifier' || fn.type === 'member_expression') ? pathOf(fn) : undefined;
}

/** The plain parameters of a function node, by position: their names and written types (`undefined` where none or not a plain name). */
function parametersOf(fn: Node): Array<{ name: string; type: Node | null } | undefined> {
  const single = fn.childForFieldName('parameter');
  if (single) return single.type === 'identifier' ? [{ name: single.text, type: null }] : [undefined];
  const params = fn.childForFieldName('parameters');
  if (!params) return [];
  const out: Array<{ name: string; type: Node | null } | undefined> = [];
  for (const p of params.namedChildren) {
    if (p?.type !== 'required_parameter' && p?.type !== 'optional_parameter') continue;
    const pattern = p.childForFieldName('pattern');
    out.push(pattern?.type === 'identifier' ? { name: pattern.text, type: p.childForFieldName('type') } : undefined);
  }
  return out;
}

/**
 * Declares what `name` declares for its callers: its return type (`name()`), and the declared
 * parameter types of the callbacks it takes (`name(i,j)`: parameter j of the function type of
 * its parameter i). A method's are declared on its class, a function's beside it (at its
 * enclosing function, or the module: the position before it, so it is not its own owner).
 */
export function declareSignature(b: FileContext['b'], kind: 'member' | 'local', name: string, fn: Node, at: Node): void {
  const start = kind === 'local' ? at.startIndex - 1 : at.startIndex;
  const returned = returnedType(fn);
  if (returned) b.declareType(kind, `${name}()`, returned, at, false, start);
  parametersOf(fn).forEach((param, i) => {
    let type = param?.type?.type === 'type_annotation' ? param.type.namedChild(0) : param?.type;
    type = withoutNullish(type ?? null) ?? null;
    if (type?.type === 'parenthesized_type') type = type.namedChild(0);
    if (type?.type !== 'function_type') return;
    parametersOf(type).forEach((inner, j) => {
      const written = inner && annotatedType(inner.type);
      if (written) b.declareType(kind, `${name}(${i},${j})`, written, at, false, start);
    });
  });
}

/**
 * `recv.map((x) => x.run())`, `operate((source, sink) => ...)`: each unannotated parameter of a
 * function passed as an argument is typed by what the callee declares for it (`path(i,j)`),
 * seen only inside that function.
 */
export function declareCallbackParameters(call: Node, b: FileContext['b']): void {
  const args = call.childForFieldName('arguments');
  if (!args || args.type !== 'arguments') return;
  let path: string | undefined;
  let i = -1;
  for (const arg of args.namedChildren) {
    i++;
    if (!arg || !FUNCTION_VALUES.has(arg.type)) continue;
    path ??= calledPath(call) ?? '';
    if (!path) return;
    parametersOf(arg).forEach((param, j) => {
      if (param && !param.type) b.declareType('local', param.name, `${path}(${i},${j})`, arg, false, arg.startIndex, arg);
    });
  }
}

/**
 * The callback a node sits in, when it is one: the nearest function around it, if that
 * function is passed as an argument (`xs.map((o: Store) => ...)`). Names bound there are seen
 * only inside it.
 */
export function callbackAround(node: Node): Node | undefined {
  let n: Node | null = node.parent;
  for (let i = 0; n && i < 64; i++, n = n.parent) {
    if (FUNCTION_VALUES.has(n.type) || n.type === 'function_declaration' || n.type === 'method_definition') {
      return FUNCTION_VALUES.has(n.type) && n.parent?.type === 'arguments' ? n : undefined;
    }
    if (n.type === 'program' || n.type === 'class_body') return undefined;
  }
  return undefined;
}

/** `for (const x of xs)`: x is an element of what xs names (`xs[*]`), seen inside the loop. */
export function declareLoopElement(loop: Node, b: FileContext['b']): void {
  if (loop.children.every((c) => c?.type !== 'of')) return;
  const left = loop.childForFieldName('left');
  const right = pathOf(loop.childForFieldName('right'));
  if (left?.type !== 'identifier' || !right) return;
  b.declareType('local', left.text, `${right}[*]`, loop, false, loop.startIndex, loop);
}
