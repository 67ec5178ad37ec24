// Call sites in TypeScript and JavaScript as the extractor records them: a bare name, a member
// on a receiver path (`this.client.getCache().build()`), `super(...)`, `new X()`, `require`
// and `import()`; what resolution then links (call-resolution.ts).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { wordAt } from './language-module.ts';
import { NAME_PATH } from './typescript-types.ts';
import { calledPath, commaCallee, computedKey, inPath, pathOf, requiredPath, subscriptMemberName, unparenthesized } from './typescript-paths.ts';
import { dynamicImport, firstArgument, loadedModuleName, requireCall } from './typescript-loads.ts';
import { jsdocCast } from './typescript-jsdoc-casts.ts';
import { boundInScope } from './typescript-scopes.ts';

/** `f(x)`, `a.b.c(x)`, `done!()`, `super(x)`, `import('./m')`: the call the node makes. */
export function call(node: Node, f: FileContext): void {
  const { b, source, receiverText } = f;
  let fn = node.firstChild;
  // `await fetchJson<T>(url)`: the grammar reads it as a call of `await fetchJson` with type
  // arguments; what is called is the awaited name, as the checker reads it.
  if (fn?.type === 'await_expression' && node.childForFieldName('type_arguments')) fn = fn.namedChild(0);
  // `(0, bar_1.baz)(x)`, as compiled CommonJS calls an import: a call of `bar_1.baz` (commaCallee).
  fn = commaCallee(fn);
  // `done!()`, `(handler)()`: the name inside is what is called.
  for (let i = 0; (fn?.type === 'non_null_expression' || fn?.type === 'parenthesized_expression') && i < 4; i++) fn = fn.namedChild(0);
  if (!fn) return;
  switch (fn.type) {
    case 'identifier': {
      const callee = wordAt(source, fn.startIndex);
      if (callee === 'require') requireCall(node, f);
      else b.call(callee, undefined, fn, false, boundInScope(fn, callee, f));
      return;
    }
    case 'member_expression': {
      const property = fn.lastChild;
      if (!property) return;
      let receiver = receiverText(fn.startIndex, property.startIndex, NAME_PATH);
      // `require('./provider').get()`: the module loaded in place (typescript-loads.ts readInPlace).
      if (receiver === '<expr>' && source.startsWith('require', fn.startIndex)) receiver = requiredPath(fn.childForFieldName('object')) ?? receiver;
      // `this.client.getCache().build()`: a path through calls, typed by their declared returns.
      // Only a short one: typed paths are (`this.#client.getQueryCache()`), and a long chain would be re-read once per link.
      if (receiver === '<expr>' && property.startIndex - fn.startIndex <= 160)
        receiver = pathOf(nonNullOperand(fn.childForFieldName('object')), source) ?? sameCallEitherWay(fn.childForFieldName('object'), source) ?? receiver;
      // `new SemVer(a).compare(b)`: an instance of the class it constructs.
      if (receiver === '<expr>') {
        const object = fn.childForFieldName('object');
        receiver = constructedReceiver(object, f) ?? constructedChain(object, f) ?? castReceiver(object, f) ?? loadedModuleReceiver(object) ?? receiver;
      }
      const head = receiverHead(fn.childForFieldName('object'));
      b.call(wordAt(source, property.startIndex), receiver, property, false, head !== undefined && boundInScope(head, head.text, f));
      return;
    }
    case 'subscript_expression': {
      // `this[kAddClient](pool)`: the member declared under that computed key (`[kAddClient] (client) {}`),
      // named as the declaration is (`[kAddClient]`), on the receiver before the bracket; a quoted key by its name.
      const key = subscriptMemberName(fn.childForFieldName('index'));
      const object = fn.childForFieldName('object');
      if (key && object) b.call(key, receiverText(object.startIndex, object.endIndex, NAME_PATH), fn);
      return;
    }
    case 'call_expression': {
      // `require('./streams')(stream)`: a call of the module's default export (calledPath names the binding).
      const loaded = calledPath(node, source);
      if (loaded?.startsWith('#require')) b.call(loaded, undefined, fn);
      return;
    }
    case 'super':
      b.call('constructor', 'super', fn);
      return;
    case 'import': {
      const source0 = firstArgument(node.lastChild);
      if (source0) dynamicImport(node, source0, f);
      return;
    }
  }
}

