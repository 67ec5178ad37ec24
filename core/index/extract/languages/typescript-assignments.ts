// Assignments in TypeScript and JavaScript that declare what calls reach: `f = function () {}`,
// CommonJS exports, `Foo.prototype.m = ...`, a function constructor's `this.m = ...`, and a
// class method's `this.x = v`, which in JavaScript is the member's declaration (docs/graph-format.md).
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext, HandlerSteps } from './language-module.ts';
import { wordAt } from './language-module.ts';
import { constructedArrayType, constructedType, FUNCTION_VALUES } from './typescript-types.ts';
import { calledPath, computedKey, isModuleLoad, isTopStatement, subscriptMemberName } from './typescript-paths.ts';
import { documentedParameter } from './typescript-jsdoc.ts';
import { choiceOfReferences, constructedEitherWay } from './typescript-values.ts';
import { declareAssignedLocal } from './typescript-assigned.ts';
import { isParameterProperty, nameOf } from './typescript-members.ts';
import { CONTEXTUAL_TYPE, declareContextualParameters } from './typescript-contextual.ts';
import { namedTypeOf } from './typescript-type-names.ts';
import { exportsPropertyAssignment, isLoadedMember, moduleExportsAssignment } from './typescript-modules.ts';
import { declareSignature } from './typescript-signatures.ts';
import { ownExportPath } from '../../extract-types.ts';
import { exportedObject, factoryObject } from './typescript-objects.ts';
import { jsdocCast } from './typescript-jsdoc-casts.ts';
import { declaredNamesAt, exportedMember } from './typescript-loads.ts';
import { isPrototypeMethod, onlyConstructedAs } from './typescript-prototype-members.ts';

/** What an assigned value may be when it names a function elsewhere (`other.destroy`), as opposed to a literal or `undefined`. */
function maybeFunctionReference(value: Node): boolean {
  return value.type === 'member_expression' || (value.type === 'identifier' && value.text !== 'undefined') || choiceOfReferences(value);
}

/**
 * `Foo.prototype.m = function () {}` and `Foo.prototype.m = other.m`: a method of Foo; at module
 * level, `Foo.from = function () {}` too (a static one). The checker reads each as a declaration
 * of the member, and resolves `foo.m()` / `Foo.from()` to it.
 */
function memberAssignment(node: Node, parts: string[], right: Node, f: FileContext): void {
  const { b, parentOf } = f;
  if (parts.length === 3 && parts[1] === 'prototype' && parts[2] !== 'constructor') {
    if (FUNCTION_VALUES.has(right.type) || maybeFunctionReference(right)) b.define(node, 'method', parts[2]!, { bound: true, parentName: parts[0]! });
    // `Foo.prototype.make = function () { return new Sock() }`: what it returns, under its owner's
    // name, as a static method assigned apart from its owner declares it (below).
    if (FUNCTION_VALUES.has(right.type)) declareSignature(f, 'local', `${parts[0]}.${parts[2]}`, right, node);
    return;
  }
  // `ns.Builder.prototype.add = function () {}`: a method of the constructor a namespace object holds.
  if (parts.length === 4 && parts[2] === 'prototype' && parts[3] !== 'constructor' && FUNCTION_VALUES.has(right.type)) {
    b.define(node, 'method', parts[3]!, { bound: true, parentName: `${parts[0]}.${parts[1]}` });
    declareSignature(f, 'local', `${parts[0]}.${parts[1]}.${parts[3]}`, right, node);
    return;
  }
  // `ArraySet.fromArray = function () {}`, `ns.Builder.create = function () {}`: a static one, at the top.
  if ((parts.length === 2 || (parts.length === 3 && parts[1] !== 'prototype')) && FUNCTION_VALUES.has(right.type) && isTopStatement(node, parentOf)) {
    const owner = parts.slice(0, -1).join('.');
    b.define(node, 'method', parts.at(-1)!, { bound: true, parentName: owner });
    // `ArraySet.fromArray = function () { ...; return set }`: what it returns, under its owner's name
    // (function-declarations.ts reads a method declared apart from its owner so).
    declareSignature(f, 'local', `${owner}.${parts.at(-1)}`, right, node);
  }
}

