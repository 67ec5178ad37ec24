// Python: classes, functions (methods when their owner is a class), lambdas bound to names,
// `import` / `from ... import` (relative and star), calls with receivers, base classes.
// Exported = top-level and not starting with `_` (Python has no export statement; a leading `_` marks a private name).
import type { Node } from 'web-tree-sitter';
import { assignedLines } from './python-branches.ts';
import { CHOICE, type ImportBinding } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext, HandlerSteps, LanguageModule, NodeHandler } from './language-module.ts';
import { pythonImportResolver } from './python-imports.ts';
import { ITEMS_PER_STEP, wordAt } from './language-module.ts';
import { isJsSpace } from './source-text.ts';
import { returnedTypeOf } from './python-returns.ts';
import { annotatedType } from './python-annotations.ts';
import { chainedReceiver } from './python-chains.ts';
import { boundInScope, receiverHead, withScopes } from './python-scopes.ts';

/** A receiver's length read as a path through calls (python-chains.ts). */
const MAX_CHAIN_CHARS = 160;

const DOTTED = /^[\p{ID_Start}_][\p{ID_Continue}]*(\.[\p{ID_Start}_][\p{ID_Continue}]*)*$/u;

/** A base class as written, without subscripts (`Generic[T]` is `Generic`). */
function baseName(node: Node): string | undefined {
  const type = node.type;
  if (type === 'keyword_argument') return undefined;
  const target = type === 'subscript' ? node.childForFieldName('value') : node;
  if (!target || (target.type !== 'identifier' && target.type !== 'attribute')) return undefined;
  const text = target.text.replace(/\s+/g, '');
  return DOTTED.test(text) ? text : undefined;
}

/** An import statement's names, into `bindings`: a step per ITEMS_PER_STEP. */
function* importedNames(statement: Node, bindings: ImportBinding[]): HandlerSteps {
  let read = 0;
  for (const name of statement.childrenForFieldName('name')) {
    if (++read % ITEMS_PER_STEP === 0) yield;
    if (!name) continue;
    if (name.type === 'aliased_import') {
      const imported = name.childForFieldName('name')?.text ?? '';
      bindings.push({ imported, local: name.childForFieldName('alias')?.text ?? imported });
    } else {
      bindings.push({ imported: name.text, local: name.text });
    }
  }
}

function* fromImport(statement: Node, b: ExtractionBuilder, source: string): HandlerSteps {
  const bindings: ImportBinding[] = [];
  yield* importedNames(statement, bindings);
  for (const child of statement.namedChildren) {
    if (child?.type === 'wildcard_import') bindings.push({ imported: '*', local: '*' });
  }
  b.addImport({ kind: 'python', source, bindings, line: statement.startPosition.row + 1 });
}

/**
 * Whether the source between `from` and `to` is `super()` or the older `super(Cls, self)`, and a
 * dot, spaces aside (read up to the first char that is not). The two-argument form names the
 * class whose bases are searched, written as the enclosing one.
 */
function isSuperCall(source: string, from: number, to: number): boolean {
  if (!source.startsWith('super(', from)) return false;
  let i = from + 6;
  // The arguments, when any: names, dots, commas and spaces only.
  while (i < to && (isJsSpace(source.charCodeAt(i)) || isNameChar(source.charCodeAt(i)) || source[i] === ',' || source[i] === '.')) i++;
  if (i >= to || source[i] !== ')') return false;
  i++;
  while (i < to && isJsSpace(source.charCodeAt(i))) i++;
  if (i >= to || source[i] !== '.') return false;
  i++;
  while (i < to && isJsSpace(source.charCodeAt(i))) i++;
  return i === to;
}

