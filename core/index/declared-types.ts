// Receivers whose type is declared where they are bound (extract-types.ts DeclaredType): a
// parameter or variable annotation, a field, `new X()` bound to a name, Python `self.x = X()`.
// Declared types only, nothing inferred: a receiver path (`o`, `this.store`, `self.repo.db`)
// is typed segment by segment through locals of the enclosing functions and members of the
// classes reached, and a segment with no declared type ends the walk (the call stays unproven).
// A name bound to a call (`const q = cache.build()`) takes the callee's declared return type
// (`build(): Query`), and a callback's parameter the type the callee declares for it
// (`operate(init: (source: Observable) => void)`, an array's element for `xs.map(x => ...)`):
// declared where the callee is, not inferred. A name a module exports (`export const m = new
// M()`) types calls in the files that import it. The walk along a path is the base class's
// (declared-type-paths.ts); this file reads what each declaration's written form types.
import {
  ARRAY_OF,
  OBJECT_OF,
  PARAMETER_LITERAL,
  CHOICE,
  INDEXED_MEMBER,
  MAYBE_FUNCTION,
  MAYBE_PRIMITIVE,
  OWN_THIS,
  RETURNED_MEMBER,
  RETURNED_SPREAD,
  MAX_RETURNED_SPREADS,
  TYPE_ARGUMENT_FORM,
  TYPE_ARGUMENT_PLACE,
  TYPE_PARAMETERS_MEMBER,
  type DeclaredType,
} from './extract-types.ts';
import { boundArgument, boundByCall, genericForm } from './declared-type-generics.ts';
import { typedBySignature } from './declared-type-signatures.ts';
import type { DefRef } from './symbol-table.ts';
import {
  ARGUMENT_FORM,
  ASSIGNED_PARAMETER_FORM,
  CALLBACK_FORM,
  ELEMENT_CALLBACKS,
  HELD_CALL_FORM,
  memberNameOn,
  maybePrimitiveMember,
  type Typed,
} from './declared-type-forms.ts';
import { DeclaredTypePaths, heldPathOf } from './declared-type-paths.ts';

/** How deep declarations elsewhere are followed (typed). */
const MAX_DEPTH = 4;

export class DeclaredTypes extends DeclaredTypePaths {
  /** A field of a class or of one of its bases (breadth-first, a few deep). */
  protected memberType(on: Typed, name: string): Typed | undefined {
    if (on.collection || maybePrimitiveMember(on, name)) return undefined;
    const queue = [on.ref];
    // How sure each queued owner is: a value a factory's literal spreads is as sure as its type.
    const sure = [on.confidence];
    for (let i = 0; i < queue.length && i < 16; i++) {
      const ref = queue[i];
      const declarations = this.functions.of(ref.file);
      // A constructor function's members are its locals `this.x` (typescript-assignments.ts).
      // A function's own object (`{}`): the properties of the object type it declares it returns.
      const own = memberNameOn(on, name);
      const d =
        declarations.members.get(`${ref.def}\0${own}`) ??
        declarations.locals.get(`${ref.def}\0this.${own}`) ??
        declarations.locals.get(`${ref.def}\0${RETURNED_MEMBER}${own}`);
      if (d) {
        const found = this.typedOn(on, ref, d);
        return found && { ...found, confidence: Math.min(sure[i], found.confidence) };
      }
      for (const base of this.lookup.basesOf(ref)) {
        queue.push(base);
        sure.push(sure[i]);
      }
      for (const spread of this.returnedSpreads(ref)) {
        queue.push(spread.ref);
        sure.push(Math.min(sure[i], spread.confidence));
      }
    }
    return undefined;
  }

  /**
   * `return { toResult: processor.toResult }` (typescript-objects.ts declareReturnedHolders): the
   * typed value and member name that `fn`'s returned object's member `name` holds, read as
   * heldMember reads a local bound to a path.
   */
  returnedHeldMember(fn: DefRef, name: string): { on: Typed; member: string } | undefined {
    const d = this.functions.of(fn.file).locals.get(`${fn.def}\0${RETURNED_MEMBER}${name}`);
    const path = d && heldPathOf(d);
    const dot = path ? path.lastIndexOf('.') : -1;
    if (dot < 0 || path!.endsWith(')')) return undefined;
    const on = this.typeAt(fn.file, d!, path!.slice(0, dot));
    return on && !on.collection ? { on, member: memberNameOn(on, path!.slice(dot + 1)) } : undefined;
  }