/** Members of a prototype literal read: past these, the rest of the literal declares nothing. */
const MAX_PROTOTYPE_MEMBERS = 512;

/**
 * `Foo.prototype = { bar: function () {}, baz() {} }` in JavaScript: each function-valued member
 * is a method of Foo, as `Foo.prototype.bar = function () {}` is; the checker reads a JavaScript
 * file's prototype literal as the declaration of those members (a TypeScript file's is no class).
 */
function prototypeLiteral(left: Node, literal: Node, { b }: FileContext): void {
  const owner = left.childForFieldName('object');
  if (owner?.type !== 'identifier') return;
  let read = 0;
  for (const member of literal.namedChildren) {
    if (!member || ++read > MAX_PROTOTYPE_MEMBERS) return;
    const value = member.type === 'pair' ? member.childForFieldName('value') : member.type === 'method_definition' ? member : null;
    const key = member.childForFieldName(member.type === 'pair' ? 'key' : 'name');
    if (!value || key?.type !== 'property_identifier' || key.text === 'constructor') continue;
    if (value === member || FUNCTION_VALUES.has(value.type)) b.define(member, 'method', key.text, { bound: true, parentName: owner.text });
  }
}

/** How far up a `this.x = ...` looks for the function `this` is bound in (arrows pass it through). */
const MAX_THIS_DEPTH = 64;

/** What `this` is bound by, past arrow functions (which pass it through). */
const THIS_BINDERS = new Set([...FUNCTION_VALUES, 'function_declaration', 'generator_function_declaration', 'method_definition', 'class_body']);

/** The function (or class body) a `this.x = ...` sees its `this` from: a bounded walk up, undefined past it. */
function thisBinder(assignment: Node, parentOf: FileContext['parentOf']): Node | undefined {
  let fn = parentOf(assignment);
  for (let i = 0; fn && i < MAX_THIS_DEPTH; i++, fn = parentOf(fn)) {
    if (fn.type !== 'arrow_function' && THIS_BINDERS.has(fn.type)) return fn;
  }
  return undefined;
}

/**
 * A member `this.x = ...` types: the class's; in a JavaScript constructor function (`function
 * Gen() { this._sources = new ArraySet() }`), which is no class to own a member, a local of the
 * function named `this._sources`, which declared-types.ts reads as the member of the class the
 * function is (its prototype's methods' `this`); likewise in a method assigned to its prototype
 * (`Gen.prototype.toPublic = function () { this._pub = new Key() }`, typescript-prototype-members.ts),
 * whose locals so named declared-type-index.ts lists as the constructor function's. A TypeScript
 * function is no class to the checker.
 */
function declareThisMember(node: Node, name: string, type: string, binder: Node | undefined, { b, parentOf, source }: FileContext): void {
  const javascript = b.language === 'javascript';
  if (javascript && constructorName(binder) !== undefined) b.declareType('local', `this.${name}`, type, node);
  else if (javascript && isPrototypeMethod(binder, parentOf)) {
    if (onlyConstructedAs(b, source, name, type)) b.declareType('local', `this.${name}`, type, node);
  } else b.declareType('member', name, type, node);
}

/**
 * The constructor function a JavaScript `this.x = ...` declares a member of: a capitalised
 * `function Readable(options) { this._read = options.read }`, which is the member's owner as
 * it is the definition around it. Other functions (a method assigned to a prototype, a class's
 * own methods, whose members the class body declares) are left out.
 */
function constructorName(binder: Node | undefined): string | undefined {
  const name = binder?.type === 'function_declaration' ? binder.childForFieldName('name')?.text : undefined;
  return name && /^[A-Z]/.test(name) ? name : undefined;
}

/** Statements of a constructor function's body read for `const self = this`: past these, none is. */
const MAX_ALIAS_STATEMENTS = 64;

/** Per file (its builder): a constructor function's start -> the names its body's top binds to `this`. */
const thisAliases = new WeakMap<ExtractionBuilder, Map<number, Set<string>>>();