/** `[A-Za-z0-9_]` by char code. */
function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function call(node: Node, f: FileContext): void {
  const { b, source, receiverText } = f;
  const fn = node.firstChild;
  if (!fn) return;
  const type = fn.type;
  if (type === 'identifier') {
    const name = wordAt(source, fn.startIndex);
    b.call(name, undefined, fn, false, boundInScope(fn, name, f));
  } else if (type === 'attribute') {
    const name = fn.lastChild;
    if (name?.type !== 'identifier') return;
    let receiver = receiverText(fn.startIndex, name.startIndex, DOTTED);
    // super().method(): the receiver is the parent class.
    if (receiver === '<expr>' && isSuperCall(source, fn.startIndex, name.startIndex)) receiver = 'super';
    // `get_console().print()`: a path through calls, typed by their declared returns. Only a
    // short one, as a long chain would be re-read once per link.
    else if (receiver === '<expr>' && name.startIndex - fn.startIndex <= MAX_CHAIN_CHARS)
      receiver = chainedReceiver(fn.childForFieldName('object')) ?? receiver;
    const head = receiverHead(fn.childForFieldName('object'));
    // `self` is read as the class around the call (call-resolution.ts), whatever binds it.
    const bound = head !== undefined && head.text !== 'self' && boundInScope(head, head.text, f);
    // `def make(Parser): Parser().parse()`: what the parameter returns, not the module's class's instance.
    if (bound && receiver.startsWith(`${head.text}(`)) receiver = '<expr>';
    b.call(wordAt(source, name.startIndex), receiver, name, false, bound);
  }
}

/**
 * A type as written in an annotation or called as a constructor: `X`, `mod.X`, `X[T]` as `X`,
 * `"X"` as `X`, and `X` beside `None` (`Optional[X]`, `X | None`; python-annotations.ts).
 */
function typeName(node: Node | null): string | undefined {
  const target = node?.type === 'type' ? node.namedChild(0) : node;
  if (!target) return undefined;
  if (target.type === 'identifier' || target.type === 'attribute') {
    const text = target.text.replace(/\s+/g, '');
    return DOTTED.test(text) ? text : undefined;
  }
  return ANNOTATION_FORMS.has(target.type) ? annotatedType(target.text) : undefined;
}

/** The annotation nodes read by their text: a generic, a subscript, `X | None`, a quoted annotation. */
const ANNOTATION_FORMS = new Set(['generic_type', 'subscript', 'binary_operator', 'string']);

/** `o: X` and `o: X = ...` parameters. */
const typedParameter: NodeHandler = (node, { b }) => {
  const name = node.type === 'typed_parameter' ? node.namedChild(0) : node.childForFieldName('name');
  if (name?.type !== 'identifier') return;
  const type = typeName(node.childForFieldName('type'));
  if (type) b.declareType('local', name.text, type, node);
};

/**
 * `apps=global_apps` and `r=Retry()`: an untyped parameter holds its default's value, as jedi
 * reads one (the value a path names, `=path`, or the class a call constructs).
 */
const defaultParameter: NodeHandler = (node, { b }) => {
  const name = node.childForFieldName('name');
  if (name?.type !== 'identifier') return;
  const held = heldType(node.childForFieldName('value'));
  if (held) b.declareType('local', name.text, held.type, node, held.call);
};

/** What a value written on the right of `=` types its name with: a path's value, or a call's class. */
function heldType(value: Node | null): { type: string; call: boolean } | undefined {
  if (value?.type === 'identifier' || value?.type === 'attribute') {
    const path = value.text.replace(/\s+/g, '');
    return DOTTED.test(path) && path !== 'None' ? { type: `=${path}`, call: false } : undefined;
  }
  if (value?.type !== 'call') return undefined;
  const type = typeName(value.firstChild);
  // `self._init_transport()`: what the method of this instance declares it returns.
  if (type?.startsWith('self.')) return { type: `${type}()`, call: false };
  return type ? { type, call: true } : undefined;
}