  /**
   * The object literal a factory returns (`{}`): its members are the factory's nested definitions.
   * `=manager` where the factory returns a local no declaration types (`const manager = { get() {} };
   * return manager`): that local object's members, nested as `manager.get` (Typed.prefix).
   */
  private returnedObject(file: number, d: DeclaredType, local?: string): Typed | undefined {
    if (!d.name.endsWith('()') || (local !== undefined && !/^[\w$]+$/.test(local))) return undefined;
    const name = d.name.slice(0, -2);
    // A returned name is read in the function's own scope (FunctionDeclarations.raw): its owner is the function.
    const own = d.owner !== null && this.extractions[file].definitions[d.owner]?.name === name ? d.owner : undefined;
    const def = own ?? this.functions.definitionNamed(file, d.owner, name);
    return def === undefined ? undefined : { ref: { file, def }, confidence: 1, ...(local === undefined ? {} : { prefix: local }) };
  }

  /** `return { run, ...makeInner(n) }`: the values a function's returned literal spreads, as typed (RETURNED_SPREAD). */
  returnedSpreads(fn: DefRef): Typed[] {
    const locals = this.functions.of(fn.file).locals;
    const out: Typed[] = [];
    for (let k = 0; k < MAX_RETURNED_SPREADS; k++) {
      const d = locals.get(`${fn.def}\0${RETURNED_SPREAD}${k}`);
      if (!d) break;
      const typed = this.typed(fn.file, d);
      if (typed && !typed.collection) out.push(typed);
    }
    return out;
  }

  /** How deep declarations elsewhere are being followed now: a chain is followed a few deep, never in a cycle. */
  private depth = 0;

  /** What a function or method declares for its callers under `suffix`: `()` its return, `(i,j)` a callback's parameter. */
  protected declaredFor(fn: DefRef, suffix: string): Typed | undefined {
    const declared = this.functions.raw(fn, suffix);
    return declared && this.typed(fn.file, declared);
  }

  /** What the path `f`, `a.b`, `x.y().z` calls, where the declaration `d` names it: a function, or a method of a typed value. */
  protected callee(
    file: number,
    d: DeclaredType,
    path: string,
  ): { fn: DefRef; confidence: number; receiver?: Typed } | { on: Typed; method: string } | undefined {
    if (path.startsWith('new ')) {
      // `new X(...)`: what X's constructor declares.
      const cls = this.lookup.resolveType(file, path.slice(4));
      const fn = cls && this.lookup.isClassLike(cls.ref) ? this.lookup.method(cls.ref, 'constructor') : undefined;
      return fn && { fn, confidence: cls!.confidence };
    }
    const dot = path.lastIndexOf('.');
    if (dot < 0) {
      // `const notify = (cb: (o: Observer) => void) => ...; notify((o) => o.error(e))`: a function of the enclosing ones first.
      const fn = this.functions.nestedFunction(file, d.owner, path) ?? this.lookup.callable(file, path);
      if (fn) return { fn, confidence: 1 };
      // `const adapter = customAdapter(...)` where `customAdapter: AdapterCreator`, a function type
      // alias: what the alias declares a call returns (`AdapterCreator()`).
      const typed = this.typeAt(file, d, path);
      const alias = typed && !typed.collection && this.extractions[typed.ref.file].definitions[typed.ref.def].kind === 'type';
      if (alias) return { fn: typed.ref, confidence: typed.confidence };
      // `const { connector } = config; connector()`: the member the local holds, called through its holder.
      const held = this.localDeclaration(file, d.owner, path, d.lines?.[0]);
      const member = held && heldPathOf(held.d);
      return member?.includes('.') && !member.includes('(') ? this.callee(held!.file, held!.d, member) : undefined;
    }
    const receiver = this.typeAt(file, d, path.slice(0, dot));
    // `Effect.runFork(...)` through `import * as Effect`: a function the path names, not a method of a value.
    if (!receiver) return this.functionAt(file, path);
    const method = path.slice(dot + 1);
    if (receiver.collection) return { on: receiver, method };
    const fn = this.lookup.method(receiver.ref, memberNameOn(receiver, method));
    // `load().then((port) => ...)`: a declared `Promise<Port>` is read as Port (what is awaited),
    // so a `then` Port does not declare is the promise's, handing its callback the Port.
    if (!fn && method === 'then') return { on: receiver, method };
    return fn && { fn, confidence: receiver.confidence, receiver };
  }

