// Functions written where a named function type is expected take their parameters' types from
// it, as the TypeScript checker types them contextually: `const visit: Handler = (node, f) =>
// f.b.define(...)`, with `type Handler = (node: Node, f: FileContext) => void` here or imported.
// The alias declares each annotated parameter's type as `Handler(j)`, and the function's plain
// parameters are typed `Handler(j)`, seen within its lines (declared-types.ts PARAMETER_FORM).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { annotatedType, functionTypeReturn, indexSignatureValue, parametersOf, typeLiteralMembers } from './typescript-types.ts';
import { functionTypeOf } from './typescript-function-types.ts';
import { namedTypeOf } from './typescript-type-names.ts';
import { elementOf } from './typescript-generics.ts';
import { PARAMETER_LITERAL } from '../../extract-types.ts';

/** Whether an annotation is an object type literal written in place (`opts: { next: Next }`). */
function isObjectType(annotation: Node | null): boolean {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  return type?.type === 'object_type';
}

/** A type a function value may be typed by contextually: one name, plain or through a namespace (`Handler`, `ns.Handler`). */
export const CONTEXTUAL_TYPE = /^[\w$]{1,80}(\.[\w$]{1,80})?$/;

/** How many parameters of one function type are declared. */
const MAX_PARAMETERS = 16;

/** Keys of one destructured parameter that are typed. */
const MAX_KEYS = 64;

/**
 * `type Handler = (node: Node, f: FileContext) => Result`: `Handler(0)` is Node, `Handler(1)`
 * FileContext, and `Handler()` Result, what calling a value of the type returns (a local typed
 * `Handler`, called: declared-types.ts callee).
 */
export function declareFunctionTypeSignature({ b, source }: FileContext, name: string, alias: Node, fnType: Node): void {
  if (fnType.type !== 'function_type') return;
  const returned = functionTypeReturn(fnType, source);
  if (returned) b.declareType('local', `${name}()`, returned, alias, false, alias.startIndex - 1);
  const constraints = constraintsOf(fnType, source);
  parametersOf(fnType).forEach((param, j) => {
    const annotated = param && j < MAX_PARAMETERS ? annotatedType(param.type, source) : undefined;
    // `(opts: { op: Op; next: Next }) => R`: the literal, whose members the alias declares as `opts.next`.
    const literal = param && !annotated && j < MAX_PARAMETERS && isObjectType(param.type) ? `${PARAMETER_LITERAL}${name}.${param.name}` : undefined;
    const written = annotated ? (constraints?.get(annotated) ?? annotated) : literal;
    // Placed before the alias, as a declaration's signature is, so the names are its parent's.
    if (written) b.declareType('local', `${name}(${j})`, written, alias, false, alias.startIndex - 1);
    // `(arg: { utils: Utils }) => void`: the literal's members typed by a name, as the alias's own
    // `arg.utils` (placed inside it, so it owns them), which `{:Name.arg` reads through its prefix.
    if (literal) for (const [key, type] of typeLiteralMembers(param!.type, source) ?? []) b.declareType('member', `${param!.name}.${key}`, type, fnType);
  });
}

/** How many type parameters of one function type are read. */
const MAX_TYPE_PARAMETERS = 8;

/**
 * `<T extends schemas.$ZodType>(schema: T) => ...`: each constrained type parameter of a generic
 * call signature and the type it is read as where a parameter is typed by it (the constraint, as
 * the checker resolves a call on it). Read here because the signature is declared at the alias,
 * before its type parameters are met (type-parameters.ts).
 */
function constraintsOf(fnType: Node, source: string): Map<string, string> | undefined {
  let constraints: Map<string, string> | undefined;
  const parameters = fnType.childForFieldName('type_parameters')?.namedChildren ?? [];
  for (const parameter of parameters.slice(0, MAX_TYPE_PARAMETERS)) {
    const name = parameter?.type === 'type_parameter' ? parameter.childForFieldName('name') : null;
    const bound = parameter?.childForFieldName('constraint')?.namedChild(0);
    const type = name && bound ? annotatedType(bound, source) : undefined;
    if (type) (constraints ??= new Map()).set(name!.text, type).set(`${name!.text}[]`, `${type}[]`);
  }
  return constraints;
}

