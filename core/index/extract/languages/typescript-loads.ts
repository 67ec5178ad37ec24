// Modules loaded by a call: `require('a')` and `import('a')`, and the names the declaration or
// assignment holding the load binds (`const m = require('a')` the module object, as `import * as
// m`; `const { a, b: c } = require('b')` its names), as typescript-modules.ts expresses CommonJS in
// ES terms.
import type { Node } from 'web-tree-sitter';
import type { ImportBinding } from '../../extract-types.ts';
import { unquote, type FileContext } from './language-module.ts';
import { besideNothing } from './typescript-values.ts';
import { isMemberKey, requiredModuleName } from './typescript-paths.ts';
import { exportsAssignedWithin, isExportsObject, lineOf, stringValue } from './typescript-modules.ts';
import { firstParameterPattern } from './typescript-contextual.ts';

/** Objects whose assigned members are exports, never a module-level object's members (typescript-assignments.ts). */
const EXPORT_HOLDERS = new Set(['exports', 'module', 'this']);

/**
 * What a declaration binds from a module value: `x` -> the whole module, `{a, b: c}` -> its names.
 * `f`: where the holder is, and the file's language, for an object member assigned at a module's top.
 */
function declaredBindings(holder: Node | null, member: string | undefined, f: Pick<FileContext, 'b' | 'parentOf'>): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  // `helpers = require('./scopes')` loading on first use into a name declared before: the name binds the module, as a declarator's does.
  const assigned = holder?.type === 'assignment_expression' ? holder.childForFieldName('left') : null;
  if (assigned?.type === 'identifier') bindings.push({ imported: member ?? '*', local: assigned.text });
  const path = assigned && assigned.type !== 'identifier' ? assignedMemberPath(assigned, holder!, f) : undefined;
  if (path) bindings.push({ imported: member ?? '*', local: path });
  if (holder?.type !== 'variable_declarator') return bindings;
  return [...bindings, ...patternBindings(holder.childForFieldName('name'), member)];
}

/**
 * `var formats = {}; formats.pkcs8 = require('./formats/pkcs8'); formats['rfc4253'] = require(...)`,
 * a statement at a JavaScript module's top: the member of an object the top declares empty names
 * the module, as the checker declares the members a JavaScript file assigns such an object
 * (`formats.pkcs8.toBuffer()`, and `formats['rfc4253'].write()`, which typescript-paths.ts reads as
 * that path). Undefined for TypeScript (where the checker declares no such member), an export,
 * `this`, an object declared any other way (`Stream.Readable = require(...)` on a class), and any
 * other place.
 */
function assignedMemberPath(left: Node, assignment: Node, { b, parentOf }: Pick<FileContext, 'b' | 'parentOf'>): string | undefined {
  if (b.language !== 'javascript') return undefined;
  const object = left.childForFieldName('object');
  if (object?.type !== 'identifier' || EXPORT_HOLDERS.has(object.text)) return undefined;
  const key =
    left.type === 'member_expression' ? left.childForFieldName('property') : left.type === 'subscript_expression' ? left.childForFieldName('index') : null;
  const name = writtenKey(key);
  if (!name || !isMemberKey(name)) return undefined;
  const statement = parentOf(assignment);
  const program = statement?.type === 'expression_statement' ? parentOf(statement) : null;
  return program?.type === 'program' && emptyObjectsOf(b, program).has(object.text) ? `${object.text}.${name}` : undefined;
}

/**
 * `module.exports = { isObject: require('./is-object') }`: the key a pair of the object the
 * module's exports are assigned holds its value under; undefined for any other pair.
 */
function exportedKey(pair: Node, { parentOf }: Pick<FileContext, 'parentOf'>): string | undefined {
  const object = parentOf(pair);
  const assignment = object?.type === 'object' ? parentOf(object) : null;
  if (assignment?.type !== 'assignment_expression' || assignment.childForFieldName('right')?.id !== object!.id) return undefined;
  // `module.exports = {...}`; never `exports = {...}`, which rebinds the local and exports nothing.
  const left = assignment.childForFieldName('left');
  if (!isExportsObject(left) || left?.type === 'identifier') return undefined;
  const name = writtenKey(pair.childForFieldName('key'));
  return name !== undefined && /^[\w$]{1,80}$/.test(name) ? name : undefined;
}

/** `pkcs8` in `formats.pkcs8` or `{ pkcs8: ... }`, `rfc4253` in `formats['rfc4253']` or `{ 'rfc4253': ... }`: a key as written; undefined for any other key. */
function writtenKey(key: Node | null): string | undefined {
  return key?.type === 'property_identifier' ? key.text : stringValue(key);
}