  /**
   * Parameter j of the callback passed at place i, where the callee types place i by its type
   * parameter k (TYPE_ARGUMENT_PLACE) and the call wrote a function type for k: what that function
   * type declares for its parameter j, held at the call (`#start_tk_j`, typescript-callbacks.ts).
   */
  protected typeArgumentAt(file: number, d: DeclaredType, fn: DefRef, callback: RegExpExecArray): Typed | undefined {
    const place = this.functions.raw(fn, `(${callback[2]})${TYPE_ARGUMENT_PLACE}`);
    const k = place && TYPE_ARGUMENT_FORM.exec(place.type);
    return k ? this.typeAt(file, d, `#${callback[4]}_t${k[1]}_${callback[3]}`) : undefined;
  }

  /** boundByCall's reads, at the declaration `d` (declared-type-generics.ts). */
  protected boundAt(file: number, d: DeclaredType, form: string, start: string, confidence: number): Typed | undefined {
    return boundByCall(form, start, confidence, {
      typeOf: (path) => this.typeAt(file, d, path),
      classNamedBy: (name) => {
        // `create(Repo)`: the argument is held as a value (`=Repo`), read here as the type it names.
        const found = this.localDeclaration(file, d.owner, name, d.lines?.[0]);
        const path = found?.d.type.startsWith('=') ? found.d.type.slice(1) : undefined;
        const named = path ? this.lookup.resolveType(found!.file, path) : undefined;
        return named && this.lookup.isClassLike(named.ref) ? { ref: named.ref, confidence: named.confidence } : undefined;
      },
    });
  }

  /** The type of a path as seen where the declaration `d` is: in its owner, at its first line. */
  protected typeAt(file: number, d: DeclaredType, path: string): Typed | undefined {
    return this.typeOf(file, d.owner, path, this.lookup.enclosingClass(file, d.owner), d.lines?.[0]);
  }

  protected typed(file: number, d: DeclaredType): Typed | undefined {
    if (this.depth >= MAX_DEPTH) return undefined;
    this.depth++;
    try {
      return this.typedNow(file, d);
    } finally {
      this.depth--;
    }
  }