/**
 * A function value written where the type `typeName` is expected: each unannotated parameter is
 * `typeName(j)`; each name an unannotated `{ b, source }` parameter binds is that key of it, through
 * a name no source can write (`#j`) holding the parameter.
 */
export function declareContextualParameters({ b }: FileContext, fn: Node, typeName: string, definition = fn.type === 'method_definition'): void {
  // A method is a definition, whose locals its parameters are. Any other function value is no
  // definition: its parameters are seen inside it only, and so are its locals, as a callback's are
  // (`const { binding } = event` reads `event` where it is declared).
  const within = definition ? undefined : fn;
  if (within) b.callbackScope(fn.startIndex, fn.endIndex);
  parametersOf(fn).forEach((param, j) => {
    if (param && !param.type && j < MAX_PARAMETERS) b.declareType('local', param.name, `${typeName}(${j})`, fn, false, fn.startIndex, within);
  });
  declarePatternParameters(fn, (j) => `${typeName}(${j})`, b, { within, max: MAX_PARAMETERS, bare: false });
}

/**
 * Each unannotated object pattern among fn's parameters (`({ b, source }) =>`): a name no source
 * can write (`#j`) holding parameter j, typed `formOf(j)` as a plain parameter in its place would
 * be, and each name the pattern binds that key of it. `bare`: also a pattern JavaScript writes
 * without a parameter node around it, counted in its place; `within`: the lines they are seen in.
 */
export function declarePatternParameters(
  fn: Node,
  formOf: (j: number) => string,
  b: FileContext['b'],
  { within, max, bare }: { within: Node | undefined; max: number; bare: boolean },
): void {
  let j = 0;
  for (const p of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!p || p.type === 'comment') continue;
    const wrapped = p.type === 'required_parameter' || p.type === 'optional_parameter';
    if (!wrapped && !bare) continue;
    const pattern = wrapped ? p.childForFieldName('pattern') : p;
    if (pattern?.type === 'this') continue;
    if (j >= max) return;
    if (pattern?.type === 'object_pattern' && !(wrapped && p.childForFieldName('type'))) {
      const holder = `#${j}`;
      b.declareType('local', holder, formOf(j), fn, false, fn.startIndex, within);
      for (const [key, local] of patternKeys(pattern)) b.declareType('local', local, `=${holder}.${key}`, fn, false, fn.startIndex, within);
    }
    j++;
  }
}

/**
 * A function's first parameter as a name or pattern: `m` in `m => ...`, `(m) => ...` and
 * `function (m)`, `{ a }` in `({ a }: T) => ...`, `[k, v]` in `([k, v]) => ...` (a comment before
 * it skipped); null when it has none.
 */
export function firstParameterPattern(fn: Node): Node | null {
  const bare = fn.childForFieldName('parameter');
  if (bare) return bare;
  const first = fn.childForFieldName('parameters')?.namedChildren.find((p) => p?.type !== 'comment') ?? null;
  return first?.type === 'required_parameter' ? first.childForFieldName('pattern') : first;
}

/** How many patterns deep a nested destructuring is read (`{ options: { hooks: { use } } }` is two). */
const MAX_PATTERN_NESTING = 3;

/**
 * The plain keys an object pattern binds and the names it binds them to (`{ b, source: text }`),
 * up to MAX_KEYS; a nested pattern's keys through its key (`{ options: { batch } }` binds
 * `batch` to `options.batch`), a few levels deep.
 */
export function patternKeys(pattern: Node, prefix = '', depth = 0, out: Array<[string, string]> = []): Array<[string, string]> {
  for (const part of pattern.namedChildren) {
    if (!part || out.length >= MAX_KEYS) break;
    if (part.type === 'shorthand_property_identifier_pattern') out.push([prefix + part.text, part.text]);
    else if (part.type === 'object_assignment_pattern') {
      // `{ service = new Service() }`: the key's value where the object has one.
      const left = part.childForFieldName('left');
      if (left?.type === 'shorthand_property_identifier_pattern') out.push([prefix + left.text, left.text]);
    } else if (part.type === 'pair_pattern') {
      const key = part.childForFieldName('key');
      let value = part.childForFieldName('value');
      if (key?.type !== 'property_identifier') continue;
      // `{ hooks: { use } = {} }`: the default stands in for a missing value, of the same type.
      if (value?.type === 'assignment_pattern') value = value.childForFieldName('left');
      if (value?.type === 'identifier') out.push([prefix + key.text, value.text]);
      else if (value?.type === 'object_pattern' && depth + 1 < MAX_PATTERN_NESTING) patternKeys(value, `${prefix}${key.text}.`, depth + 1, out);
    }
  }
  return out;
}