/**
 * The constructor function whose `this` `head` names (`function Sandbox() { const sandbox = this;
 * sandbox.inject = ... }`: 'Sandbox'), the alias declared at the top of the function's own body;
 * undefined for any other name or place.
 */
function thisAliasOwner(assignment: Node, head: Node, { b, parentOf }: FileContext): string | undefined {
  const binder = thisBinder(assignment, parentOf);
  const owner = constructorName(binder);
  if (owner === undefined) return undefined;
  let byFunction = thisAliases.get(b);
  if (!byFunction) thisAliases.set(b, (byFunction = new Map()));
  let names = byFunction.get(binder!.startIndex);
  if (!names) {
    const body = binder!.childForFieldName('body');
    names = body ? declaredNamesAt(body, (value) => value.type === 'this', MAX_ALIAS_STATEMENTS) : new Set<string>();
    byFunction.set(binder!.startIndex, names);
  }
  return names.has(head.text) ? owner : undefined;
}

/**
 * `constructor () { this.parser = parsers.create() }` in JavaScript: the member is what the call
 * returns (`parsers.create()`), as the checker types a member by its constructor's assignments;
 * in another method of the class (`start () { this.manager = createManager() }`) only where the
 * file assigns the member nothing but that call, `null` or `undefined`, the union the checker
 * declares then being what the call returns (onlyConstructedAs). A TypeScript member so assigned
 * is `any` without `noImplicitAny` (documentedParameter, above).
 */
function assignedCallType(right: Node | null, binder: Node | undefined, member: string, { b, source, parentOf }: FileContext): string | undefined {
  if (b.language !== 'javascript' || !binder) return undefined;
  const method = binder.type === 'method_definition';
  // A prototype method's too, which declareThisMember keeps only where the file assigns the member nothing else (typescript-prototype-members.ts).
  const constructor =
    constructorName(binder) !== undefined || (method && binder.childForFieldName('name')?.text === 'constructor') || isPrototypeMethod(binder, parentOf);
  const called = constructor || method ? calledPath(right, source) : undefined;
  if (called && !constructor && !onlyConstructedAs(b, source, member, `${called}()`)) return undefined;
  return called && `${called}()`;
}

/** Per file (its builder): a class body's start -> the member names it declares itself. */
const declaredMembers = new WeakMap<ExtractionBuilder, Map<number, Set<string>>>();

/**
 * Whether a class body declares a member `name` itself (a field, a method, an accessor, a
 * constructor's parameter property `readonly f: F`): that member is the definition. The body is
 * read once per class, however many of its methods assign to `this`.
 */
function declaresMember(b: ExtractionBuilder, body: Node, name: string, source: string): boolean {
  let bodies = declaredMembers.get(b);
  if (!bodies) declaredMembers.set(b, (bodies = new Map()));
  let names = bodies.get(body.startIndex);
  if (!names) {
    names = new Set();
    for (const member of body.namedChildren) {
      // A JavaScript field names itself in `property` (classField('property')).
      const own = member && (nameOf(member, source) ?? member.childForFieldName('property')?.text);
      if (own) names.add(own);
      if (own === 'constructor' && member?.type === 'method_definition') for (const p of parameterProperties(member)) names.add(p);
    }
    bodies.set(body.startIndex, names);
  }
  return names.has(name);
}

/** How many members of a class body are looked through for a field's annotation. */
const MAX_FIELDS_READ = 256;

/** The type annotation of the field `name` a class body declares (`listener: ContextEventListener`), if it does. */
function fieldAnnotation(body: Node, name: string, source: string): Node | null {
  let read = 0;
  for (const member of body.namedChildren) {
    if (++read > MAX_FIELDS_READ) return null;
    if (member?.type === 'public_field_definition' && nameOf(member, source) === name) return member.childForFieldName('type');
  }
  return null;
}

/** `constructor(readonly f: F, private g?: G)`: the parameters that are also properties, by name. */
function parameterProperties(constructor: Node): string[] {
  const names: string[] = [];
  for (const parameter of constructor.childForFieldName('parameters')?.namedChildren ?? []) {
    const pattern = parameter?.childForFieldName('pattern');
    if (pattern && isParameterProperty(parameter!)) names.push(pattern.text);
  }
  return names;
}