  protected typedNow(file: number, d: DeclaredType): Typed | undefined {
    const type = d.type;
    const besides = type.endsWith(MAYBE_FUNCTION) ? MAYBE_FUNCTION : type.endsWith(MAYBE_PRIMITIVE) ? MAYBE_PRIMITIVE : undefined;
    if (besides) {
      const found = this.typedNow(file, { ...d, type: type.slice(0, -besides.length) });
      return found && { ...found, primitive: besides === MAYBE_FUNCTION ? 'function' : 'value' };
    }
    if (type === OWN_THIS) return undefined;
    if (type.startsWith(ARRAY_OF[0]) && type.endsWith(ARRAY_OF[1])) return this.typedArrayOf(file, d, type.slice(1, -1));
    // An object literal of names types only a member a computed key picks (objectOfNamesAt).
    if (type.startsWith(OBJECT_OF[0])) return undefined;
    if (type.startsWith(PARAMETER_LITERAL)) {
      // `Link(0)` with `type Link = (opts: { next: Next }) => R`: the literal Link declares as `opts.*`.
      const dot = type.lastIndexOf('.');
      const alias = dot > PARAMETER_LITERAL.length ? this.lookup.resolveType(file, type.slice(PARAMETER_LITERAL.length, dot)) : undefined;
      return alias && { ...alias, prefix: type.slice(dot + 1) };
    }
    const choice = type.indexOf(CHOICE);
    if (choice > 0) return this.typedChoice(file, d, type.split(CHOICE));
    const assigned = type.endsWith(')') ? ASSIGNED_PARAMETER_FORM.exec(type) : null;
    if (assigned) return this.assignedParameter(file, d, assigned[1]!, assigned[2]!);
    const signature = typedBySignature(this.signatures, file, d);
    if (signature !== null) return signature;
    const callback = type.endsWith(')') || type.includes(')#') ? CALLBACK_FORM.exec(type) : null;
    const heldCall = !callback && type.includes(')#') ? HELD_CALL_FORM.exec(type) : null;
    if (callback || heldCall || type.endsWith('()')) {
      const path = callback ? callback[1]! : heldCall ? heldCall[1]! : type.slice(0, -2);
      const target = this.callee(file, d, path);
      if (!target) return undefined;
      if ('on' in target) {
        // An array method: its element, or for `filter()` and such the array again; a promise's `then`: what it resolves to.
        if (callback) {
          const j = Number(callback[3]);
          const element = callback[2] === '0' && (target.on.collection ? ELEMENT_CALLBACKS[target.method]?.includes(j) : j === 0);
          return element ? { ref: target.on.ref, confidence: target.on.confidence } : undefined;
        }
        return this.callResult(target.on, target.method);
      }
      // `dual<L, (self: Differ) => R>(2, (self) => ...)`: the place is typed by a type parameter the call wrote.
      const written = callback?.[4] !== undefined ? this.typeArgumentAt(file, d, target.fn, callback) : undefined;
      if (written) return { ...written, confidence: Math.min(target.confidence, written.confidence) };
      const declared =
        this.functions.raw(target.fn, callback ? `(${callback[2]},${callback[3]})` : '()') ??
        (callback ? this.functions.byAliasedParameter(target.fn, callback[2]!, callback[3]!) : undefined);
      // `const s = identity(store)`: a return bound by what the call passes or writes.
      if (heldCall && declared?.type.startsWith('@')) return this.boundAt(file, d, declared.type, heldCall[2]!, target.confidence);
      const argument = declared && callback?.[4] !== undefined ? ARGUMENT_FORM.exec(declared.type) : null;
      if (argument) {
        // `resolveList(bindings, (b) => ...)` with `resolver: (item: T) => V` and `list: T[]`: what the argument holds.
        const held = this.typeAt(file, d, `#${callback![4]}_${argument[1]}`);
        if (!held || Boolean(argument[2]) !== Boolean(held.collection)) return undefined;
        return { ref: held.ref, confidence: Math.min(target.confidence, held.confidence) };
      }
      const found = declared && this.typedOn(target.receiver, this.functions.ownerOf(target.fn), declared);
      return found && { ...found, confidence: Math.min(target.confidence, found.confidence) };
    }
    if (type.startsWith('=')) return this.typeAt(file, d, type.slice(1)) ?? this.classNamed(file, type.slice(1)) ?? this.returnedObject(file, d, type.slice(1));
    if (type.endsWith('[*]')) {
      // `for (const x of path)`: an element of the collection path names.
      const of = this.typeAt(file, d, type.slice(0, -3));
      return of?.collection ? { ref: of.ref, confidence: of.confidence } : undefined;
    }
    if (type === '{}') return this.returnedObject(file, d);
    // `s: Options['store']`: the member's declared type, read where Options is.
    const indexed = type.endsWith("']") ? INDEXED_MEMBER.exec(type) : null;
    // `Fp12: ReturnType<typeof tower12>['Fp12']`: the member of what calling tower12 gives.
    if (indexed?.[1]!.endsWith(')')) {
      const returned = this.typedNow(file, { ...d, type: indexed[1]! });
      const member = returned && this.memberType(returned, indexed[2]!);
      return member && { ...member, confidence: Math.min(returned!.confidence, member.confidence) };
    }
    if (indexed) {
      const holder = this.lookup.resolveType(file, indexed[1]!);
      const kind = holder && this.extractions[holder.ref.file].definitions[holder.ref.def].kind;
      return holder && (this.lookup.isClassLike(holder.ref) || kind === 'type') ? this.memberType(holder, indexed[2]!) : undefined;
    }
    const collection = type.endsWith('[]');
    const generic = collection ? undefined : genericForm(type);
    const found = this.lookup.resolveType(file, generic?.name ?? (collection ? type.slice(0, -2) : type));
    const foundKind = found && this.extractions[found.ref.file].definitions[found.ref.def].kind;
    if (d.call && found && (foundKind === 'function' || foundKind === 'method')) {
      // Python `r = Retry.from_int(x)`: bound to a call of a function, typed by what that function returns.
      const returned = this.declaredFor(found.ref, '()');
      return returned && { ...returned, confidence: Math.min(found.confidence, returned.confidence) };
    }
    if (d.call && !found && !collection && type.includes('.')) return this.methodCallResult(file, d);
    // An object type named by `type` declares members as an interface does; a JavaScript constructor function as a class does.
    if (!found || !(this.lookup.isClassLike(found.ref) || foundKind === 'type' || this.lookup.isConstructorFunction(found.ref))) return undefined;
    if (d.call && foundKind !== 'class') return undefined;
    // `s: Maybe<Store>` with `type Maybe<T> = T | null`: a Store, as the union's first member is.
    const alias = foundKind === 'type' ? this.functions.of(found.ref.file) : undefined;
    const passed = generic ? alias?.passedParameters.get(found.ref.def) : undefined;
    const argument = passed !== undefined ? generic!.args[passed] : undefined;
    if (argument && argument !== '?') {
      const inner = this.typedNow(file, { ...d, type: argument });
      return inner && { ...inner, confidence: Math.min(found.confidence, inner.confidence) };
    }
    // `extensions: Extensions` with `type Extensions = ReadonlyArray<Extension>`: an array of Extension.
    const element = alias?.elementAliases.get(found.ref.def);
    if (element !== undefined) {
      const held = collection ? undefined : this.lookup.resolveType(found.ref.file, element);
      return held && { ref: held.ref, confidence: Math.min(found.confidence, held.confidence), collection: true };
    }
    const returned = foundKind === 'type' ? this.returnedByAlias(found) : undefined;
    if (returned) return collection ? (returned.collection ? undefined : { ...returned, collection: true }) : returned;
    return collection ? { ...found, collection: true } : generic ? { ...found, args: generic.args, argsFile: file } : found;
  }

