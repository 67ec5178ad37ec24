// Object literals whose members are functions, in TypeScript and JavaScript: a module-level
// `const api = { get() {}, put: () => {} }` (members called as `api.get()`), a local one in a
// function (`fn.api.get`), and the literal
// a factory returns (`function createStore() { ...; return { batch, flush: () => {} } }`,
// members called on `const store = createStore()`). Their function members are methods of
// the object (`api.get`) or of the factory (`createStore.flush`), so the calls they make are
// theirs and calls to them can be resolved (SPEC §init_workspace).
import type { Node } from 'web-tree-sitter';
import type { FileContext, HandlerSteps } from './language-module.ts';
import { ITEMS_PER_STEP, unquote } from './language-module.ts';
import { FUNCTION_VALUES } from './typescript-types.ts';
import { aliasedPath, constructedEitherWay } from './typescript-values.ts';
import { constructsWithin } from './inference-budget.ts';
import { functionTypeOf } from './typescript-function-types.ts';
import { argumentPlace, calleePath } from './typescript-callbacks.ts';
import { declareContextualParameters } from './typescript-contextual.ts';
import { compactText, isAsciiWord } from './source-text.ts';
import { declareSignature } from './typescript-signatures.ts';
import { LOCAL_OBJECT_OWNER, MAX_RETURNED_SPREADS, RETURNED_MEMBER, RETURNED_SPREAD, SPREAD_MEMBER } from '../../extract-types.ts';
import { calledPath } from './typescript-paths.ts';
import { declareLiteralThis } from './typescript-own-this.ts';
import { frozenDeclaratorValue, literalOf, moduleAssignedParts, WRAPPERS } from './typescript-literal-values.ts';

/** `[\w$.[\]]`: the chars of a computed key that names a member (`[Symbol.iterator]`). */
function isKeyChar(c: number): boolean {
  return isAsciiWord(c) || c === 36 || c === 46 || c === 91 || c === 93;
}

/** A member's key as a name: `get`, `'get'`, `[Symbol.iterator]` as its text; undefined for other computed keys. */
function keyName(key: Node | null, source: string): string | undefined {
  if (!key) return undefined;
  if (key.type === 'property_identifier' || key.type === 'private_property_identifier') return key.text;
  if (key.type === 'string') return unquote(key.text);
  if (key.type === 'computed_property_name') {
    // Read up to the first char no such key holds: a computed key may hold a whole nested literal.
    const text = compactText(source, key.startIndex, key.endIndex, isKeyChar);
    return text !== undefined && /^\[[\w$.]{1,80}\]$/.test(text) ? text : undefined;
  }
  return undefined;
}

/**
 * Defines the literal's function-valued members as methods named by their keys (after
 * `prefix.` when given: a local object's members are named through it), a step per
 * ITEMS_PER_STEP members.
 */
function* defineMembers(
  object: Node,
  { b, source }: FileContext,
  parentName: string | undefined,
  prefix?: string,
  functionBindings?: () => ReadonlySet<string>,
  written?: (key: string, fn: Node) => void,
): HandlerSteps {
  let read = 0;
  for (const member of object.namedChildren) {
    if (++read % ITEMS_PER_STEP === 0) yield;
    if (!member) continue;
    if (member.type === 'method_definition') {
      const name = keyName(member.childForFieldName('name'), source);
      if (!name) continue;
      b.define(member, 'method', prefix ? `${prefix}.${name}` : name, { bound: true, parentName });
      written?.(name, member);
    } else if (member.type === 'pair') {
      const value = member.childForFieldName('value');
      const name = keyName(member.childForFieldName('key'), source);
      if (!name || !value) continue;
      const fn = FUNCTION_VALUES.has(value.type);
      if (fn || castToFunction(value) || (functionBindings && namesFunction(value, functionBindings)))
        b.define(member, 'method', prefix ? `${prefix}.${name}` : name, { bound: true, parentName });
      // `{ stop: halt }` in a module object: `api.stop` is whatever the file's `halt` is.
      else if (parentName !== undefined && !prefix && value.type === 'identifier') b.memberAlias(parentName, name, value.text);
      if (fn) written?.(name, value);
    } else if (member.type === 'shorthand_property_identifier' && parentName !== undefined && !prefix) {
      // `{ run }` in a module object: `api.run` is whatever the file's `run` is.
      b.memberAlias(parentName, member.text, member.text);
    } else if (member.type === 'shorthand_property_identifier' && prefix && functionBindings?.().has(member.text)) {
      // `const connection = { end }; return connection` with `function end() {}` in the same body:
      // `connection.end` is that function, as the checker reads the shorthand.
      b.memberAlias(`${LOCAL_OBJECT_OWNER}${prefix}`, member.text, member.text);
    } else if (member.type === 'spread_element' && parentName !== undefined && !prefix) {
      // `{ ...CSSSelector }` in a module object: `util.cssQuerySelector` is what the spread holds.
      const spread = member.namedChild(0);
      if (spread?.type === 'identifier') b.memberAlias(parentName, SPREAD_MEMBER, spread.text);
    }
  }
}