/** `x = X(...)`, `x: X = ...`, `x = y.z`, `self.x = X(...)`, `self.x: X`, and `x: X` in a class body (a field). */
function assignment(node: Node, { b, source, parentOf }: FileContext): void {
  const left = node.firstChild;
  if (!left) return;
  const annotated = typeName(node.childForFieldName('type'));
  let type = annotated;
  let call = false;
  if (!type) {
    let right = node.childForFieldName('right');
    // `self.v = validator or RequestValidator()`: the default constructed when the argument is falsy.
    if (right?.type === 'boolean_operator' && right.childForFieldName('operator')?.text === 'or') right = right.childForFieldName('right');
    const held = assignedValue(right, left.type !== 'identifier', node, parentOf);
    if (!held) return;
    ({ type, call } = held);
  }
  if (!type) return;
  if (left.type === 'identifier') {
    const statement = parentOf(node);
    const inClass = statement !== null && inClassBody(statement, parentOf);
    // `__call__ = handle` in a class body names a method, not a typed field.
    if (inClass && type.startsWith('=')) return;
    // In a function, the name holds it from the next line on, by branch (python-branches.ts):
    // `request.read()` above `request = next(flow)` still sees the parameter's type.
    const fn = inClass ? undefined : enclosingFunction(node, parentOf);
    const name = wordAt(source, left.startIndex);
    if (!fn) b.declareType(inClass ? 'member' : 'local', name, type, node, call, node.startIndex);
    else for (const lines of assignedLines(node, fn, parentOf)) b.declareType('local', name, type, node, call, node.startIndex, lines);
  } else if (left.type === 'attribute' && source.startsWith('self.', left.startIndex)) {
    const attribute = left.lastChild;
    if (attribute?.type === 'identifier' && left.firstChild?.text === 'self') b.declareType('member', attribute.text, type, node, call);
  }
}

/**
 * What an assignment's right side holds: `heldType`'s reading, and for `a if c else b` both
 * branches as a choice (CHOICE, typed where they reach one type; a `None` branch left out, as
 * jedi's `Optional` is the class). `member`: the left side is `self.x`, where a path's value is
 * held by a function's or the module's name only: `self.x = y` types the member in every method,
 * where y is not in scope; a parameter's declared type does.
 */
function assignedValue(right: Node | null, member: boolean, node: Node, parentOf: FileContext['parentOf']): { type: string; call: boolean } | undefined {
  const one = (value: Node | null) => {
    const held = heldType(value);
    return held?.type.startsWith('=') && member ? parameterType(node, held.type.slice(1), parentOf) : held;
  };
  const value = right?.type === 'parenthesized_expression' ? right.namedChild(0) : right;
  if (value?.type !== 'conditional_expression') return one(value);
  const branches = [value.namedChild(0), value.namedChild(2)].filter((branch) => branch?.type !== 'none');
  const forms = branches.map(one);
  if (!forms.length || forms.some((form) => !form)) return undefined;
  const types = [...new Set(forms.map((form) => form!.type))];
  return { type: types.join(CHOICE), call: forms.some((form) => form!.call) };
}

/** How far up from an assignment its function is looked for. */
const MAX_FUNCTION_DEPTH = 12;

/**
 * `def __init__(self, pool: Pool): self.pool = pool` (or `pool=Pool()`): what the enclosing
 * function declares for the parameter `name`; undefined for any other name or none declared.
 */
function parameterType(node: Node, name: string, parentOf: FileContext['parentOf']): { type: string; call: boolean } | undefined {
  if (name.includes('.')) return undefined;
  const fn = enclosingFunction(node, parentOf);
  if (!fn) return undefined;
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (param?.type === 'typed_parameter' && param.namedChild(0)?.text === name) {
      const type = typeName(param.childForFieldName('type'));
      return type ? { type, call: false } : undefined;
    }
    if ((param?.type === 'typed_default_parameter' || param?.type === 'default_parameter') && param.childForFieldName('name')?.text === name) {
      const type = typeName(param.childForFieldName('type'));
      if (type) return { type, call: false };
      const held = heldType(param.childForFieldName('value'));
      return held?.call ? held : undefined;
    }
  }
  return undefined;
}

