// Functions written where a named function type is expected take their parameters' types from
// it, as the TypeScript checker types them contextually: `const visit: Handler = (node, f) =>
// f.b.define(...)`, with `type Handler = (node: Node, f: FileContext) => void` here or imported.
// The alias declares each annotated parameter's type as `Handler(j)`, and the function's plain
// parameters are typed `Handler(j)`, seen within its lines (declared-types.ts PARAMETER_FORM).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { annotatedType, parametersOf } from './typescript-types.ts';
import { namedTypeOf } from './typescript-type-names.ts';

/** A type a function value may be typed by contextually: one name, plain or through a namespace (`Handler`, `ns.Handler`). */
export const CONTEXTUAL_TYPE = /^[\w$]{1,80}(\.[\w$]{1,80})?$/;

/** How many parameters of one function type are declared. */
const MAX_PARAMETERS = 16;

/** `type Handler = (node: Node, f: FileContext) => void`: `Handler(0)` is Node, `Handler(1)` FileContext. */
export function declareFunctionTypeParameters({ b, source }: FileContext, name: string, alias: Node, fnType: Node): void {
  if (fnType.type !== 'function_type') return;
  parametersOf(fnType).forEach((param, j) => {
    const written = param && j < MAX_PARAMETERS ? annotatedType(param.type, source) : undefined;
    // Placed before the alias, as a declaration's signature is, so the names are its parent's.
    if (written) b.declareType('local', `${name}(${j})`, written, alias, false, alias.startIndex - 1);
  });
}

/** A function value written where the type `typeName` is expected: each unannotated parameter is `typeName(j)`. */
export function declareContextualParameters({ b }: FileContext, fn: Node, typeName: string): void {
  parametersOf(fn).forEach((param, j) => {
    if (param && !param.type && j < MAX_PARAMETERS) b.declareType('local', param.name, `${typeName}(${j})`, fn, false, fn.startIndex, fn);
  });
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
  const holder = f.parentOf(fn);
  let returning: Node | null | undefined;
  if (holder?.type === 'return_statement') {
    // The statement block, then the function that holds it.
    const block = f.parentOf(holder);
    returning = block?.type === 'statement_block' ? f.parentOf(block) : undefined;
  } else if (holder?.type === 'arrow_function' && holder.childForFieldName('body')?.id === fn.id) returning = holder;
  if (!returning || !RETURNING.has(returning.type)) return;
  const expected = namedTypeOf(returning.childForFieldName('return_type'));
  if (expected && CONTEXTUAL_TYPE.test(expected)) declareContextualParameters(f, fn, expected);
}