/** The name a receiver path starts at (`lib` in `lib.a().b[0].c()`); undefined for any other start. */
function receiverHead(object: Node | null): Node | undefined {
  let at = object;
  for (let i = 0; at && i < MAX_HEAD_STEPS; i++) {
    if (at.type === 'identifier') return at;
    if (at.type === 'member_expression' || at.type === 'subscript_expression') at = at.childForFieldName('object');
    else if (at.type === 'call_expression') at = at.childForFieldName('function');
    else if (at.type === 'non_null_expression') at = at.namedChild(0);
    else return undefined;
  }
  return undefined;
}

/** Links read back along a receiver to its first name; a longer one is left as read. */
const MAX_HEAD_STEPS = 16;

/**
 * `+due - scheduler!.now()`: the grammar reads the `!` as applying to the whole difference, `(+due -
 * scheduler)!.now()`; TypeScript gives `!` the tighter binding, so the receiver is the operand
 * beside it (the rightmost of the binary expressions), as the checker reads it. Any other object as it is.
 */
function nonNullOperand(object: Node | null): Node | null {
  if (object?.type !== 'non_null_expression' || object.namedChild(0)?.type !== 'binary_expression') return object;
  let operand = object.namedChild(0);
  for (let i = 0; operand?.type === 'binary_expression' && i < 16; i++) operand = operand.childForFieldName('right');
  return operand?.type === 'binary_expression' ? null : operand;
}

/**
 * `(scheduler ? concat(values, source, scheduler) : concat(values, source)).subscribe()`: a choice
 * between two calls of one path is that call's value whichever branch runs (`concat()`); undefined
 * for any other object.
 */
function sameCallEitherWay(object: Node | null, source: string): string | undefined {
  const choice = unparenthesized(object);
  if (choice?.type !== 'ternary_expression') return undefined;
  const first = pathOf(choice.childForFieldName('consequence'), source);
  return first?.endsWith(')') && first === pathOf(choice.childForFieldName('alternative'), source) ? first : undefined;
}

/**
 * `new Foo(x)`, `new util_1.Foo(x)`, `(new Foo(x))`: 'new Foo', the class an instance is made of
 * in place; undefined for any other object, and where a parameter or a local binds the name
 * (typescript-scopes.ts): the receiver is then whatever that value constructs.
 */
function constructedReceiver(object: Node | null, f: FileContext): string | undefined {
  const constructed = unparenthesized(object);
  const ctor = constructed?.type === 'new_expression' ? constructed.childForFieldName('constructor') : null;
  if (ctor?.type === 'identifier') return boundInScope(ctor, ctor.text, f) ? undefined : `new ${ctor.text}`;
  const path = ctor?.type === 'member_expression' ? ctor.text : undefined;
  return path && CONSTRUCTOR_PATH.test(path) ? `new ${path}` : undefined;
}

/** A constructor named through one or two namespaces (`util_1.Thing`, `a.b.Thing`). */
const CONSTRUCTOR_PATH = /^[\w$]{1,80}(\.[\w$]{1,80}){1,2}$/;

/** Calls read along a chain from the instance it starts at (CallSite.receiver's path has at most 6 parts). */
const MAX_CHAIN_CALLS = 5;

/**
 * `new FixTracker(fixer, code).retainRange(r).remove(t)`: 'new FixTracker.retainRange()', the
 * calls made along the chain from the instance it constructs, each typed by what the one before
 * declares it returns; undefined for any other object.
 */