/** `this[kSocket] = new Socket()`: the member under that computed key, as `this.socket = new Socket()` declares one. */
function thisKeyAssignment(node: Node, left: Node, { b, source }: FileContext): void {
  const key = left.childForFieldName('object')?.type === 'this' ? computedKey(left.childForFieldName('index')) : undefined;
  const type = key && constructedType(node.lastChild, source);
  if (type) b.declareType('member', key!, type, node);
}

/**
 * `Aggregate.prototype[Symbol.asyncIterator] = function () {}`: a method of Aggregate under its
 * computed key, as `Aggregate.prototype.m = function () {}` is one under its name (memberAssignment),
 * so `this` in it is the instance.
 */
function prototypeKeyAssignment(node: Node, left: Node, f: FileContext): boolean {
  const prototype = left.childForFieldName('object');
  const owner = prototype?.type === 'member_expression' ? prototype.childForFieldName('object') : null;
  const right = node.lastChild;
  if (owner?.type !== 'identifier' || prototype!.childForFieldName('property')?.text !== 'prototype' || !right || !FUNCTION_VALUES.has(right.type))
    return false;
  const name = subscriptMemberName(left.childForFieldName('index'));
  if (name === undefined) return false;
  memberAssignment(node, [owner.text, 'prototype', name], right, f);
  return true;
}