/** Wrappers an object literal may sit in and keep its declared type: `{...} as const`, parentheses. */
const LITERAL_WRAPPERS = new Set(['as_expression', 'parenthesized_expression']);

/**
 * `function handlers(): Record<string, NodeHandler> { return { fn: (node, f) => ... } }`,
 * `const visitors: Record<string, Visit> = { ... }`, `{ ... } satisfies Record<string, Visit>`: a
 * function written as a value of an object literal whose type is a record of a named function
 * type takes its parameters from that type. Read from the function's own handler: one look at
 * its parent refuses any function that is no literal's value.
 */
export function declareRecordValueParameters(fn: Node, f: FileContext): void {
  const pair = f.parentOf(fn);
  if (pair?.type !== 'pair' || pair.childForFieldName('value')?.id !== fn.id) return;
  const object = f.parentOf(pair);
  if (object?.type !== 'object') return;
  const annotation = literalAnnotation(object, f);
  const expected = recordValueType(annotation) ?? memberOfNamedType(annotation, pair.childForFieldName('key'));
  if (expected) declareContextualParameters(f, fn, expected);
}

/**
 * `const plugin: Plugin = { apply(compiler) {...} }`, `return { apply(c) {...} }` under `(): Plugin`,
 * `{ apply(c) {...} } satisfies Plugin`, `as Plugin`: a method written in an object literal whose
 * type is named takes its parameters from that type, as a function-valued key does (above). Seen
 * inside the method only: such a literal's methods are definitions in some places and not in others.
 */
export function declareLiteralMethodParameters(method: Node, f: FileContext): void {
  const object = f.parentOf(method);
  if (object?.type !== 'object') return;
  const annotation = literalAnnotation(object, f);
  // `Record<string, Handler>`: every member is a Handler.
  const record = recordValueType(annotation);
  if (record) return declareContextualParameters(f, method, record, false);
  // `ProxyHandler<State>`: a generic type's members take its type arguments, which no form here substitutes.
  const written = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  if (!written || written.type === 'generic_type') return;
  const expected = memberOfNamedType(annotation, method.childForFieldName('name'));
  if (expected) declareContextualParameters(f, method, expected, false);
}

/** How many wrappers (parentheses, casts) are looked through from a literal to what types it. */
const MAX_WRAPPERS = 4;

/**
 * The type an object literal is written against: its declarator's annotation, a `satisfies` or
 * `as` type (`as const` names none), or the return type of the function that returns it; for an
 * element of an array literal (`const tasks: Task[] = [{ start: (s) => ... }]`), the element type
 * of the array's, one array deep.
 */
function literalAnnotation(literal: Node, f: FileContext, array = false): Node | null {
  let object = literal;
  let holder = f.parentOf(object);
  for (let i = 0; holder && LITERAL_WRAPPERS.has(holder.type) && i < MAX_WRAPPERS; i++) {
    const cast = holder.type === 'as_expression' ? holder.namedChild(1) : null;
    if (cast && cast.text !== 'const') return cast;
    holder = f.parentOf((object = holder));
  }
  if (holder?.type === 'array' && !array) {
    // `const tasks: Task[] = [{ run() {} }]`: each element is typed by the array's element type.
    const annotation = literalAnnotation(holder, f, true);
    const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
    return (type && elementOf(type)) ?? null;
  }
  if (holder?.type === 'variable_declarator') return holder.childForFieldName('type');
  if (holder?.type === 'satisfies_expression') return holder.namedChild(1);
  // An array is read where it is declared or cast, not where it is returned.
  return array ? null : (returningFunction(holder, object, f)?.childForFieldName('return_type') ?? null);
}

/** The function `value` is returned from: `return value` in the function's block, or an arrow whose body it is; undefined elsewhere. */
function returningFunction(holder: Node | null | undefined, value: Node, f: FileContext): Node | undefined {
  let returning: Node | null | undefined;
  // The statement block, then the function that holds it.
  if (holder?.type === 'return_statement') {
    const block = f.parentOf(holder);
    returning = block?.type === 'statement_block' ? f.parentOf(block) : undefined;
  } else if (holder?.type === 'arrow_function' && holder.childForFieldName('body')?.id === value.id) returning = holder;
  return returning && RETURNING.has(returning.type) ? returning : undefined;
}

