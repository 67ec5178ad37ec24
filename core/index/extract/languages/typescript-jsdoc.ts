// JSDoc types in JavaScript files: `@param {Sender} sender` (and `options.sender`, a property of
// a parameter), `@returns {Receiver}`, `@type {X}`, `@this {X}`. In a .js file they are the declared types (the checker reads them as a .ts file's
// annotations), so a parameter, a function's return, its `this` and a bound name or field they
// type is declared as if written in TypeScript (extract-types.ts DeclaredType). Only a plain type
// name or a collection or promise of one is read (`{Foo}`, `{ns.Foo}`, `{?Foo}`, `{Foo|null}`,
// `{Foo[]}`, `{Array<Foo>}`, `{Map.<string, Foo>}`, `{Promise<Foo>}`), or a type another module
// exports (`{import('./util').Store}`, and a `@typedef {import('./util').Store} Store` naming one,
// which the checker reads as a type-only import); a parameter typed as a function
// (`{(err: Error, sock: Sock) => void}`, Closure's `{function(Sock)}`) types the parameters of a
// function passed in its place, each read as above; one named type beside primitives or function
// types (`{Source | (() => Source)}`) is that type held so (extract-types.ts MAYBE_FUNCTION);
// anything else (a union of two named types, a record, a whole module) types nothing.
import type { Node } from 'web-tree-sitter';
import type { FileContext, NodeHandler } from './language-module.ts';
import { MAYBE_FUNCTION, MAYBE_PRIMITIVE } from '../../extract-types.ts';
import { COLLECTIONS, FUNCTION_VALUES, MAPS, PROMISES } from './typescript-types.ts';
import { patternKeys } from './typescript-contextual.ts';
import { defineAlias, defineFunctionType, defineObjectType, defineRecord } from './typescript-jsdoc-typedefs.ts';
import { functionTypedefOf, objectTypeOf, returnedCallableMembers, type ObjectType, type ParameterLiteral } from './typescript-jsdoc-objects.ts';
import { PRIMITIVES, TYPE_NAME, isFunctionType, unionParts } from './typescript-jsdoc-unions.ts';
import { importTags, type ImportedType } from './typescript-jsdoc-imports.ts';
import { callbackParameterTypes } from './typescript-jsdoc-callbacks.ts';

/** A doc comment past this many characters is not read. */
const MAX_COMMENT_CHARS = 16 * 1024;
const TAG =
  /@(param|arg|argument|returns?|type|this|typedef|template|property|prop)\s+\{([^{}\n]{1,200})\}(?:\s+\[?([A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79})?))?/g;
/** `Name<...>` or JSDoc's `Name.<...>`, one level (its arguments hold no `<`). */
const GENERIC = /^([A-Za-z]{1,20})\.?<([^<>]{1,200})>$/;
/** JSDoc's record, `Object.<string, Foo>`: keyed values, as TypeScript's maps (typescript-types.ts MAPS). */
const RECORD = 'Object';
/**
 * `import('./util').Store`: a module specifier in quotes, then one exported name; without the
 * name (`import("./Hook")`), what the module exports as a whole (its `module.exports`). Type
 * arguments after either (`import("./Hook")<T, R>`) bind nothing here and are passed over.
 */