/** `f = function () {}`, `module.exports = ...`, `exports.f = ...`, `Foo.prototype.m = function () {}`, `Foo.from = function () {}`. */
export function assignment(node: Node, f: FileContext): void | HandlerSteps {
  const { b, source } = f;
  let left = node.firstChild;
  // `using timer = timerResource(ms)`, `await using ...`: the grammar reads an assignment led by the keywords.
  const isUsing = left?.type === 'using' || left?.type === 'await';
  if (isUsing) left = node.childForFieldName('left');
  if (!left) return;
  const leftType = left.type;
  if (leftType === 'identifier') {
    const right = node.lastChild;
    if (right && FUNCTION_VALUES.has(right.type)) {
      const name = wordAt(source, left.startIndex);
      // `exports.format = format = function () {}`: the export names the function (below), once.
      if (!chainedIntoExport(node, f)) b.define(node, 'function', name, { bound: true });
      b.assignedFunction(name);
    }
    if (right?.type === 'new_expression' || right?.type === 'identifier') declareAssignedLocal(node, wordAt(source, left.startIndex), right, f);
    else if (isUsing) {
      // A const typed by what the call returns, as `const timer = timerResource(ms)` is.
      const called = calledPath(right, source);
      if (called) b.declareType('local', wordAt(source, left.startIndex), `${called}()`, node, false, node.startIndex - 1);
    }
    return;
  }
  if (leftType === 'subscript_expression') return prototypeKeyAssignment(node, left, f) ? undefined : thisKeyAssignment(node, left, f);
  if (leftType !== 'member_expression') return;
  const start = left.startIndex;
  // Decide from the text first: most member assignments (`this.x = y`) are none of these.
  const head = source.slice(start, start + 15);
  if (head.startsWith('this.')) {
    const right = node.lastChild;
    // `this.cache = enabled ? new Cache() : null`: a Cache where it holds a value, as the checker's union reads
    // (`init ? new Cache(init) : new Cache()` one either way);
    // `this.handlers = [new Handler()]`: an array of Handler;
    // `this._children = /** @type {Source[]} */ ([])`: the type cast to (JavaScript's member is declared where assigned).
    const type = constructedEitherWay(right, source) ?? constructedArrayType(right, source) ?? jsdocCast(right, f);
    const property = left.childForFieldName('property');
    if (!property || left.firstChild?.type !== 'this') return;
    const binder = thisBinder(node, f.parentOf);
    // `/** @type {Map<string, Sock>} */ this.byKey = new Map()` in a class: the comment's type is
    // the member's (typescript-jsdoc.ts). A constructor function's member is its local (declareThisMember).
    if (b.documentedTypes.has(node.startIndex) && !(b.language === 'javascript' && constructorName(binder) !== undefined)) return;
    // `/** @param {Sender} sender */ constructor(sender) { this.sender = sender }` in JavaScript:
    // the member has the parameter's documented type, as the checker reads it. A TypeScript
    // parameter's annotation does not reach a member so: a field declared without a type is `any`
    // unless the project sets `noImplicitAny`.
    const typed =
      type ??
      (b.language === 'javascript' && right?.type === 'identifier' && binder ? documentedParameter(binder, right.text, source) : undefined) ??
      assignedCallType(right, binder, property.text, f);
    if (typed) return declareThisMember(node, property.text, typed, binder, f);
    const owner =
      right && (FUNCTION_VALUES.has(right.type) || right.type === 'member_expression' || choiceOfReferences(right)) ? constructorName(binder) : undefined;
    if (owner) return void b.define(node, 'method', property.text, { bound: true, parentName: owner });
    // `this._spawn = spawn` in a class's method, no member of that name declared: in JavaScript
    // the assignment is the member's declaration, a method when `this._spawn()` in the class calls it.
    const body = binder?.type === 'method_definition' ? f.parentOf(binder) : null;
    if (body?.type !== 'class_body') return;
    // `this.getCamera = function () {...}` in JavaScript declares the member whoever calls it, as
    // the checker reads a JavaScript class: `xr.getCamera()` elsewhere reaches it.
    const held = b.language === 'javascript' && right !== null && FUNCTION_VALUES.has(right.type);
    if (!declaresMember(b, body, property.text, source)) return void b.memberAssignedOnThis(node, property.text, body, held);
    // `this.listener = (event) => ...` where the body declares `listener: ContextEventListener`: the
    // function's parameters are that function type's, as for a const annotated so.
    const expected = right && FUNCTION_VALUES.has(right.type) ? namedTypeOf(fieldAnnotation(body, property.text, source)) : undefined;
    if (expected && CONTEXTUAL_TYPE.test(expected)) declareContextualParameters(f, right!, expected);
    return;
  }
  // `const sandbox = this; sandbox.getFakes = function getFakes() {}` in a constructor function: a
  // method of its class, as `this.getFakes = ...` is (the checker reads a JavaScript `this` alias so).
  const aliasable = b.language === 'javascript' && left.firstChild?.type === 'identifier' && FUNCTION_VALUES.has(node.lastChild?.type ?? '');
  const aliasOwner = aliasable ? thisAliasOwner(node, left.firstChild!, f) : undefined;
  const aliased = aliasOwner !== undefined ? left.childForFieldName('property') : null;
  if (aliased?.type === 'property_identifier') return void b.define(node, 'method', aliased.text, { bound: true, parentName: aliasOwner });
  const exportsHead = writesExports(head);
  // `module.exports = XMLWriterBase = class XMLWriterBase {...}` (CoffeeScript's output): the export is the value the chain ends in.
  const right = exportsHead ? chainedValue(node.lastChild) : node.lastChild;
  if (!right) return;
  // `Foo.from = function () {}`, `ns.Builder.create = function () {}`: a static one (memberAssignment).
  const owner = left.firstChild;
  const staticMember =
    FUNCTION_VALUES.has(right.type) && (owner?.type === 'identifier' || (owner?.type === 'member_expression' && owner.firstChild?.type === 'identifier'));
  // `SetOptionError.Inner = Inner` at the module's top: the static holds what the name does.
  if (right.type === 'identifier' && owner?.type === 'identifier' && !exportsHead && isTopStatement(node, f.parentOf)) {
    const property = left.childForFieldName('property');
    if (property?.type === 'property_identifier' && property.text !== 'prototype') b.memberAlias(owner.text, property.text, right.text);
  }
  if (b.language === 'javascript' && left.childForFieldName('property')?.text === 'prototype') {
    // `Timer.prototype = timer.prototype = { restart: function () {} }` (d3's style): the literal
    // the chain ends in is the outermost constructor's, the one `new Timer` builds; the inner
    // assignment leaves it to that one.
    const literal = chainedValue(right);
    if (literal?.type === 'object') return chainedIntoPrototype(node, f) ? undefined : prototypeLiteral(left, literal, f);
  }
  // `utils.reverse = function reverse () {}` under a top `var utils = exports`: an export, as
  // `exports.reverse = ...` is (module-exports-aliases); a module loaded so (`transport.Stream =
  // require('./stream').Stream`) is the load's re-export (typescript-loads.ts).
  const aliasExport =
    !exportsHead && b.language === 'javascript' && left.firstChild?.type === 'identifier' && !isModuleLoad(right) && !isLoadedMember(right)
      ? exportedMember(left, node, f)
      : undefined;
  if (!exportsHead && aliasExport === undefined && !staticMember && !source.slice(start, start + 200).includes('.prototype.')) return;
  const leftText = left.text.replace(/\s+/g, '');
  if (leftText === 'module.exports') {
    if (!FUNCTION_VALUES.has(right.type)) return moduleExportsAssignment(right, f);
    const name = right.childForFieldName('name')?.text ?? 'default';
    declareSignature(f, 'local', name, right, right);
    return exportedFunction(right, name, f);
  }
  // `exports.create = ...`: the export `create`; `exports.array.flatten = ...`: a member of the export `array` (below).
  const own = ownExportPath(leftText);
  const exported = own !== undefined && !own.includes('.') ? own : aliasExport;
  if (exported !== undefined) {
    // `exports.create = function () { return new Parser() }`: what it returns, as a declared function's.
    if (FUNCTION_VALUES.has(right.type)) declareSignature(f, 'local', exported, right, node);
    exportsPropertyAssignment(node, exported, right, b, source, isTopStatement(node, f.parentOf));
    return exportedObject(exported, right, f);
  }
  // `exports.array = {}; exports.array.flatten = function flatten() {}`: a member of the object
  // the module exports as `array`, owned by that export's local name as `array.flatten = ...` is.
  memberAssignment(node, (exportsHead && own ? own : leftText).split('.'), right, f);
}