/**
 * `(): QueryBehavior => ({ onFetch: (context, query) => ... })`: a function written as member
 * `key` of a literal whose type is one named object type takes the parameters that type declares
 * for that member, as `QueryBehavior#onFetch` (declared-type-forms.ts TYPE_MEMBER_FORM).
 */
function memberOfNamedType(annotation: Node | null, key: Node | null): string | undefined {
  const name = key?.type === 'property_identifier' ? key.text : undefined;
  const type = name && !recordValueType(annotation) ? namedTypeOf(annotation) : undefined;
  return type && CONTEXTUAL_TYPE.test(type) && /^[\w$]{1,80}$/.test(name!) ? `${type}#${name}` : undefined;
}

/** `Record<string, Handler>`, `{ [k: string]: Handler }` (in an annotation or as a type): the value type's name, when it is one a function can be typed by. */
function recordValueType(annotation: Node | null): string | undefined {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  // `{ [kind: string]: Handler }`: an index signature's values, as a Record's.
  const indexed = indexSignatureValue(type ?? null);
  if (indexed) {
    const value = namedTypeOf(indexed);
    return value && CONTEXTUAL_TYPE.test(value) ? value : undefined;
  }
  if (type?.type !== 'generic_type' || type.childForFieldName('name')?.text !== 'Record') return undefined;
  const args = type.childForFieldName('type_arguments');
  if (args?.namedChildCount !== 2) return undefined;
  const value = namedTypeOf(args.namedChild(1));
  return value && CONTEXTUAL_TYPE.test(value) ? value : undefined;
}

/** The functions a returned function sits in and may take its type from: a declaration, an expression, an arrow, a method. */
const RETURNING = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration']);

/**
 * `function asProvider(t): BindingTemplate { return function (binding) { binding.toProvider(t) } }`,
 * `(t): Handler => (node) => ...`: a function returned where the enclosing function declares a
 * named function type takes its parameters from that type. Read from the returned function's own
 * handler: one look at its parent (a return, or the arrow it is the body of) refuses the rest.
 */
export function declareReturnedParameters(fn: Node, f: FileContext): void {
  const expected = expectedOfReturned(fn, f, 0);
  if (expected) declareContextualParameters(f, fn, expected);
}

/** How many functions out a returned function's expected type is looked for (`(): Link => () => (opts) => ...` is two). */
const MAX_RETURNED_DEPTH = 3;

/**
 * The type a returned function is expected to have: its enclosing function's declared named
 * function type, or, where that function is returned itself with no type of its own, what the
 * type it is expected to have returns (`Link()`: `(): TRPCLink => () => ({ next }) => next(op)`
 * with `type TRPCLink = (rt: R) => OperationLink`, the innermost typed as an OperationLink).
 */
function expectedOfReturned(fn: Node, f: FileContext, depth: number): string | undefined {
  const returning = returningFunction(f.parentOf(fn), fn, f);
  if (!returning) return undefined;
  const declared = returning.childForFieldName('return_type');
  const expected = namedTypeOf(declared) ?? annotatedReturn(returning, f);
  if (expected) return CONTEXTUAL_TYPE.test(expected) ? expected : undefined;
  if (declared || depth + 1 >= MAX_RETURNED_DEPTH || returning.type === 'method_definition') return undefined;
  const outer = expectedOfReturned(returning, f, depth + 1);
  return outer && !outer.includes('(') ? `${outer}()` : undefined;
}

/**
 * `const _parse: (e: E) => $Parse = (e) => (schema) => ...`: what the function type a const's
 * annotation declares returning, for the function written as its value (the checker types that
 * value's own return by it). Undefined for a function held anywhere else.
 */
function annotatedReturn(returning: Node, f: FileContext): string | undefined {
  const declarator = f.parentOf(returning);
  if (declarator?.type !== 'variable_declarator' || declarator.childForFieldName('value')?.id !== returning.id) return undefined;
  const fnType = functionTypeOf(declarator.childForFieldName('type'));
  return fnType?.type === 'function_type' ? namedTypeOf(fnType.childForFieldName('return_type')) : undefined;
}
