// A parameter with no declared type takes the type of its default value, as the checker infers
// it: `function run(clock = new Clock())` (the JavaScript grammar's `assignment_pattern`; the
// TypeScript grammar's parameter reads its own value, typescript.ts), and a name an object
// pattern binds with a default, `({ service = new Service() } = {})`, in either grammar. A default
// that constructs a class, calls a function (`clock = systemClock()`, typed by what it declares
// returning) or names a path (`clock = this.clock`) types the name; any other types nothing.
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { constructedType, NAME_PATH } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';

/** The declared-type form of a default value: the class it constructs, `f()` for a call of f, `=path` for a path. */
export function defaultType(value: Node | null, source: string): string | undefined {
  if (value?.type === 'new_expression') return constructedType(value, source);
  if (value?.type === 'call_expression') {
    const called = calledPath(value, source);
    // `#require...`: a module load, which no declared return types.
    return called && !called.startsWith('#') ? `${called}()` : undefined;
  }
  if (value?.type !== 'identifier' && value?.type !== 'member_expression') return undefined;
  const path = pathOf(value, source);
  return path && path !== 'undefined' && NAME_PATH.test(path) ? `=${path}` : undefined;
}

/** How far up from an object pattern its parameter is looked for: the pattern, a default around it, the parameter. */
const MAX_PATTERN_DEPTH = 3;

/** The parameter lists of a function, in either grammar, and what wraps a parameter in the TypeScript one. */
const PARAMETER_LISTS = new Set(['formal_parameters']);
const PARAMETER_WRAPPERS = new Set(['required_parameter', 'optional_parameter', 'assignment_pattern']);

/** `function run(clock = new Clock())` in the JavaScript grammar: `clock` is a Clock inside the function. */
export const parameterDefault: NodeHandler = (node, f) => {
  const left = node.childForFieldName('left');
  if (left?.type !== 'identifier' || !PARAMETER_LISTS.has(f.parentOf(node)?.type ?? '')) return;
  const type = defaultType(node.childForFieldName('right'), f.source);
  // A callback's parameter (`xs.map((x = new X()) => ...)`) is seen inside the callback only, as an annotated one is.
  if (type) f.b.declareType('local', left.text, type, node);
};

/** `({ service = new Service() }) => ...`: `service` is a Service inside the function whose parameter the pattern is. */
export const patternDefault: NodeHandler = (node, f) => {
  const left = node.childForFieldName('left');
  if (left?.type !== 'shorthand_property_identifier_pattern' || !inParameter(node, f)) return;
  const type = defaultType(node.childForFieldName('right'), f.source);
  if (type) f.b.declareType('local', left.text, type, node);
};

/**
 * Whether a pattern's default stands in a function's parameter (its object pattern, maybe
 * defaulted or wrapped, in a parameter list) that declares no type: an annotated one's keys are
 * typed by the annotation (typescript.ts), which the checker reads before the default.
 */
function inParameter(node: Node, { parentOf }: FileContext): boolean {
  const pattern = parentOf(node);
  if (pattern?.type !== 'object_pattern') return false;
  let at: Node | null | undefined = parentOf(pattern);
  for (let i = 0; at && PARAMETER_WRAPPERS.has(at.type) && i < MAX_PATTERN_DEPTH; i++) {
    if (at.childForFieldName('type')) return false;
    at = parentOf(at);
  }
  return at !== null && at !== undefined && PARAMETER_LISTS.has(at.type);
}
