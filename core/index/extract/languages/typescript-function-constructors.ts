// `export const float = new ConvertType('float')`, where `const ConvertType = function (type) {
// return (...params) => ... }`: `new` on a function that returns an object (a function is one)
// gives that object, so the const holds the function ConvertType returns, and the checker
// resolves a call of the const to the const itself, as it does `ConvertType('vec3')` without
// `new` (a wrapper's result, typescript-declarators.ts CALLABLE_VALUES). Read from the file's
// top-level functions' own return statements, the body's direct statements only; a function
// that returns anything else, or a class, constructs an instance, which is no callable.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext } from './language-module.ts';
import { FUNCTION_VALUES } from './typescript-types.ts';
import { unparenthesized } from './typescript-paths.ts';

const DECLARATIONS = new Set(['lexical_declaration', 'variable_declaration']);
const FUNCTION_DECLARATIONS = new Set(['function_declaration', 'generator_function_declaration']);

// Per file (one builder each): the top level is read once, at the first `new` a const holds.
const returningFunctions = new WeakMap<ExtractionBuilder, Set<string>>();

/** Whether `value`, a module-level `new F(...)`, constructs the function F returns: F a top-level function of this file that returns one. */
export function constructsFunction(value: Node, program: Node, f: Pick<FileContext, 'b'>): boolean {
  const constructor = value.childForFieldName('constructor');
  if (constructor?.type !== 'identifier') return false;
  let names = returningFunctions.get(f.b);
  if (!names) returningFunctions.set(f.b, (names = topLevelFunctionsReturningFunctions(program)));
  return names.has(constructor.text);
}

function topLevelFunctionsReturningFunctions(program: Node): Set<string> {
  const names = new Set<string>();
  for (let statement of program.namedChildren) {
    if (statement?.type === 'export_statement') statement = statement.childForFieldName('declaration');
    if (!statement) continue;
    if (FUNCTION_DECLARATIONS.has(statement.type)) {
      const name = statement.childForFieldName('name');
      if (name && returnsFunction(statement)) names.add(name.text);
    } else if (DECLARATIONS.has(statement.type)) {
      for (const declarator of statement.namedChildren) {
        const name = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
        const fn = unparenthesized(declarator?.childForFieldName('value') ?? null);
        if (name?.type === 'identifier' && fn && FUNCTION_VALUES.has(fn.type) && returnsFunction(fn)) names.add(name.text);
      }
    }
  }
  return names;
}

/** A return statement directly in the body (or an arrow's expression) whose value is a function written in place. */
function returnsFunction(fn: Node): boolean {
  const body = fn.childForFieldName('body');
  if (!body) return false;
  if (body.type !== 'statement_block') return FUNCTION_VALUES.has(unparenthesized(body)?.type ?? '');
  for (const statement of body.namedChildren) {
    if (statement?.type !== 'return_statement') continue;
    const returned = unparenthesized(statement.namedChildren.find((c) => c && c.type !== 'comment') ?? null);
    if (returned && FUNCTION_VALUES.has(returned.type)) return true;
  }
  return false;
}