  /**
   * What `declared`, a declaration of `owner`'s member, types on the value `on`: the type argument
   * `on` binds where `declared` names a type parameter of `owner` (`get(): T` on a `Box<Handler>`),
   * else `declared` as written in `owner`'s file.
   */
  protected typedOn(on: Typed | undefined, owner: DefRef, declared: DeclaredType): Typed | undefined {
    // A member a base declares is read on the value seen as that base (`extends Repo<Foo>`).
    if (on) on = this.bases.viewAs(on, owner);
    const bound = boundArgument(on, owner, declared, (o) => this.typeParametersOf(o));
    if (!bound) return this.typed(owner.file, declared);
    const found = this.lookup.resolveType(bound.file, bound.name);
    // `options: Options<S>` in `function run<S extends Source[]>`: an argument that names no type
    // the graph knows (a type parameter of the value's own scope) is held to the constraint.
    if (!found && declared.parameter) return this.typed(owner.file, declared);
    const kind = found && this.extractions[found.ref.file].definitions[found.ref.def].kind;
    if (!found || !(this.lookup.isClassLike(found.ref) || kind === 'type')) return undefined;
    return { ref: found.ref, confidence: Math.min(on!.confidence, found.confidence), ...(bound.collection ? { collection: true } : {}) };
  }

  /** A generic class's or interface's type parameter names as declared (`T,U`), in order. */
  protected typeParametersOf(owner: DefRef): string | undefined {
    return this.functions.of(owner.file).members.get(`${owner.def}\0${TYPE_PARAMETERS_MEMBER}`)?.type;
  }

