// What types a function's parameter in TypeScript and JavaScript: its annotation (`o: Store`,
// `private store: Store`, a type literal's keys, `this: Store`), else its default value, as the
// checker infers it: `function run(clock = new Clock())` (the TypeScript grammar's parameter
// reads its own value; the JavaScript grammar's is an `assignment_pattern`), and a name an object
// pattern binds with a default, `({ service = new Service() } = {})`, in either grammar. A default
// that constructs a class, calls a function (`clock = systemClock()`, typed by what it declares
// returning) or names a path (`clock = this.clock`) types the name; any other types nothing.
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { annotatedType, constructedType, NAME_PATH, typeLiteralMembers, valueTypedBy } from './typescript-types.ts';
import { calledPath, pathOf } from './typescript-paths.ts';
import { patternKeys } from './typescript-contextual.ts';
import { declareLiteralMemberTypes, isParameterProperty } from './typescript-members.ts';
import { enterThisDeclared } from './typescript-own-this.ts';

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

/** The nodes whose parameters are a type's, not a function's bindings. */
const SIGNATURE_TYPES = new Set(['function_type', 'constructor_type', 'call_signature', 'construct_signature']);

/** How far up a signature looks for the parameter list it is a callback's type in. */
const MAX_SIGNATURE_DEPTH = 8;

/** Whether a signature types a parameter of a function (through unions, parentheses and annotations, a few levels). */
function inFunctionParameters(signature: Node, parentOf: FileContext['parentOf']): boolean {
  let up = parentOf(signature);
  for (let i = 0; up && i < MAX_SIGNATURE_DEPTH; i++, up = parentOf(up)) {
    if (up.type === 'formal_parameters') return !SIGNATURE_TYPES.has(parentOf(up)?.type ?? '');
    if (up.type.endsWith('_declaration') || up.type === 'program' || up.type === 'statement_block') return false;
  }
  return false;
}

/**
 * `o: Store`, `private store: Store` (also a field of the class), `o = new Store()`, `this: Store`,
 * and `registry = defaultRegistry`: an unannotated parameter has its default's type, as the checker reads it.
 */
export const parameter: NodeHandler = (node, f) => {
  const { b, source, parentOf } = f;
  const pattern = node.childForFieldName('pattern');
  const named = pattern?.type;
  if (named !== 'this' && named !== 'identifier' && named !== 'object_pattern') return;
  // What types the name, read before the parameter's place: most parameters (a callback's) have
  // no type, and their place costs a walk to their function.
  const annotation = node.childForFieldName('type');
  if (named === 'identifier' && annotation) classParameter(node, pattern!, annotation, f);
  const annotated = annotatedType(annotation, source);
  const value = annotated === undefined && named !== 'this' ? node.childForFieldName('value') : null;
  const type = named === 'this' ? annotated : (annotated ?? defaultType(value, source));
  const literal = type === undefined && named !== 'this' ? typeLiteralMembers(annotation, source) : undefined;
  if (!type && !literal?.length) return;
  // `type Visit = (session: Session) => void`, `{ (x: X): Y }`: a signature's parameters bind
  // nothing, save a callback's in a function's own parameters (`observable(subscribe: (observer:
  // Observer<T>) => ...)`): there the name types what the function body calls it (measured right
  // on every eval edge it gave, docs/call-confidence.md).
  const parameters = parentOf(node);
  const fn = parameters && parentOf(parameters);
  if (!fn || (SIGNATURE_TYPES.has(fn.type) && !inFunctionParameters(fn, parentOf))) return;
  // `_async(register: (emit: Emit) => void)` beside `import * as emit`: in the body `emit` is the
  // import, which a callback type's parameter name does not bind.
  if (SIGNATURE_TYPES.has(fn.type) && named === 'identifier' && b.importsLocal(pattern!.text)) return;
  // `toJSON(this: BigDecimal)`: `this` in the function is what the annotation says (no class
  // needed), seen within the function's lines only: its neighbours may declare none.
  if (named === 'this') {
    enterThisDeclared(fn, b);
    return void b.declareType('local', 'this', type!, node, false, node.startIndex, fn);
  }
  // `(record: { subs: Subscription })`: `record.subs` is a local of its own (declared-types.ts reads
  // a head with no type through it); `({ subs }: { subs: Subscription })`: `subs` is one.
  if (literal) {
    if (isParameterProperty(node)) declareLiteralMemberTypes(pattern, annotation, node, f);
    return declareLiteralMembers(node, pattern!, literal, f);
  }
  // `function handler({ b, source }: FileContext)`: each name is that key of the parameter, through a
  // name no source can write holding it (as typescript-contextual.ts does for an unannotated one).
  if (named === 'object_pattern') {
    const holder = `#p${node.startIndex}`;
    b.declareType('local', holder, type!, node);
    for (const [key, local] of patternKeys(pattern!)) b.declareType('local', local, `=${holder}.${key}`, node);
    return;
  }
  // A callback's parameter (`xs.map((o: Observable) => ...)`) is seen inside the callback only (the builder's callback scopes).
  b.declareType('local', pattern!.text, type!, node);
  if (isParameterProperty(node)) b.declareType('member', pattern!.text, type!, node);
};

/**
 * `make(Ctor: typeof Store)`: within the function, constructing the parameter builds a Store
 * (ExtractionBuilder.classParameter), as the checker reads `new Ctor()`; a signature's parameter
 * binds nothing.
 */
function classParameter(node: Node, pattern: Node, annotation: Node, { b, source, parentOf }: FileContext): void {
  const written = annotation.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  if (written?.type !== 'type_query') return;
  const cls = valueTypedBy(written, source);
  const parameters = parentOf(node);
  const fn = parameters && parentOf(parameters);
  if (cls && !cls.endsWith(')') && fn && !SIGNATURE_TYPES.has(fn.type)) b.classParameter(pattern.text, cls, fn);
}

/** The names a parameter typed by a type literal makes typed (the parameter handler's `literal`). */
function declareLiteralMembers(node: Node, pattern: Node, literal: Array<[string, string]>, { b }: FileContext): void {
  if (pattern.type === 'identifier') {
    for (const [key, type] of literal) b.declareType('local', `${pattern.text}.${key}`, type, node);
    return;
  }
  if (pattern.type !== 'object_pattern') return;
  const types = new Map(literal);
  const held = new Set<string>();
  for (const [key, local] of patternKeys(pattern)) {
    const dot = key.indexOf('.');
    const type = types.get(dot < 0 ? key : key.slice(0, dot));
    if (!type) continue;
    if (dot < 0) {
      b.declareType('local', local, type, node);
      continue;
    }
    // `({ options: { batch } }: { options: Options })`: `batch` is Options's member, read through a
    // name no source can write holding the literal's key.
    const holder = `#p${node.startIndex}.${key.slice(0, dot)}`;
    if (!held.has(holder)) b.declareType('local', holder, type, node);
    held.add(holder);
    b.declareType('local', local, `=${holder}${key.slice(dot)}`, node);
  }
}