/**
 * `defineTool({ handle(args, ctx) {...} })`: a function member of a literal that is argument i of
 * a call is written where the callee's parameter i's type expects member `key`, so its plain
 * parameters are what that member declares for them (`defineTool(0).handle(1)`, declared-types.ts
 * LITERAL_MEMBER_FORM), as the checker types them contextually.
 */
function typedByArgumentPlace(argument: Node, args: Node, call: Node, f: FileContext): ((key: string, fn: Node) => void) | undefined {
  const path = calleePath(call, f.source);
  if (!path) return undefined;
  const i = argumentPlace(f.b, args, argument);
  return (key, fn) => {
    if (/^[\w$]{1,80}$/.test(key)) declareContextualParameters(f, fn, `${path}(${i}).${key}`);
  };
}

/** `interruptChildren: undefined as ((fiber: F) => M) | undefined`: a value cast to a function type, assigned later. */
function castToFunction(value: Node): boolean {
  return value.type === 'as_expression' && functionTypeOf(value.namedChild(1)) !== undefined;
}

/** Whether a member's value (`resolve`, `resolve!`) is a name the scope binds to a function. */
function namesFunction(value: Node, functionBindings: () => ReadonlySet<string>): boolean {
  const name = value.type === 'non_null_expression' ? value.namedChild(0) : value;
  return name?.type === 'identifier' && functionBindings().has(name.text);
}

/**
 * The names a function body binds to functions at its top: `function step() {}`,
 * `const run = () => {}`, `let resolve: (v: T) => void` (assigned later). Read once, when a
 * returned literal first names one.
 */
function functionBindingsOf(body: Node): ReadonlySet<string> {
  const names = new Set<string>();
  for (const statement of body.namedChildren) {
    if (statement?.type === 'function_declaration') {
      const name = statement.childForFieldName('name');
      if (name) names.add(name.text);
    } else if (statement?.type === 'lexical_declaration' || statement?.type === 'variable_declaration') {
      for (const declarator of statement.namedChildren) {
        const name = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
        if (name?.type !== 'identifier') continue;
        const value = declarator!.childForFieldName('value');
        if ((value && FUNCTION_VALUES.has(value.type)) || functionTypeOf(declarator!.childForFieldName('type'))) names.add(name.text);
      }
    }
  }
  return names;
}

/**
 * `const api = {...}` at the top of a module, with no type written: its function members are
 * `api.<key>` methods, defined by the steps returned. Undefined when the value is no object
 * literal; steps that define nothing when a type is written.
 */
export function moduleObject(declarator: Node, value: Node, f: FileContext): HandlerSteps | undefined {
  const object = literalOf(value);
  const name = declarator.childForFieldName('name');
  if (!object) {
    const parts = moduleAssignedParts(value, f);
    return parts && name ? assignedMembers(name.text, parts, f) : undefined;
  }
  if (name?.type === 'identifier' && !declarator.childForFieldName('type')) {
    declareConstructedMembers(declarator, name.text, object, f);
    return defineMembers(object, f, name.text, undefined, undefined, memberSignature(name.text, f, value));
  }
  return noSteps();
}

/**
 * `exports.api = { get() {} }`, as CommonJS output writes `export const api = {...}`: a module
 * object exported as `name`, its function members `api.get` as a module const's are. Undefined
 * when the value is no object literal.
 */
export function exportedObject(name: string, value: Node, f: FileContext): HandlerSteps | undefined {
  const object = literalOf(value);
  const parts = object ? undefined : moduleAssignedParts(value, f);
  if ((!object && !parts) || !/^[\w$]{1,80}$/.test(name)) return undefined;
  f.b.addExport(name, name);
  return parts ? assignedMembers(name, parts, f) : defineMembers(object!, f, name, undefined, undefined, memberSignature(name, f, value));
}