/**
 * The name a module exports by assigning `left`: `exports.encoder`, `module.exports.encoder`, and,
 * in a statement at a JavaScript module's top, `hpack.encoder` where the top declares `var hpack =
 * exports` (module-exports-aliases, exportsAliasesOf); one object deeper, the path
 * (`transport.protocol.base`: `protocol.base`, a member of the object the module exports as
 * `protocol`, as the checker declares it). Undefined for any other target.
 */
export function exportedMember(left: Node | null, assignment: Node, f: Pick<FileContext, 'b' | 'parentOf'>, deeper = true): string | undefined {
  if (left?.type !== 'member_expression') return undefined;
  const name = left.childForFieldName('property');
  if (name?.type !== 'property_identifier') return undefined;
  const object = left.childForFieldName('object');
  if (isExportsObject(object)) return name.text;
  if (object?.type === 'member_expression') {
    // One object deep, never more: a chain of any length costs one step here.
    const holder = deeper ? exportedMember(object, assignment, f, false) : undefined;
    return holder === undefined ? undefined : `${holder}.${name.text}`;
  }
  const { b, parentOf } = f;
  if (object?.type !== 'identifier' || b.language !== 'javascript') return undefined;
  const statement = parentOf(assignment);
  const program = statement?.type === 'expression_statement' ? parentOf(statement) : null;
  return program?.type === 'program' && exportsAliasesOf(b, program).has(object.text) ? name.text : undefined;
}

/** Per file (its builder): the names its top declares as the module's exports object (`var hpack = exports`), read once. */
const exportsAliases = new WeakMap<FileContext['b'], Set<string>>();

function exportsAliasesOf(b: FileContext['b'], program: Node): Set<string> {
  return topDeclaredNames(exportsAliases, b, program, (value) => isExportsObject(value) || exportsAssignedWithin(value)?.type === 'object');
}

/** Per file (its builder): the names its top declares as an empty object (`var formats = {}`), read once. */
const emptyObjects = new WeakMap<FileContext['b'], Set<string>>();

/** The names `var x = {}` (or `let`, `const`) declares at the module's top: the objects whose assigned members the checker declares. */
function emptyObjectsOf(b: FileContext['b'], program: Node): Set<string> {
  return topDeclaredNames(emptyObjects, b, program, (value) => value.type === 'object' && value.namedChildCount === 0);
}

/** The names a module's top declares (`var`, `let`, `const`) with a value `holds` accepts, read once per file into `memo`. */
function topDeclaredNames(memo: WeakMap<FileContext['b'], Set<string>>, b: FileContext['b'], program: Node, holds: (value: Node) => boolean): Set<string> {
  let names = memo.get(b);
  if (!names) memo.set(b, (names = declaredNamesAt(program, holds)));
  return names;
}

/**
 * The names the statements directly in `body` (a program, a function's block) declare (`var`,
 * `let`, `const`) with a value `holds` accepts; only the first `maxStatements` statements are read.
 */
export function declaredNamesAt(body: Node, holds: (value: Node) => boolean, maxStatements = Number.POSITIVE_INFINITY): Set<string> {
  const names = new Set<string>();
  let read = 0;
  for (const statement of body.namedChildren) {
    if (++read > maxStatements) break;
    if (statement?.type !== 'variable_declaration' && statement?.type !== 'lexical_declaration') continue;
    for (const declarator of statement.namedChildren) {
      const value = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('value') : null;
      const name = declarator?.childForFieldName('name');
      if (value && name?.type === 'identifier' && holds(value)) names.add(name.text);
    }
  }
  return names;
}

/** What a name or pattern bound to a module value binds: `m` the module (or its `member`), `{ a, b: c }` its names. */
function patternBindings(name: Node | null, member: string | undefined): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  if (name?.type === 'identifier') bindings.push({ imported: member ?? '*', local: name.text });
  else if (name?.type === 'object_pattern' && member === undefined) {
    for (const part of name.namedChildren) {
      if (part?.type === 'shorthand_property_identifier_pattern') bindings.push({ imported: part.text, local: part.text });
      else if (part?.type === 'pair_pattern') {
        const value = part.childForFieldName('value');
        const local = value?.type === 'assignment_pattern' ? value.childForFieldName('left') : value;
        if (local?.type === 'identifier') {
          bindings.push({ imported: unquote(part.childForFieldName('key')?.text ?? ''), local: local.text });
        }
      }
    }
  }
  return bindings;
}

/**
 * `import('./m').then(({ make }) => make())`, `.then((m) => m.run())`: the first parameter of the
 * callback handed to the load's `then` holds the module, as a declarator awaiting it would (bound
 * as the file's, as `const { make } = await import('./m')` is). Empty for any other holder.
 */