/**
 * The lines a name bound at `node` holds its value in, when `node` is in a function: from its
 * line to the function's end (jedi reads a function's names in order). Undefined at module level.
 */
function fromHereInFunction(node: Node, parentOf: FileContext['parentOf']): [number, number] | undefined {
  const fn = enclosingFunction(node, parentOf);
  return fn ? [node.startPosition.row + 1, fn.endPosition.row + 1] : undefined;
}

/** A value read as a receiver path: a name path as written, else a short path through calls and indexes (python-chains.ts). */
function valuePath(value: Node): string | undefined {
  if (value.type === 'identifier' || value.type === 'attribute') {
    const text = value.text.replace(/\s+/g, '');
    if (DOTTED.test(text)) return text;
  }
  return value.endIndex - value.startIndex <= MAX_CHAIN_CHARS ? chainedReceiver(value) : undefined;
}

/** The function a node is in, looked for MAX_FUNCTION_DEPTH up and not past a class. */
function enclosingFunction(node: Node, parentOf: FileContext['parentOf']): Node | undefined {
  let fn = parentOf(node);
  for (let i = 0; fn && fn.type !== 'function_definition' && fn.type !== 'class_definition' && i < MAX_FUNCTION_DEPTH; i++) fn = parentOf(fn);
  return fn?.type === 'function_definition' ? fn : undefined;
}

/** Whether a statement sits directly in a class body (`class C:` then the statement's block). */
function inClassBody(statement: Node, parentOf: FileContext['parentOf']): boolean {
  const block = parentOf(statement);
  return (block && parentOf(block))?.type === 'class_definition';
}

/**
 * `for line in self._lines:` (or over a call, `for x in load():`): the loop variable is an element
 * of what the path holds (`path[*]`), typed where the path's collection is declared (`List[Text]`),
 * from the loop's line to the function's end (fromHereInFunction). One name only: `for i, x in ...` none.
 */
const forStatement: NodeHandler = (node, { b, source, parentOf }) => {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (left?.type !== 'identifier' || !right) return;
  const path = valuePath(right);
  if (!path) return;
  b.declareType('local', wordAt(source, left.startIndex), `${path}[*]`, node, false, node.startIndex, fromHereInFunction(node, parentOf));
};

/**
 * `with CancelScope() as scope:`, `async with create_task_group() as tg:`: the name holds what the
 * value's `__enter__` (`__aenter__`) is declared or written to return, from the statement's line to
 * the function's end (fromHereInFunction). One name only: `as (a, b)` none.
 */
const asPattern: NodeHandler = (node, { b, source, parentOf }) => {
  const item = parentOf(node);
  if (item?.type !== 'with_item') return;
  const value = node.namedChild(0);
  const target = node.lastNamedChild?.type === 'as_pattern_target' ? node.lastNamedChild.namedChild(0) : null;
  if (!value || target?.type !== 'identifier') return;
  const path = valuePath(value);
  if (!path) return;
  const statement = parentOf(item) && parentOf(parentOf(item)!);
  const enter = statement?.firstChild?.type === 'async' ? '__aenter__' : '__enter__';
  b.declareType('local', wordAt(source, target.startIndex), `${path}.${enter}()`, node, false, node.startIndex, fromHereInFunction(node, parentOf));
};