/**
 * `Object.assign({}, base, { extra() {} })` held as the module object `name`: each literal's
 * function members are its methods, and each name merged in is spread into it (`{ ...base }`), as
 * the checker's intersection of them has their members.
 */
function* assignedMembers(name: string, parts: Node[], f: FileContext): HandlerSteps {
  for (const part of parts) {
    if (part.type === 'identifier') f.b.memberAlias(name, SPREAD_MEMBER, part.text);
    else yield* defineMembers(part, f, name, undefined, undefined, memberSignature(name, f, part));
  }
}

/**
 * `export default { format() {}, printer: new Printer() }`: a module object under the name
 * `default`, which no source can bind, as exportedObject reads one, and its constructed members
 * typed as a module const's are (`fmt.printer` a Printer). Undefined when the value is no object
 * literal. (A CommonJS export's constructed members are typed where it is assigned,
 * typescript-modules.ts exportedConstructed.)
 */
export function exportedDefaultObject(value: Node, f: FileContext): HandlerSteps | undefined {
  const object = literalOf(value);
  if (object) declareConstructedMembers(object, 'default', object, f);
  return exportedObject('default', value, f);
}

/**
 * `const api = { build() { return new Store() } }`: `api.build()` returns what the member does,
 * declared under `api.build` at the module level as a detached method's is (function-declarations.ts);
 * and `this` in it is the object, where the literal `value` is typed by itself (declareLiteralThis).
 */
function memberSignature(owner: string, f: FileContext, value: Node): (key: string, fn: Node) => void {
  const ownThis = literalOf(value, true) !== undefined;
  return (key, fn) => {
    declareSignature(f, 'local', `${owner}.${key}`, fn, fn.type === 'method_definition' ? fn : (f.parentOf(fn) ?? fn));
    if (ownThis) declareLiteralThis(fn, owner, f);
  };
}

/** Members of one literal read for the class they construct. */
const MAX_CONSTRUCTED_MEMBERS = 64;

/**
 * `const registry = { store: new Store() }`: `registry.store` is a Store, declared under that
 * dotted name (declared-types.ts reads a head with no type through it), as the checker types the
 * literal's property. Only members written `key: new X()`; a literal that constructs nothing is not read.
 */
function declareConstructedMembers(declarator: Node, name: string, object: Node, f: FileContext): void {
  for (const [key, type] of constructedMembers(object, f)) f.b.declareType('local', `${name}.${key}`, type, declarator, false, declarator.startIndex - 1);
}

/** The members of a literal written `key: new X()`, with X; none read when the literal constructs nothing. */
export function constructedMembers(object: Node, { b, source }: Pick<FileContext, 'b' | 'source'>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!constructsWithin(b, source, object.startIndex, object.endIndex)) return out;
  for (const member of object.namedChildren.slice(0, MAX_CONSTRUCTED_MEMBERS)) {
    if (member?.type !== 'pair') continue;
    const key = keyName(member.childForFieldName('key'), source);
    const type = key && !key.startsWith('[') ? constructedEitherWay(member.childForFieldName('value'), source) : undefined;
    if (type) out.push([key!, type]);
  }
  return out;
}

/**
 * `const handlers = { close() {}, error: (e) => {} }` inside a function: its function members are
 * methods of the function named through the object (`open.handlers.close`), reached as
 * `handlers.close()`; no bare names. Undefined when the value is no object literal.
 */
export function localObject(declarator: Node, value: Node, f: FileContext): HandlerSteps | undefined {
  const object = literalOf(value);
  const name = declarator.childForFieldName('name');
  if (!object || name?.type !== 'identifier') return undefined;
  if (!declarator.childForFieldName('type')) declareConstructedMembers(declarator, name.text, object, f);
  // The functions the block the declaration stands in declares, which a shorthand member may name.
  const statement = f.parentOf(declarator);
  const block = statement && f.parentOf(statement);
  let bindings: ReadonlySet<string> | undefined;
  const functionBindings = block?.type === 'statement_block' ? () => (bindings ??= functionBindingsOf(block)) : undefined;
  return defineMembers(object, f, undefined, name.text, functionBindings);
}

function* noSteps(): HandlerSteps {}

/** An assignment's left side whose object literal belongs to another owner: an export or a prototype. */
const EXPORT_OR_PROTOTYPE = /^(module\.)?exports\b|\.prototype$/;