const IMPORT_TYPE = /^import\(\s*(['"])([^'"\n]{1,200})\1\s*\)(?:\.([A-Za-z_$][\w$]{0,79}))?(?:\s*<[^<>]{0,200}>)?$/;
const NULLISH = new Set(['null', 'undefined', 'void']);

/**
 * A JSDoc type as the declared-type form: 'Foo', 'ns.Foo', 'Foo[]'; `import('./x').Foo` as the
 * name `#t<at>` (`at`: where the type is written), bound by the import `imports` is given; undefined
 * for anything else.
 */
export function jsdocType(written: string, at = 0, imports?: ImportedType[]): string | undefined {
  const parts = unionParts(written);
  if (!parts) return undefined;
  const nonNullish = parts.map((t) => t.replace(/^[?!]/, '').replace(/=$/, '')).filter((t) => t && !NULLISH.has(t));
  // `{Source | (() => Source)}`, `{Key | string}`: the one named type, held beside primitives or
  // functions (extract-types.ts MAYBE_PRIMITIVE, MAYBE_FUNCTION), as a TypeScript annotation's union is read.
  const kept = nonNullish.filter((t) => !PRIMITIVES.has(t) && !isFunctionType(t));
  if (kept.length !== 1) return undefined;
  if (kept.length < nonNullish.length) {
    if (!TYPE_NAME.test(kept[0]!)) return undefined;
    return `${kept[0]}${nonNullish.some(isFunctionType) ? MAYBE_FUNCTION : MAYBE_PRIMITIVE}`;
  }
  let type = kept[0]!;
  let array = false;
  const generic = GENERIC.exec(type);
  if (generic) {
    // `Array<Foo>`, `Set.<Foo>`, `Map<string, Foo>`, `Object.<string, Foo>`: a collection of Foo;
    // `Promise<Foo>`: Foo, what it settles to (as a TypeScript annotation is read).
    const name = generic[1]!;
    const args = generic[2]!.split(',').map((a) => a.trim());
    const settled = PROMISES.has(name);
    const valueAt = COLLECTIONS.has(name) || settled ? 0 : MAPS.has(name) || name === RECORD ? 1 : -1;
    if (valueAt < 0 || args.length !== valueAt + 1) return undefined;
    type = args[valueAt]!;
    array = !settled;
    if (!array && type.endsWith('[]')) [type, array] = [type.slice(0, -2).trim(), true];
  } else if (type.endsWith('[]')) [type, array] = [type.slice(0, -2).trim(), true];
  const imported = imports ? IMPORT_TYPE.exec(type) : null;
  if (imported) {
    const local = `#t${at}`;
    imports!.push({ source: imported[2]!, imported: imported[3] ?? 'default', local });
    type = local;
  }
  return imported || TYPE_NAME.test(type) ? `${type}${array ? '[]' : ''}` : undefined;
}

/** `typeof DefaultEvictor`: the class a parameter holds. */
const CLASS_OF = /^\s*typeof\s+([A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,2})\s*$/;

interface Tags {
  params: Map<string, string>;
  /** `@param {typeof DefaultEvictor} Evictor`: a parameter holding a class (ExtractionBuilder.classParameter). */
  classes: Map<string, string>;
  /** `@param {(err: Error, sock: Socket) => void} cb`: the types of the callback's parameters, by place. */
  callbacks: Map<string, (string | undefined)[]>;
  returns?: string;
  type?: string;
  this?: string;
  /** The other modules' types the comment names, each under its own local name. */
  imports: ImportedType[];
  /** `@template {Hook<any>} H`: each constrained type parameter and its constraint's name. */
  templates: Map<string, string>;
  /** Every documented parameter's name in order, typed or not (`config` of `config.linter` too): its place. */
  order: string[];
  /** `@typedef {Object} Options` with its `@property {Sender} sender` tags: the type's name and its members' types; null past a second typedef. */
  record?: { name: string; members: Map<string, string> } | null;
  /** `@callback Done` (its `@param` tags are the function's), `@typedef {(err: Error) => void} Done`: the function type's name and its parameters' types. */
  functionType?: { name: string; parameters: (string | undefined)[]; ownsParams: boolean; span?: [number, number]; literals?: ParameterLiteral[] };
  /** `@typedef {Source} Alias`, `@typedef {Source & { map?: Fn }} Alias`: the alias and the one type it names (the first such typedef). */
  alias?: { name: string; of: string };
  /** `@typedef {{ error: LogFunction, fn: (p: string) => string }} Logger`: its members written as function types, and the others' types. */
  object?: ObjectType;
  /** `@typedef {(...args: any) => void} LogFunction`: names the comment declares function types. */
  callableTypes: string[];
  /** `@returns {{ match: (p: string) => boolean }}`: the function-typed members of the object type it returns. */
  returnedMethods?: string[];
}

/** `Hook<EXPECTED_ANY>` as the constraint it names, `Hook` (its arguments bind nothing here). */
const CONSTRAINT = /^([A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,4})\s*(?:<[^<>]{0,200}>)?$/;

/**
 * The `@type {X}` a doc comment states, as jsdocType reads it (`at`: where the comment starts,
 * which names the types it imports, as the comment's own handler names them); undefined without one.
 */
export function documentedTypeOf(text: string, at: number): string | undefined {
  return text.includes('@type') ? tagsOf(text, at)?.type : undefined;
}

/** `at`: where the comment starts in the source, which names the types it imports. */
function tagsOf(text: string, at: number): Tags | undefined {
  if (!text.startsWith('/**') || text.length > MAX_COMMENT_CHARS || !(text.includes('{') || text.includes('@import'))) return undefined;
  const tags: Tags = { params: new Map(), classes: new Map(), callbacks: new Map(), imports: [], templates: new Map(), order: [], callableTypes: [] };
  if (text.includes('@import')) importTags(text, tags.imports);
  const callback = text.includes('@callback') ? CALLBACK_TAG.exec(text) : null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
    const tag = m[1]!;
    if (tag === 'typedef') {
      // `@typedef {import('./util').Store} Store`: the name is that module's type, as an import is.
      const written = m[2]!.trim();
      const imported = m[3] ? IMPORT_TYPE.exec(written) : null;
      if (imported) tags.imports.push({ source: imported[2]!, imported: imported[3] ?? 'default', local: m[3]! });
      // `@typedef {Object} Options`: a type whose members the `@property` tags after it declare.
      else if (m[3] && !m[3].includes('.') && RECORD_TYPES.has(written)) tags.record = tags.record === undefined ? { name: m[3], members: new Map() } : null;
      else if (m[3] && !m[3].includes('.') && aliasedName(written)) tags.alias ??= { name: m[3], of: written };
      else if (m[3] && !m[3].includes('.')) {
        if (isFunctionType(written)) tags.callableTypes.push(m[3]);
        const parameters = callbackParameterTypes(written, (type) => jsdocType(type, at + m.index, tags.imports));
        if (parameters) tags.functionType = { name: m[3], parameters, ownsParams: false, span: [at + m.index, at + m.index + m[0].length] };
      }
      continue;
    }
    if (tag === 'property' || tag === 'prop') {
      const type = tags.record && m[3] && !m[3].includes('.') ? jsdocType(m[2]!, at + m.index, tags.imports) : undefined;
      if (type && !tags.record!.members.has(m[3]!) && tags.record!.members.size < MAX_RECORD_MEMBERS) tags.record!.members.set(m[3]!, type);
      continue;
    }
    if (tag === 'template') {
      // `@template {Hook<EXPECTED_ANY>} H`: a name typed `H` (`@param {H[]} hooks`) is a Hook where calls are made on it.
      const constraint = m[3] ? CONSTRAINT.exec(m[2]!.trim()) : null;
      if (constraint) tags.templates.set(m[3]!, constraint[1]!);
      continue;
    }
    if ((tag === 'param' || tag === 'arg' || tag === 'argument') && m[3] && !m[3].includes('.')) tags.order.push(m[3]);
    const type = jsdocType(m[2]!, at + m.index, tags.imports);
    const held = !type && m[3] && tag.startsWith('param') ? CLASS_OF.exec(m[2]!) : null;
    if (held) tags.classes.set(m[3]!, held[1]!);
    if (!type) {
      const callback =
        tag === 'param' || tag === 'arg' || tag === 'argument'
          ? m[3] && callbackParameterTypes(m[2]!, (type) => jsdocType(type, at + m.index, tags.imports))
          : undefined;
      if (callback && !tags.callbacks.has(m[3]!)) tags.callbacks.set(m[3]!, callback);
      continue;
    }
    if (tag === 'type') tags.type = type;
    else if (tag === 'this') tags.this = type;
    else if (tag.startsWith('return')) tags.returns = type;
    else if (m[3] && !tags.params.has(m[3])) tags.params.set(m[3], type);
  }
  // `@typedef {Source & { streamChunks?: Fn }} Alias`: past TAG, whose type holds no brace.
  const intersection = tags.alias || !text.includes('&') ? null : TYPEDEF_INTERSECTION.exec(text);
  if (intersection) tags.alias = { name: intersection[2]!, of: intersection[1]! };
  // `@callback Done` and its `@param` tags: a function type, each tag a parameter by place.
  if (callback) {
    tags.functionType = { name: callback[1]!, parameters: tags.order.map((name) => tags.params.get(name)), ownsParams: true };
    // A member typed by it (`getTags: GetTags`) is a method, as one typed by a function typedef is.
    tags.callableTypes.push(callback[1]!);
  }
  // `@typedef {(arg: { utils: Utils }) => void} Visitor`: past TAG too, whose type holds no brace.
  const literalParameters =
    tags.functionType || !text.includes('@typedef') ? undefined : functionTypedefOf(text, at, (written, place) => jsdocType(written, place, tags.imports));
  if (literalParameters) {
    const { name, parameters, span, literals } = literalParameters;
    tags.functionType = { name, parameters, ownsParams: false, span, literals };
    tags.callableTypes.push(name);
  }
  // `@typedef {{ error: LogFunction }} Logger`: past TAG too; read where the comment defines no other type, which would own its members.
  if (!tags.record && !tags.functionType?.ownsParams && !tags.alias)
    tags.object = objectTypeOf(text, at, (written, place) => jsdocType(written, place, tags.imports));
  const returnedMethods = returnedCallableMembers(text);
  if (returnedMethods.length) tags.returnedMethods = returnedMethods;
  return tags.params.size ||
    tags.returnedMethods ||
    tags.classes.size ||
    tags.callbacks.size ||
    tags.returns ||
    tags.type ||
    tags.this ||
    tags.imports.length ||
    tags.templates.size ||
    tags.record ||
    tags.functionType ||
    tags.alias ||
    tags.object ||
    tags.callableTypes.length
    ? tags
    : undefined;
}

/** `@typedef {Source & { map?: Fn }} Alias`: one named type intersected with one object type of no nested braces. */
const TYPEDEF_INTERSECTION = /@typedef\s+\{\s*([A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,4})\s*&\s*\{[^{}\n]{0,200}\}\s*\}\s+([A-Za-z_$][\w$]{0,79})/;
/** Type names a typedef aliases that no workspace type answers. */
const NOT_ALIASED = new Set([...PRIMITIVES, ...NULLISH, 'any', 'unknown', 'never', 'object', 'Object', 'Function', 'function', '*']);

/** Whether a typedef's type is one plain type name, which the alias then is (`@typedef {Source} Alias`). */
function aliasedName(written: string): boolean {
  return TYPE_NAME.test(written) && !NOT_ALIASED.has(written);
}

/** `@callback Done`: a function type named by the comment, its `@param` tags its parameters. */
const CALLBACK_TAG = /@callback\s+([A-Za-z_$][\w$]{0,79})/;

/** What a `@typedef` names as an object whose `@property` tags are its members. */
const RECORD_TYPES = new Set(['Object', 'object']);
/** Members read per `@typedef {Object}`. */
const MAX_RECORD_MEMBERS = 64;

/** Documented parameters given a type by place (`name(i)`), per function. */
const MAX_PLACES = 16;
/** The parameter names of a function node, in the JavaScript grammar (`a`, `a = 1`, `...a`). */
function parameterNames(fn: Node): Set<string> {
  return new Set(parameterPlaces(fn).filter((name): name is string => name !== undefined));
}

/** A function node's parameters by place: each one's name, undefined for a pattern. */
function parameterPlaces(fn: Node): (string | undefined)[] {
  const single = fn.childForFieldName('parameter');
  if (single) return [single.type === 'identifier' ? single.text : undefined];
  const places: (string | undefined)[] = [];
  for (const p of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!p || p.type === 'comment') continue;
    const name = p.type === 'assignment_pattern' ? p.childForFieldName('left') : p.type === 'rest_pattern' ? p.namedChild(0) : p;
    places.push(name?.type === 'identifier' ? name.text : undefined);
  }
  return places;
}

/**
 * `@param {Object} config` and `@param {Linter} config.linter` before `function verify({ text, linter })`:
 * the checker gives the documented name's properties to the parameter at its place, an object
 * pattern here, so `linter` is a Linter (and `{ linter: used }` binds `used` so).
 */
function declareDestructuredParameters(f: FileContext, tags: Tags, fn: Node, at: Node, start: number): void {
  if (tags.params.size === 0 || !tags.order.length) return;
  const places = fn.childForFieldName('parameters')?.namedChildren.filter((p) => p?.type !== 'comment') ?? [];
  tags.order.forEach((name, i) => {
    const place = places[i];
    const pattern = place?.type === 'assignment_pattern' ? place.childForFieldName('left') : place;
    if (pattern?.type !== 'object_pattern') return;
    for (const [key, local] of patternKeys(pattern)) {
      const type = tags.params.get(`${name}.${key}`);
      if (type) f.b.declareType('local', local, type, at, false, start);
    }
  });
}

/** Declares a documented function's parameters (seen inside it) and its return (`name()`). */
function declareFunction(f: FileContext, tags: Tags, fn: Node, name: string | undefined, kind: 'member' | 'local', at: Node): void {
  const body = fn.childForFieldName('body');
  if (!body) return;
  const params = parameterNames(fn);
  // `@param {Sender} options.sender`: a property of the parameter, as a type literal's is
  // (`options: { sender: Sender }`, typescript.ts declareLiteralMembers).
  for (const [param, type] of tags.params) if (params.has(param.split('.')[0]!)) f.b.declareType('local', param, type, at, false, body.startIndex);
  for (const [param, cls] of tags.classes) if (params.has(param)) f.b.classParameter(param, cls, fn);
  declareDestructuredParameters(f, tags, fn, at, body.startIndex);
  // `/** @this {Socket} */ function onData() { this.pause() }`: within that function alone.
  if (tags.this && fn.type !== 'arrow_function') {
    f.b.declareType('local', 'this', tags.this, at, false, body.startIndex, fn);
    f.b.declaredThis.add(fn.startIndex);
  }
  if (tags.returns || tags.returnedMethods) f.b.documentedReturns.add(fn.startIndex);
  // `@returns {{ match: (p: string) => boolean }}`: methods of the function, which its result (`{}`) holds.
  for (const method of tags.returnedMethods ?? []) f.b.memberAt(at, body.startIndex, method);
  if (!name) return;
  const start = kind === 'local' ? at.startIndex - 1 : at.startIndex;
  const returns = tags.returns ?? (tags.returnedMethods ? '{}' : undefined);
  if (returns) f.b.declareType(kind, `${name}()`, returns, at, false, start);
  parameterPlaces(fn).forEach((param, i) => {
    if (param === undefined) return;
    // `@param {Done} cb`: the type of each documented place (`name(i)`), by which a function passed
    // there takes the parameters a function type `Done` declares (`Done(j)`, defineFunctionType).
    const type = tags.params.get(param);
    if (type && i < MAX_PLACES) f.b.declareType(kind, `${name}(${i})`, type, at, false, start);
    // `@param {(err: Error, sock: Socket) => void} cb`: what a function passed in cb's place is
    // handed, as a TypeScript signature's function-typed parameter declares it (`name(i,j)`).
    tags.callbacks.get(param)?.forEach((callbackType, j) => {
      if (callbackType) f.b.declareType(kind, `${name}(${i},${j})`, callbackType, at, false, start);
    });
  });
}

/**
 * The type a function's doc comment gives its parameter `name` (`@param {Sender} sender` before
 * `constructor(sender)`), for a member the function assigns it to; undefined when none does.
 */
export function documentedParameter(fn: Node, name: string, source: string): string | undefined {
  let comment = fn.previousNamedSibling;
  // `export function f(x)` after its comment: the comment precedes the export statement.
  if (!comment && fn.parent?.type === 'export_statement') comment = fn.parent.previousNamedSibling;
  if (comment?.type !== 'comment' || !parameterNames(fn).has(name)) return undefined;
  return tagsOf(source.slice(comment.startIndex, comment.endIndex), comment.startIndex)?.params.get(name);
}

/**
 * The name a function assigned to `left` is declared under: a CommonJS export's (`exports.open`,
 * `module.exports.open`: `open`), and a method's assigned apart from its owner, under the owner's
 * name (`Foo.prototype.make`, `Foo.from`: `Foo.make`, `Foo.from`, as typescript-assignments.ts
 * declares their returns); undefined for any other target.
 */
function assignedName(left: Node | null): string | undefined {
  if (left?.type !== 'member_expression') return undefined;
  const parts = left.text.replace(/\s+/g, '').split('.');
  if (!parts.every((p) => /^[A-Za-z_$][\w$]{0,79}$/.test(p))) return undefined;
  if (parts.length === 2 && parts[0] === 'exports') return parts[1];
  if (parts.length === 3 && parts[0] === 'module' && parts[1] === 'exports') return parts[2];
  if (parts.length === 3 && parts[1] === 'prototype') return `${parts[0]}.${parts[2]}`;
  if (parts.length === 2 && parts[0] !== 'this' && parts[0] !== 'module') return `${parts[0]}.${parts[1]}`;
  return undefined;
}

/** What a doc comment documents: the declaration right after it. */
export const jsdocComment: NodeHandler = (node, f) => {
  const tags = tagsOf(f.source.slice(node.startIndex, node.endIndex), node.startIndex);
  if (!tags) return;
  // Type-only imports, wherever the comment stands (a `@typedef` is often on its own).
  const line = node.startPosition.row + 1;
  for (const { source, imported, local } of tags.imports) f.b.addImport({ kind: 'esm', source, bindings: [{ imported, local }], line });
  if (tags.record) defineRecord(node, tags.record, f);
  // A function type and an object type in one comment: each over its own tag, so neither holds the other.
  const apart = tags.object !== undefined && tags.functionType !== undefined;
  const fnType = tags.functionType;
  if (fnType) defineFunctionType(node, fnType.name, fnType.parameters, f, apart ? fnType.span : undefined, fnType.literals);
  if (tags.alias) defineAlias(node, tags.alias.name, tags.alias.of, f);
  if (tags.object) defineObjectType(node, tags.object, f, apart);
  for (const name of tags.callableTypes) f.b.callableType(name);
  // A `@callback`'s `@param` tags are its own, none of the declaration after it.
  if (tags.functionType?.ownsParams) return;
  const next = node.nextNamedSibling;
  if (!next || next.type === 'comment') return;
  let target: Node = next;
  if (target.type === 'export_statement') target = target.childForFieldName('declaration') ?? target;
  // Constrained type parameters, within the declaration the comment documents (type-parameters.ts),
  // recorded before any of its names is typed by one.
  for (const [name, constraint] of tags.templates) f.b.typeParameters.add(name, constraint, target.startIndex, target.endIndex);
  switch (target.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
      return declareFunction(f, tags, target, target.childForFieldName('name')?.text, 'local', target);
    case 'method_definition':
      return declareFunction(f, tags, target, target.childForFieldName('name')?.text, 'member', target);
    case 'field_definition': {
      const property = target.childForFieldName('property');
      if (tags.type && property) f.b.declareType('member', property.text, tags.type, target);
      return;
    }
    case 'lexical_declaration':
    case 'variable_declaration': {
      const declarator = target.namedChildren.find((c) => c?.type === 'variable_declarator');
      const name = declarator?.childForFieldName('name');
      const value = declarator?.childForFieldName('value');
      if (!declarator || name?.type !== 'identifier') return;
      if (value && FUNCTION_VALUES.has(value.type)) return declareFunction(f, tags, value, name.text, 'local', declarator);
      if (!tags.type) return;
      f.b.declareType('local', name.text, tags.type, declarator, false, declarator.startIndex - 1);
      f.b.documentedTypes.add(declarator.startIndex);
      return;
    }
    case 'expression_statement': {
      // `/** @type {Sender} */ this._sender = ...`, `/** @param ... */ Foo.prototype.bar = function (x) {}`.
      const assignment = target.namedChild(0);
      if (assignment?.type !== 'assignment_expression') return;
      const left = assignment.childForFieldName('left');
      const right = assignment.childForFieldName('right');
      // `exports.open = function (cb) {}`, `Foo.prototype.make = function () {}`: named as assignedName reads it.
      if (right && FUNCTION_VALUES.has(right.type)) return declareFunction(f, tags, right, assignedName(left), 'local', assignment);
      if (tags.type && left?.type === 'member_expression' && left.childForFieldName('object')?.type === 'this') {
        const property = left.childForFieldName('property');
        if (!property) return;
        f.b.declareType('member', property.text, tags.type, assignment);
        f.b.documentedTypes.add(assignment.startIndex);
      }
      return;
    }
  }
};