  /**
   * `options.onDone = (result) => ...` (ASSIGNED_PARAMETER_FORM): parameter j of the member's
   * declared function type, read where the member's owner declares it (`onDone?: (result: Result)
   * => void`), as a callback's parameter is read where its callee declares it.
   */
  protected assignedParameter(file: number, d: DeclaredType, path: string, j: string): Typed | undefined {
    const target = this.callee(file, d, path);
    const callee = target && 'fn' in target ? target : undefined;
    const declared = callee && this.functions.raw(callee.fn, `(${j})`);
    if (callee && declared) {
      const found = this.typedOn(callee.receiver, this.functions.ownerOf(callee.fn), declared);
      return found && { ...found, confidence: Math.min(callee.confidence, found.confidence) };
    }
    // `this.listener = (event) => ...` with `listener: BindingListener`, a function type alias: what the alias declares.
    const member = this.typeAt(file, d, path);
    if (!member || member.collection || this.extractions[member.ref.file].definitions[member.ref.def].kind !== 'type') return undefined;
    const found = this.declaredFor(member.ref, `(${j})`);
    return found && { ...found, confidence: Math.min(member.confidence, found.confidence) };
  }

  /** A local bound to an object literal of names (OBJECT_OF), read as the collection of them a computed key picks from. */
  protected objectOfNamesAt(file: number, enclosing: number | null, name: string, line: number | undefined): Typed | undefined {
    const found = this.localDeclaration(file, enclosing, name, line);
    const type = found?.d.type;
    if (!type?.startsWith(OBJECT_OF[0]) || !type.endsWith(OBJECT_OF[1])) return undefined;
    return this.typedArrayOf(found!.file, found!.d, type.slice(OBJECT_OF[0].length, -OBJECT_OF[1].length));
  }

  /**
   * `[alpha, beta]` (ARRAY_OF): an array of the one type every element reaches (typedChoice), as
   * the checker's union of equal element types is that type; none where an element is itself a
   * collection or may be a primitive (a member of the element would be no type's for certain).
   */
  protected typedArrayOf(file: number, d: DeclaredType, elements: string): Typed | undefined {
    // Not a level of its own (typed): the inner forms are shorter, and each counts its own reads.
    const element = this.typedNow(file, { ...d, type: elements });
    if (!element || element.collection || element.primitive !== undefined) return undefined;
    return { ref: element.ref, confidence: element.confidence, collection: true };
  }

  /** `higher ? v2 : v1`, `[a, b, c]` (CHOICE): the type every form reaches, else none; a union of two types is neither here. */
  protected typedChoice(file: number, d: DeclaredType, forms: string[]): Typed | undefined {
    // Each form is read one level down (typed), a choice of three as deep as one of two.
    let agreed: Typed | undefined;
    for (const form of forms) {
      const t = this.typed(file, { ...d, type: form });
      if (!t) return undefined;
      if (agreed && (agreed.ref.file !== t.ref.file || agreed.ref.def !== t.ref.def || Boolean(agreed.collection) !== Boolean(t.collection))) return undefined;
      agreed = !agreed
        ? t
        : {
            ...agreed,
            confidence: Math.min(agreed.confidence, t.confidence),
            primitive: agreed.primitive === 'function' || t.primitive === 'function' ? 'function' : (agreed.primitive ?? t.primitive),
          };
    }
    return agreed;
  }

  /**
   * `type Deferred<T> = ReturnType<typeof createDeferred<T>>` (a `typeof` heritage naming a call,
   * typescript-heritage.ts): what the function is declared or written to return, as `const d =
   * createDeferred()` is typed. Undefined for any other alias.
   */
  protected returnedByAlias(alias: { ref: DefRef; confidence: number }): Typed | undefined {
    const { file, def } = alias.ref;
    const path = this.functions.of(file).returnAliases.get(def);
    if (path === undefined) return undefined;
    // `ReturnType<typeof ns.make>`: a function the path names through an import.
    const fn = path.includes('.') ? this.functionAt(file, path)?.fn : this.lookup.callable(file, path);
    const found = fn && this.declaredFor(fn, '()');
    return found && { ...found, confidence: Math.min(alias.confidence, found.confidence) };
  }
}