function constructedChain(object: Node | null, f: FileContext): string | undefined {
  const calls: string[] = [];
  let at = unparenthesized(object);
  while (at?.type === 'call_expression' && calls.length < MAX_CHAIN_CALLS) {
    const fn = at.childForFieldName('function');
    const property = fn?.type === 'member_expression' ? fn.childForFieldName('property') : null;
    if (property?.type !== 'property_identifier') return undefined;
    calls.push(`${property.text}()`);
    at = unparenthesized(fn!.childForFieldName('object'));
  }
  const head = calls.length > 0 ? constructedReceiver(at, f) : undefined;
  return head && [head, ...calls.reverse()].join('.');
}

/** A type a JavaScript cast names that a receiver can be read as: a name or a dotted path, or a type imported by `import('./m').X` (typescript-jsdoc.ts jsdocType's `#t` name). */
const CAST_NAME = /^(?:#t\d{1,10}|[A-Za-z_$][\w$]{0,79}(?:\.[A-Za-z_$][\w$]{0,79}){0,4})$/;

/** `(await import('./m')).f()`: the module the load binds in place (typescript-loads.ts dynamicImport). */
function loadedModuleReceiver(object: Node | null): string | undefined {
  if (object?.type !== 'parenthesized_expression') return undefined;
  let load = object.namedChild(0);
  if (load?.type === 'await_expression') load = load.namedChild(0);
  return load?.type === 'call_expression' && load.childForFieldName('function')?.type === 'import' ? loadedModuleName(load) : undefined;
}

/**
 * `(source as ConnectableObservable<T>).connect()`: 'as ConnectableObservable', the type the value
 * is cast to in place; `(obj as Administered)[$mobx].set_()`: 'as Administered[$mobx]', what
 * that type declares under the computed key (pathOf's form); in JavaScript, `/** @type {Source}
 * *\/ (this._first).map()` as `as Source` (typescript-jsdoc-casts.ts), a plain type name only.
 */
function castReceiver(object: Node | null, f: FileContext): string | undefined {
  const documented = jsdocCast(object, f);
  if (documented !== undefined) return CAST_NAME.test(documented) ? `as ${documented}` : undefined;
  object = unparenthesized(object);
  let key = '';
  if (object?.type === 'subscript_expression') {
    // `(node as Element)[PropertySymbol.children]`: a key path too, as a receiver path holds it (inPath).
    const index = object.childForFieldName('index');
    const named = computedKey(index) ?? (index?.type === 'member_expression' ? subscriptMemberName(index) : undefined);
    if (!named) return undefined;
    key = inPath(named);
    object = object.childForFieldName('object');
    if (object?.type !== 'parenthesized_expression') return undefined;
    object = unparenthesized(object);
  }
  // `(<Element>node).m()`: the older cast, its type written first.
  const asserted = object?.type === 'type_assertion' ? object.namedChild(0)?.namedChild(0) : undefined;
  if (!asserted && object?.type !== 'as_expression' && object?.type !== 'satisfies_expression') return undefined;
  let type = asserted ?? object!.namedChild(1);
  if (type?.type === 'generic_type') type = type.childForFieldName('name');
  return type?.type === 'type_identifier' ? `as ${type.text}${key}` : undefined;
}

export function newExpression(node: Node, f: FileContext): void {
  const { b, source, receiverText } = f;
  const ctor = node.childForFieldName('constructor');
  if (!ctor) return;
  const type = ctor.type;
  if (type === 'identifier') {
    const name = wordAt(source, ctor.startIndex);
    b.call(name, undefined, ctor, true, boundInScope(ctor, name, f));
  } else if (type === 'member_expression') {
    const property = ctor.lastChild;
    if (property) b.call(wordAt(source, property.startIndex), receiverText(ctor.startIndex, property.startIndex, NAME_PATH), property, true);
  }
}
