// Functions written where a named function type is expected take their parameters' types from
// it, as the TypeScript checker types them contextually: `const visit: Handler = (node, f) =>
// f.b.define(...)`, with `type Handler = (node: Node, f: FileContext) => void` here or imported.
// The alias declares each annotated parameter's type as `Handler(j)`, and the function's plain
// parameters are typed `Handler(j)`, seen within its lines (declared-types.ts PARAMETER_FORM).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { annotatedType, parametersOf } from './typescript-types.ts';

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