/**
 * `makeResource({ start() {...} }, dispose)`: an object literal handed to a call (or to `new`).
 * Its function members are methods nested where the call is (`timerResource.start`), named by
 * their keys: the callee hands the object (or a type built from it) back, and the checker
 * resolves `timer.start()` to the member. So too a literal no declaration names, in a place a
 * value flows on from: a branch of `c ? {...} : {...}` or of `a || {...}`, an array's element, a
 * nested literal's value, an assignment (`x = {...}`, `this.x = {...}`, `c.w = {...}`). Read from the literal's own
 * handler, so a call costs nothing and each literal is looked at once, past its wrappers.
 * Undefined for a literal anywhere else (a declarator's value, a factory's return and
 * `module.exports = {...}` are read by their own handlers).
 */
export function argumentObject(object: Node, f: FileContext): HandlerSteps | undefined {
  let value = object;
  let holder = f.parentOf(object);
  let cast = false;
  for (let i = 0; holder && WRAPPERS.has(holder.type) && i < 4; i++) {
    cast ||= holder.type === 'as_expression' || holder.type === 'satisfies_expression';
    holder = f.parentOf((value = holder));
  }
  switch (holder?.type) {
    case 'arguments': {
      const call = f.parentOf(holder);
      if (call?.type !== 'call_expression' && call?.type !== 'new_expression') return undefined;
      // `const api = Object.freeze({...})`: the declarator's literal, whose members its handler defines (literalOf).
      if (frozenDeclaratorValue(call, f) || moduleAssignedParts(call, f)) return undefined;
      // A cast literal (`{...} as T`) is typed by its cast, not by the callee.
      const typed = cast ? undefined : typedByArgumentPlace(value, holder, call, f);
      return defineMembers(object, f, undefined, undefined, undefined, typed);
    }
    case 'arrow_function':
      // `globalValue(key, () => ({ run: () => {} }))`: the literal an arrow handed to a call returns (a
      // named arrow's is its factory's, factoryObject).
      return holder.childForFieldName('body')?.id === value.id && f.parentOf(holder)?.type === 'arguments' ? defineMembers(object, f, undefined) : undefined;
    case 'pair':
      // `export const api = { users: { list() {} } }`: `api.users.list`, as a module object's own members are named.
      return defineMembers(object, f, moduleObjectMember(holder, f));
    case 'ternary_expression':
    case 'binary_expression':
    case 'array':
      return holder.type === 'ternary_expression' && holder.childForFieldName('condition')?.id === value.id ? undefined : defineMembers(object, f, undefined);
    case 'assignment_expression': {
      const left = holder.childForFieldName('left');
      // Not an export (`exports.api = {...}`) or a prototype (`Foo.prototype = {...}`), whose members are another owner's.
      const other = left?.type === 'member_expression' && EXPORT_OR_PROTOTYPE.test(compactText(f.source, left.startIndex, left.endIndex, isKeyChar) ?? '');
      return left && !other && holder.childForFieldName('right')?.id === value.id ? defineMembers(object, f, undefined) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `users` in `const api = { users: {...} }` at the top of a module with no type written: `api.users`,
 * the owner the nested literal's members are named by (one level down); undefined anywhere else.
 */
function moduleObjectMember(pair: Node, f: FileContext): string | undefined {
  const key = pair.childForFieldName('key');
  if (key?.type !== 'property_identifier') return undefined;
  let outer: Node | null = f.parentOf(pair);
  let holder = outer && f.parentOf(outer);
  for (let i = 0; holder && WRAPPERS.has(holder.type) && i < 4; i++) holder = f.parentOf((outer = holder));
  if (holder?.type !== 'variable_declarator' || holder.childForFieldName('type') || holder.childForFieldName('value')?.id !== outer!.id) return undefined;
  const name = holder.childForFieldName('name');
  const statement = f.parentOf(holder);
  const top = statement && f.parentOf(statement);
  const atTop = top?.type === 'program' || (top?.type === 'export_statement' && f.parentOf(top)?.type === 'program');
  return name?.type === 'identifier' && atTop ? `${name.text}.${key.text}` : undefined;
}

/**
 * `return makeResource({ start() {...} }, dispose)`, `return Object.freeze({ ... })`: a call handed
 * the literal first, whose result the checker types from it (`T & Disposable`). Its members are
 * the factory's already, as an argument's (argumentObject).
 */
function wrapsLiteral(value: Node | null | undefined): boolean {
  if (value?.type !== 'call_expression') return false;
  return literalOf(value.childForFieldName('arguments')?.namedChild(0) ?? null) !== undefined;
}

/** Statements a body may end in after its last return: comments, and declarations hoisted above it. */
const AFTER_RETURN = new Set(['comment', 'function_declaration', 'generator_function_declaration', 'type_alias_declaration', 'interface_declaration']);

/**
 * A factory: a function with no declared return type whose body ends in `return {...}` (or an
 * arrow whose body is `({...})`). The literal's function members are methods nested in it, and
 * it declares `name()` as `{}`, the object it returns. Read from the definition's own handler,
 * so no return statement elsewhere is visited. `named` places the declaration (the declarator
 * of an arrow const); `member`: a method, declared on its class.
 */
export function* factoryObject(fn: Node, named: Node, name: string, member: boolean, f: FileContext): HandlerSteps {
  const body = fn.childForFieldName('body');
  if (!body || fn.childForFieldName('return_type')) return;
  let value = body.type === 'statement_block' ? body.lastNamedChild : body;
  if (value && body.type === 'statement_block' && AFTER_RETURN.has(value.type)) {
    // The last statement before trailing comments and hoisted declarations (`return { select }`
    // then `function select() {...}`: the declarations run first, so the return is the last
    // statement run). The block's children read once (a sibling step walks down from the root each time).
    const children = body.namedChildren;
    let i = children.length - 1;
    while (i >= 0 && AFTER_RETURN.has(children[i]!.type)) i--;
    value = i >= 0 ? children[i]! : null;
  }
  const returned = value?.type === 'return_statement' ? value.namedChild(0) : value;
  const object = literalOf(returned);
  if (object) {
    let bindings: ReadonlySet<string> | undefined;
    yield* defineMembers(object, f, undefined, undefined, () => (bindings ??= functionBindingsOf(body)));
  } else if (!wrapsLiteral(returned)) return;
  const kind = member ? 'member' : 'local';
  f.b.declareType(kind, `${name}()`, '{}', named, false, kind === 'local' ? named.startIndex - 1 : named.startIndex);
  // `return { store: new Store() }`: `pair().store` is a Store, the returned object's property
  // (declared-types.ts memberType reads `().store` of the factory), placed inside it so it is its own.
  if (object) {
    for (const [key, type] of constructedMembers(object, f)) f.b.declareType('local', `${RETURNED_MEMBER}${key}`, type, object, false, object.startIndex);
    declareReturnedHolders(object, f);
  }
}

/**
 * What the members of a returned literal hold, in one pass over its first members:
 * `return { toResult: processor.toResult }`, a member holding a member of another value, is that
 * member (`planner.toResult()` calls Processor's `toResult` where `processor: Processor`), read by
 * declared-types.ts returnedHeldMember as a local bound to the path is (heldMember);
 * `return { run, ...makeInner(n), ...held }`, the object holds the members of each value it
 * spreads, as the checker's spread type does: each a local of the factory, typed as a declarator
 * of the same value would be (what the call returns, what the path holds), read after the
 * literal's own members (declared-types.ts memberType, definition-queries.ts findMethod).
 */
function declareReturnedHolders(object: Node, { b, source }: FileContext): void {
  const spreads: string[] = [];
  for (const member of object.namedChildren.slice(0, MAX_CONSTRUCTED_MEMBERS)) {
    if (member?.type === 'pair') {
      const value = member.childForFieldName('value');
      if (value?.type !== 'member_expression') continue;
      const key = keyName(member.childForFieldName('key'), source);
      const path = key && !key.startsWith('[') ? aliasedPath(value, source) : undefined;
      if (path?.includes('.')) b.declareType('local', `${RETURNED_MEMBER}${key}`, `=${path}`, object, false, object.startIndex);
    } else if (member?.type === 'spread_element' && spreads.length < MAX_RETURNED_SPREADS) {
      const value = member.namedChild(0);
      const called = calledPath(value, source);
      const path = called === undefined ? aliasedPath(value, source) : undefined;
      if (called !== undefined) spreads.push(`${called}()`);
      else if (path !== undefined) spreads.push(`=${path}`);
    }
  }
  spreads.forEach((type, k) => b.declareType('local', `${RETURNED_SPREAD}${k}`, type, object, false, object.startIndex));
}