function thenBindings(holder: Node | null, { parentOf }: Pick<FileContext, 'parentOf'>): ImportBinding[] {
  if (holder?.type !== 'member_expression' || holder.childForFieldName('property')?.text !== 'then') return [];
  const call = parentOf(holder);
  if (call?.type !== 'call_expression' || call.childForFieldName('function')?.id !== holder.id) return [];
  const callback = call.childForFieldName('arguments')?.namedChild(0);
  if (callback?.type !== 'arrow_function' && callback?.type !== 'function_expression') return [];
  return patternBindings(firstParameterPattern(callback), undefined);
}

/** Comments read past before a call's first argument. */
const MAX_LEADING_COMMENTS = 4;

/** A call's first argument, past comments (`import(/* webpackIgnore: true *\/ './bidi.js')`, a bundler's hint). */
export function firstArgument(args: Node | null | undefined): Node | null {
  for (let i = 0; args && i <= MAX_LEADING_COMMENTS; i++) {
    const arg = args.namedChild(i);
    if (arg?.type !== 'comment') return arg;
  }
  return null;
}

/** `require('a')` in its context: `const x = require('a')`, `const {a, b: c} = require('b')`, `require('a').f`. */
export function requireCall(call: Node, f: FileContext): void {
  const { b, parentOf } = f;
  const source = stringValue(firstArgument(call.childForFieldName('arguments')));
  if (source === undefined) return;
  let holder = parentOf(call);
  let member: string | undefined;
  const read = holder?.type === 'member_expression' ? holder : null;
  if (read) {
    member = read.childForFieldName('property')?.text;
    holder = parentOf(read);
  }
  // `const { H1Parser } = bundled ? require('./parser-h1') : {}`: what the module holds, as the checker reads it.
  if (member === undefined && holder && besideNothing(holder, call)) holder = parentOf(holder);
  // `require('./streams')(stream)`: the module's default export called in place, bound under a
  // name no source can write, which the call names (typescript-calls.ts, calledPath).
  const calledInPlace = member === undefined && holder?.type === 'call_expression' && holder.childForFieldName('function')?.id === call.id;
  // `exports.encoder = require('./hpack/encoder')`: the module exports what it loads, as `export * as encoder from` does.
  const exported =
    holder?.type === 'assignment_expression'
      ? exportedMember(holder.childForFieldName('left'), holder, f)
      : holder?.type === 'pair'
        ? exportedKey(holder, f)
        : undefined;
  if (exported) return void b.addImport({ kind: 'reexport', source, bindings: [{ imported: member ?? '*', local: exported }], line: lineOf(call) });
  const inPlace = calledInPlace || (member !== undefined && readInPlace(read!, holder));
  const bindings = inPlace ? [{ imported: '*', local: requiredModuleName(call) }] : declaredBindings(holder, member, f);
  b.addImport({ kind: 'require', source, bindings, line: lineOf(call) });
}

/**
 * `require('./provider').get()`, `require('./x').a.b()`: a member of the module (`read`, the
 * `require(...).member` expression) read in place, the callee of a call or the object of a further
 * member (`holder` holds it), which the call's receiver names as the module under the name the
 * load binds (typescript-paths.ts requiredPath).
 */
function readInPlace(read: Node, holder: Node | null): boolean {
  if (holder?.type === 'call_expression') return holder.childForFieldName('function')?.id === read.id;
  return holder?.type === 'member_expression' && holder.childForFieldName('object')?.id === read.id;
}

/**
 * `import('./x')`, binding what `const m = await import('./x')` / `const { a } = await import('./x')`
 * name, and for `(await import('./x')).f()` the module under a name no source can write, which the
 * call's receiver names (typescript-calls.ts loadedModuleReceiver).
 */
export function dynamicImport(call: Node, source: Node, f: FileContext): void {
  const { b, parentOf } = f;
  const from = stringValue(source);
  if (from === undefined) return;
  let holder = parentOf(call);
  if (holder?.type === 'await_expression') holder = parentOf(holder);
  const inPlace = holder?.type === 'parenthesized_expression' && parentOf(holder)?.type === 'member_expression';
  const bindings = inPlace ? [{ imported: '*', local: loadedModuleName(call) }] : declaredBindings(holder, undefined, f);
  if (bindings.length === 0) bindings.push(...thenBindings(holder, { parentOf }));
  b.addImport({ kind: 'dynamic', source: from, bindings, line: lineOf(call) });
}

/** The name `import(...)` at this place binds its module to when a member of it is read in place. */
export function loadedModuleName(load: Node): string {
  return `#import${load.startIndex}`;
}