const HANDLERS: Record<string, NodeHandler> = {
  for_statement: forStatement,
  as_pattern: asPattern,
  typed_parameter: typedParameter,
  typed_default_parameter: typedParameter,
  default_parameter: defaultParameter,
  assignment,
  function_definition: (node, f) => {
    const { b, source, parentOf } = f;
    const name = node.childForFieldName('name');
    if (!name) return;
    const bound = wordAt(source, name.startIndex);
    b.define(node, 'function', bound, { methodInType: true });
    // What a call of it returns (`name()`): a method's is declared on its class, a function's beside it.
    const returned = returnedTypeOf(node, f, typeName);
    if (!returned) return;
    const holder = parentOf(node)?.type === 'decorated_definition' ? parentOf(node)! : node;
    const inClass = inClassBody(holder, parentOf);
    b.declareType(inClass ? 'member' : 'local', `${bound}()`, returned.type, node, returned.call, inClass ? node.startIndex : node.startIndex - 1);
  },
  class_definition: function* (node, { b, source }) {
    const name = node.childForFieldName('name');
    if (!name) return;
    const def = b.define(node, 'class', wordAt(source, name.startIndex));
    const bases = node.childForFieldName('superclasses');
    if (!bases) return;
    let read = 0;
    for (const base of bases.namedChildren) {
      if (++read % ITEMS_PER_STEP === 0) yield;
      const parent = base && baseName(base);
      if (parent) b.inherits(def, parent, 'extends');
    }
  },
  // `f = lambda ...`: found from the (rare) lambda rather than from every assignment.
  lambda: (node, { b, source, parentOf }) => {
    const assignment = parentOf(node);
    if (assignment?.type !== 'assignment' || assignment.lastChild?.startIndex !== node.startIndex) return;
    const left = assignment.firstChild;
    if (left?.type !== 'identifier') return;
    b.define(assignment, 'function', wordAt(source, left.startIndex), { bound: true, methodInType: true });
  },
  call,
  // `import a.b as c` binds c to module a.b; `import a.b` binds the dotted name a.b.
  import_statement: function* (node, { b }) {
    const line = node.startPosition.row + 1;
    const bindings: ImportBinding[] = [];
    yield* importedNames(node, bindings);
    for (const { imported, local } of bindings) {
      b.addImport({ kind: 'python', source: imported, bindings: [{ imported: '*', local }], line });
    }
  },
  import_from_statement: (node, { b }) => {
    const module = node.childForFieldName('module_name');
    return module ? fromImport(node, b, module.text.replace(/\s+/g, '')) : undefined;
  },
  future_import_statement: (node, { b }) => fromImport(node, b, '__future__'),
};

// Scopes and bindings read along the same walk, for the calls of names a function binds (python-scopes.ts).
const SCOPED_HANDLERS = withScopes(HANDLERS);

// Names a bare call reaches without an import: `format(x)` is the built-in, never a workspace `format`.
const BUILTINS = new Set(
  (
    'abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod ' +
    'enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance ' +
    'issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr ' +
    'reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__'
  ).split(' '),
);

export const pythonModule: LanguageModule<'python', 'python'> = {
  extensions: { '.py': { grammar: 'python', language: 'python' }, '.pyi': { grammar: 'python', language: 'python' } },
  indexedByDefault: ['py'],
  grammars: ['python'],
  grammarPackages: { python: 'tree-sitter-python@0.25.0' },
  // A module is the namespace of every name it binds; a package's __init__ re-exports by importing.
  // The share of each kind of cross-file edge eval:calls found right on the Python corpora, both
  // halves (docs/call-confidence.md): 1,121 import edges at 0.990, 153 declared types at 0.974,
  // 196 base classes at 0.995.
  languages: {
    python: {
      surface: 'namespace',
      builtins: BUILTINS,
      classCalls: true,
      importBeforeOwn: true,
      functionImports: true,
      confidence: { importResolved: 0.99, declaredType: 0.97, baseClass: 0.99 },
    },
  },
  importResolver: pythonImportResolver,
  handlers: () => SCOPED_HANDLERS,
  finish: (result) => {
    for (const def of result.definitions) {
      if (def.parent === null && !def.name.startsWith('_')) {
        def.exported = true;
        result.exports.push({ local: def.name, exported: def.name });
      }
    }
  },
};