/**
 * `module.exports = function (streamModule) { function Encoder() {...}; return { Encoder } }`: the
 * module's default export, and a factory whose literal's members are its nested functions
 * (`require('./streams')(m).Encoder`), as a named factory's are (factoryObject).
 */
function* exportedFunction(right: Node, name: string, f: FileContext): HandlerSteps {
  yield* moduleExportsAssignment(right, f);
  yield* factoryObject(right, right, name, false, f);
}

/** Assignments chained in one value (`a = b = value`) read through, a few deep. */
const MAX_CHAINED_ASSIGNMENTS = 4;

/** `X = class X {}` in `module.exports = X = class X {}`: the value at the chain's end; the node itself when no assignment. */
function chainedValue(value: Node | null): Node | null {
  for (let i = 0; value?.type === 'assignment_expression' && i < MAX_CHAINED_ASSIGNMENTS; i++) value = value.lastChild;
  return value;
}

/** An assignment that is the value of an export's (`exports.f = f = function () {}`, `module.exports = X = class X {}`). */
function chainedIntoExport(node: Node, f: FileContext): boolean {
  const outer = assignedTo(node, f);
  return outer !== undefined && writesExports(f.source.slice(outer.startIndex, outer.startIndex + 15));
}

/** An assignment that is the value of a prototype's (`Timer.prototype = timer.prototype = {...}`, the inner one). */
function chainedIntoPrototype(node: Node, f: FileContext): boolean {
  const left = assignedTo(node, f)?.childForFieldName('left');
  return left?.type === 'member_expression' && left.childForFieldName('property')?.text === 'prototype';
}

/** The assignment whose value `node` is, in a chain (`a = b = value`: `a = ...` for `b = value`). */
function assignedTo(node: Node, { parentOf }: FileContext): Node | undefined {
  const outer = parentOf(node);
  return outer?.type === 'assignment_expression' && outer.lastChild?.id === node.id ? outer : undefined;
}

/** `exports.f = ...`, `module.exports = ...`: an assignment to the module's exports, told from the first chars of its left side. */
function writesExports(head: string): boolean {
  return head.startsWith('exports.') || head.startsWith('module.exports');
}
