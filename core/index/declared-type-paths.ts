// The receiver paths of declared-types.ts (the DeclaredTypes class is split in two files to stay
// readable): a path at a call site (`o`, `this.store`, `ns.make().x`) typed segment by segment
// through the locals of the enclosing functions, the members of the classes reached and what
// functions declare they return, and the locals those segments start from. What a declaration's
// written form types (`Store`, `=path`, `f()`, a callback's parameter) is read by the subclass in
// declared-types.ts, through the abstract methods below.
import { CHOICE, LITERAL_THIS, OWN_THIS, RECEIVER_ITSELF, type DeclaredType, type FileExtraction } from './extract-types.ts';
import type { SignatureReader } from './declared-type-signatures.ts';
import type { DefRef } from './symbol-table.ts';
import {
  ASSERTS_SUFFIX,
  COLLECTION_RETURNS,
  ELEMENT_RETURNS,
  elementOf,
  GUARD_SUFFIX,
  isKeyedValue,
  keyed,
  literalMemberOwner,
  memberNameOn,
  maybePrimitiveMember,
  type Typed,
} from './declared-type-forms.ts';
import { innermost, MAX_SCOPE_WALK } from './declared-type-index.ts';
import { BaseViews } from './declared-type-bases.ts';
import { FunctionDeclarations } from './function-declarations.ts';
import { languageTraits } from './extract/languages/registry.ts';

const MAX_PATH = 6;
/** A path segment that is one member's name: no call, no key. */
const PLAIN_NAME = /^[\w$]{1,80}$/;

export interface TypeLookup {
  /** What a type name written in a file names: a class-like definition, with the confidence of the path to it. */
  resolveType(file: number, written: string): { ref: DefRef; confidence: number } | undefined;
  isClassLike(ref: DefRef): boolean;
  /** A JavaScript constructor function: a class to the checker, its members the `this.x` locals it declares. */
  isConstructorFunction(ref: DefRef): boolean;
  /** The class a name written in a file holds as a value (`Holder` in `Holder.instance`), with the confidence of the path to it; never an interface or a `type`. */
  classValue(file: number, name: string): { ref: DefRef; confidence: number } | undefined;
  /** A class's resolved bases (a member may be declared on one). */
  basesOf(ref: DefRef): DefRef[];
  /** The class a class extends, of its bases (what `super` is). */
  extendedClass(ref: DefRef): DefRef | undefined;
  /** The function a bare name written in a file calls (same file, then imports). */
  callable(file: number, name: string): DefRef | undefined;
  /** A method of a class or of its bases. */
  method(cls: DefRef, name: string): DefRef | undefined;
  /** The innermost class around a definition (for `this` in a call path). */
  enclosingClass(file: number, def: number | null): number | undefined;
  /** Where a name a file imports is bound as a module-level value: the exporting file and its name there. */
  importedValue(file: number, name: string): { file: number; local: string } | undefined;
  /** A function member of a module-level object literal, here or imported (`api.build` of `const api = { build() {} }`), with the confidence of the path to it. */
  objectMember(file: number, object: string, member: string): { ref: DefRef; confidence: number } | undefined;
}

/** The path a declaration says its name holds (`=this.cache`), when it is one path and not a choice of several. */
export function heldPathOf(d: DeclaredType): string | undefined {
  return d.type.startsWith('=') && !d.type.includes(CHOICE) ? d.type.slice(1) : undefined;
}
export abstract class DeclaredTypePaths {
  /** Each file's declarations and what its functions declare (function-declarations.ts). */
  protected readonly functions: FunctionDeclarations;

  /** Values seen as their bases, with the type arguments the heritage clauses write (declared-type-bases.ts). */
  protected readonly bases: BaseViews;

  /** The signature forms' reader (declared-type-signatures.ts), over this instance's lookups. */
  protected readonly signatures: SignatureReader;

  constructor(
    protected readonly extractions: FileExtraction[],
    protected readonly lookup: TypeLookup,
  ) {
    this.functions = new FunctionDeclarations(extractions);
    this.bases = new BaseViews({
      basesOf: (ref) => lookup.basesOf(ref),
      resolveType: (file, written) => lookup.resolveType(file, written),
      heritageOf: (file) => extractions[file]!.heritage,
      typeParameters: (owner) => this.typeParametersOf(owner)?.split(','),
    });
    this.signatures = {
      lookup,
      kindOf: (ref) => extractions[ref.file].definitions[ref.def]?.kind,
      callee: (file, d, path) => this.callee(file, d, path),
      declaredFor: (fn, suffix) => this.declaredFor(fn, suffix),
    };
  }

  /**
   * Whether a name is a declared-type local somewhere in the file: 'scoped' when some
   * declaration of it is seen only within a callback's lines (a memo key then takes the line),
   * true when the enclosing function settles it.
   */
  hasLocal(file: number, name: string): 'scoped' | boolean {
    const scoped = this.functions.of(file).names.get(name);
    return scoped === undefined ? false : scoped ? 'scoped' : true;
  }

  /** The class a receiver path names at a call site, or undefined when some segment's type is not declared. */
  typeOf(file: number, enclosing: number | null, receiver: string, enclosingClass: number | undefined, line?: number): Typed | undefined {
    const parts = receiver.split('.');
    if (parts.length > MAX_PATH) return undefined;
    let current: Typed | undefined;
    let skip = 1;
    // `this.items[0].m()`: a segment ending `[*]` is an element of what it names; `xs[i]`,
    // `this[kSocket]` (a computed key, pathOf) an element of a collection, else the member declared under that key.
    const { name: head, key: headKey } = keyed(parts[0]!);
    // `(self: Fiber<A>) => self.id()`: a TypeScript `self` declared like any other name is that name;
    // `m(this: Mixed) { this.la() }` in a class: the declared `this`, as the checker reads it, not the class.
    const ownSelf = head === 'self' || head === 'this' ? this.receiverDeclared(file, head, enclosing, line) : undefined;
    // null: a function's own `this` (OWN_THIS), of which nothing is known, so the path types nothing.
    if (ownSelf !== undefined) current = ownSelf ?? undefined;
    else if (head === 'this' || head === 'self') {
      // Outside a class, `this` is what a `this: T` parameter declares, if one does; in a JavaScript
      // constructor function's own body, its instance (`function Gen() { this.s = new S(); this.s.m() }`).
      if (enclosingClass !== undefined) current = { ref: { file, def: enclosingClass }, confidence: 1 };
      else if (head === 'this') current = this.localType(file, enclosing, head, line) ?? this.constructedHere(file, enclosing);
    } else if (head === 'super' && enclosingClass !== undefined) {
      // `super.find().save()`: the class extended, seen with the arguments the clause writes.
      const own: Typed = { ref: { file, def: enclosingClass }, confidence: 1 };
      const base = this.lookup.extendedClass(own.ref);
      current = base && this.bases.viewAs(own, base);
    } else if (head.endsWith('()')) {
      const name = head.slice(0, -2);
      const fn = this.functions.nestedFunction(file, enclosing, name) ?? this.lookup.callable(file, name);
      current = (fn && this.declaredFor(fn, '()')) ?? this.classNamed(file, name) ?? (fn ? undefined : this.heldCallResult(file, enclosing, name, line));
    } else if (head.startsWith('new ')) {
      // `new Foo(x).bar()`: the class constructed, where the name leads (CallSite.receiver);
      // `new util_1.Thing().go()`: the plain segments after it are the constructor's own path,
      // as only calls (`m()`) follow the instance in a receiver.
      let ctor = head.slice(4);
      while (skip < parts.length && PLAIN_NAME.test(parts[skip]!)) ctor += `.${parts[skip++]}`;
      const found = this.lookup.resolveType(file, ctor);
      // `new Shim().eleven()` with `function Shim() {}; Shim.prototype.eleven = ...`: a JavaScript
      // constructor function is a class to the checker, in place as when bound (`const s = new Shim()`).
      current = found && (this.lookup.isClassLike(found.ref) || this.lookup.isConstructorFunction(found.ref)) ? found : undefined;
    } else if (head.startsWith('as ')) {
      // `(source as ConnectableObservable<T>).connect()`: the type cast to (CallSite.receiver).
      current = this.lookup.resolveType(file, head.slice(3));
    } else {
      current = this.localType(file, enclosing, head, line);
      // `loaders[op.type].load()` with `const loaders = { query, mutation }`: the member a computed key picks (OBJECT_OF).
      if (!current && headKey !== undefined) current = this.objectOfNamesAt(file, enclosing, head, line);
      if (!current && headKey === undefined && parts.length > 1) {
        // `core.$ZodType.init()`: a value a namespace import holds, typed where its module declares
        // it; `Option.fromNullable(x).pipe()`: what a function it holds returns (or a class's static).
        current = parts[1]!.endsWith('()')
          ? this.returnOfPath(file, `${head}.${parts[1]!.slice(0, -2)}`)
          : this.localType(file, enclosing, `${head}.${parts[1]}`, line);
        if (current) skip = 2;
        else if (parts.length > 2 && PLAIN_NAME.test(parts[1]!)) {
          // `ns.defaults.store.open()`: a member its module declares for a value a namespace import
          // holds; `util_1.tools.run().go()`: what a function member of such a value returns.
          const third = parts[2]!;
          const path = `${head}.${parts[1]}.${third.endsWith('()') ? third.slice(0, -2) : third}`;
          if (PLAIN_NAME.test(third)) current = this.localType(file, enclosing, path, line);
          else if (third.endsWith('()') && PLAIN_NAME.test(third.slice(0, -2))) current = this.returnOfPath(file, path);
          if (current) skip = 3;
        }
        if (!current && PLAIN_NAME.test(parts[1]!)) {
          // `Holder.instance.ping()`: a static field, typed where its class declares it.
          current = this.staticMember(file, head, parts[1]!);
          if (current) skip = 2;
        }
      }
    }
    current = this.byKey(current, headKey);
    const rest = parts.slice(skip);
    for (let i = 0; i < rest.length; i++) {
      if (!current) return undefined;
      let { name, key } = keyed(rest[i]!);
      const on: Typed = current;
      // `this[PropertySymbol:items].[*]`: a second index, on what the first gave.
      if (name === '') {
        current = this.byKey(on, key);
        continue;
      }
      current = name.endsWith('()') ? this.callResult(on, name.slice(0, -2)) : this.memberType(on, name);
      if (!current && PLAIN_NAME.test(name) && isKeyedValue(on, name)) current = elementOf(on);
      // `this.deps.db`, `deps: { db: Db }`: a member typed by a type literal types its properties
      // as members of their own (typescript-members.ts declareLiteralMemberTypes).
      const next = !current && key === undefined && PLAIN_NAME.test(name) ? rest[i + 1] : undefined;
      if (next !== undefined && PLAIN_NAME.test(keyed(next).name)) {
        ({ name, key } = keyed(next));
        current = this.memberType(on, `${rest[i]}.${name}`);
        i++;
      }
      current = this.byKey(current, key);
    }
    return current;
  }

  /** What indexing a typed value by a path segment's key gives (keyed): an element, or a computed-key member. */
  protected byKey(on: Typed | undefined, key: string | undefined): Typed | undefined {
    if (key === undefined || !on) return on;
    return key === '*' || on.collection ? elementOf(on) : this.memberType(on, `[${key}]`);
  }

  /**
   * The type a local named `self` or `this` declares (a parameter `self: T` or `this: T`, a JSDoc
   * `@this`), before the class around it: Python's `self` declares none.
   */
  receiverDeclared(file: number, receiver: 'self' | 'this', enclosing: number | null, line: number | undefined): Typed | null | undefined {
    if (this.hasLocal(file, receiver) === false) return undefined;
    // A class between the call and a declaration is where `this` is bound again, to its instance.
    const found = this.localDeclaration(file, enclosing, receiver, line, true);
    // null: a function with a `this` of its own (OWN_THIS), where nothing is known of it, or a
    // module object's (LITERAL_THIS), which no type names (literalThisObject).
    if (found?.d.type === OWN_THIS || found?.d.type.startsWith(LITERAL_THIS)) return null;
    return found && this.typed(found.file, found.d);
  }

  /** `this` in a module object's method (LITERAL_THIS): the object's name; undefined elsewhere. */
  literalThisObject(file: number, enclosing: number | null, line: number): string | undefined {
    if (this.hasLocal(file, 'this') === false) return undefined;
    const found = this.localDeclaration(file, enclosing, 'this', line, true);
    return found?.file === file && found.d.type.startsWith(LITERAL_THIS) ? found.d.type.slice(LITERAL_THIS.length) : undefined;
  }

  /**
   * `const { next } = opts; next(op).subscribe()`: what calling the member a local holds returns,
   * as its declaration says (callee), seen on the value it is held from.
   */
  protected heldCallResult(file: number, enclosing: number | null, name: string, line: number | undefined): Typed | undefined {
    const held = this.heldMember(file, enclosing, name, line);
    if (!held?.on) return undefined;
    // heldMember names the member as its owner declares it; callResult adds a literal's prefix itself.
    const member = held.on.prefix === undefined ? held.member : held.member.slice(held.on.prefix.length + 1);
    return this.callResult(held.on, member);
  }

  /** A field of the class `name` holds as a value, read through the class (`static instance = new Foo()`): its declared type. */
  protected staticMember(file: number, name: string, member: string): Typed | undefined {
    if (this.hasLocal(file, name) !== false) return undefined;
    const cls = this.lookup.classValue(file, name);
    return cls && this.memberType(cls, member);
  }

  /** What calling the function a dotted path names through an import or a class gives (`Option.fromNullable`, `Foo.create`). */
  protected returnOfPath(file: number, path: string): Typed | undefined {
    const named = this.functionAt(file, path);
    if (!named) return this.classNamed(file, path);
    const found = this.declaredFor(named.fn, '()');
    return found && { ...found, confidence: Math.min(named.confidence, found.confidence) };
  }

  /**
   * Python `conn = pool.get_conn()` (`pool: Pool`), `m = m.with_maximum(w)`: bound to a call of a
   * method of a value no import or class names, typed by what the method declares it returns. The
   * receiver is read as of the line before the binding, so a name rebound from its own method sees
   * its earlier value, not this binding.
   */
  protected methodCallResult(file: number, d: DeclaredType): Typed | undefined {
    const before: [number, number] | undefined = d.lines && [d.lines[0] - 1, d.lines[1]];
    return this.typedNow(file, { ...d, type: `${d.type}()`, call: false, lines: before });
  }

  /**
   * The class a path names where calling a class constructs it (LanguageTraits.classCalls):
   * Python `Store().put()` and `models.Store().put()`, its instance; `_Store = Store` then
   * `_Store.parse()`, the class, whose members the graph reads as the instance's.
   */
  protected classNamed(file: number, path: string): Typed | undefined {
    if (!languageTraits(this.extractions[file].language)?.classCalls) return undefined;
    const cls = this.lookup.resolveType(file, path);
    return cls && this.extractions[cls.ref.file].definitions[cls.ref.def].kind === 'class' ? cls : undefined;
  }

  /** The function or method a dotted path names through an import or a class (`Effect.runFork`, `Foo.create`). */
  protected functionAt(file: number, path: string): { fn: DefRef; confidence: number } | undefined {
    const named = this.lookup.resolveType(file, path);
    const kind = named && this.extractions[named.ref.file].definitions[named.ref.def].kind;
    if (kind === 'function' || kind === 'method') return { fn: named!.ref, confidence: named!.confidence };
    // `defaults.build()` with `const defaults = { build() {...} }`, here or imported (or through a
    // module object, `util_1.tools.run()`): that member.
    const dot = path.lastIndexOf('.');
    if (named || dot < 0 || path.split('.').length > 3) return undefined;
    const member = this.lookup.objectMember(file, path.slice(0, dot), path.slice(dot + 1));
    return member && { fn: member.ref, confidence: member.confidence };
  }

  /** What calling `name` on a typed value gives: an array method's element or array, else the method's declared return. */
  protected callResult(on: Typed, name: string): Typed | undefined {
    if (maybePrimitiveMember(on, name)) return undefined;
    if (on.collection) {
      if (ELEMENT_RETURNS.has(name)) return { ref: on.ref, confidence: on.confidence };
      return COLLECTION_RETURNS.has(name) ? on : undefined;
    }
    const fn = this.lookup.method(on.ref, memberNameOn(on, name));
    const declared = fn && this.functions.raw(fn, '()');
    // `where(): this`, or a body returning `this`: the checker types the result as the receiver,
    // a subclass's instance where the receiver is one (its overrides are what the next call reaches).
    if (declared?.type === RECEIVER_ITSELF) return on;
    const found = declared && this.typedOn(on, this.functions.ownerOf(fn), declared);
    return found && { ...found, confidence: Math.min(on.confidence, found.confidence) };
  }

  /**
   * What a bare call of a local reaches when the local holds a member of a typed value (`const {
   * parentOf } = f` with `f: FileContext`): that value's type and the member's name. Undefined
   * when the local holds anything else. `on` is undefined where the holder has no declared type:
   * then `holder` is its path as written in this file (`const { errorOrDestroy } = destroyImpl`,
   * a module a require bound, which resolution reads as an import). (A const bound to a member
   * path and called, `const run = this.run; run()`, is a function of its own, found first.)
   */
  heldMember(
    file: number,
    enclosing: number | null,
    name: string,
    line: number | undefined,
  ): { on: Typed | undefined; holder: string | undefined; member: string } | undefined {
    const found = this.localDeclaration(file, enclosing, name, line);
    const path = found && heldPathOf(found.d);
    const dot = path ? path.lastIndexOf('.') : -1;
    if (!found || dot < 0 || path!.endsWith(')')) return undefined;
    const holder = path!.slice(0, dot);
    const on = this.typeAt(found.file, found.d, holder);
    if (on?.collection) return undefined;
    const member = path!.slice(dot + 1);
    // `const { hooks: { use } } = options` with `hooks: { use(): void }` written in the type: the
    // type literal's member, named through its key (typescript-members.ts).
    const owner = on ? undefined : literalMemberOwner(holder, (head) => this.typeAt(found.file, found.d, head));
    if (owner) return { on: owner.on, holder: undefined, member: `${owner.key}.${member}` };
    return { on, holder: found.file === file ? holder : undefined, member: on ? memberNameOn(on, member) : member };
  }

  /**
   * literalMemberOwner, for call resolution: `options.hooks` read in this file's scope as of
   * `line`; a plain name bound to such a path (`const scripts = ssr.hydrationScripts`) read
   * through the path it holds.
   */
  literalMemberOwnerAt(
    file: number,
    enclosing: number | null,
    path: string,
    cls: number | undefined,
    line: number | undefined,
  ): { on: Typed; key: string } | undefined {
    if (path.includes('.')) return literalMemberOwner(path, (head) => this.typeOf(file, enclosing, head, cls, line));
    const found = this.localDeclaration(file, enclosing, path, line);
    const held = found && heldPathOf(found.d);
    return held ? literalMemberOwner(held, (head) => this.typeAt(found!.file, found!.d, head)) : undefined;
  }

  /** A parameter or variable of the enclosing functions, innermost first, then of the module, then what the module imports. */
  protected localType(file: number, enclosing: number | null, name: string, line: number | undefined): Typed | undefined {
    const found = this.localDeclaration(file, enclosing, name, line);
    return found && this.typed(found.file, found.d);
  }

  /** The declaration localType reads, and the file it is in. */
  protected localDeclaration(
    file: number,
    enclosing: number | null,
    name: string,
    line: number | undefined,
    withinClass = false,
  ): { file: number; d: DeclaredType } | undefined {
    const { locals, ranged, names } = this.functions.of(file);
    const defs = this.extractions[file].definitions;
    // A name no function of the file declares needs no walk; others walk MAX_SCOPE_WALK up at most, then the module.
    for (let e: number | null = names.has(name) ? enclosing : null, steps = 0; ; e = ++steps < MAX_SCOPE_WALK ? (defs[e]?.parent ?? null) : null) {
      if (withinClass && e !== null && defs[e]?.kind === 'class') return undefined;
      const key = `${e ?? ''}\0${name}`;
      const scoped = line === undefined ? undefined : innermost(ranged.get(key), line, (d) => this.narrowsNothing(file, d));
      const d = scoped ?? locals.get(key);
      if (d) return { file, d };
      if (e === null) break;
    }
    const origin = this.lookup.importedValue(file, name);
    if (!origin || origin.file === file) return undefined;
    const d = this.functions.of(origin.file).locals.get(`\0${origin.local}`);
    return d && { file: origin.file, d };
  }

  /**
   * `assertValid(x);`, `if (!editorOwnsSelection(view)) return`, `if (ok(x)) {...}`: a call whose
   * callee declares no predicate (`asserts x is T`, `x is T`) narrows nothing, as the checker reads
   * it, and x keeps its outer declaration; one declaring a predicate the graph cannot type (an
   * outside type) still hides it, as the checker's x is then that type.
   */
  private narrowsNothing(file: number, d: DeclaredType): boolean {
    const suffix = d.type.endsWith(GUARD_SUFFIX) ? GUARD_SUFFIX : d.type.endsWith(ASSERTS_SUFFIX) ? ASSERTS_SUFFIX : undefined;
    // `if (!node.isText(node)) return`: finding the callee reads the name this declaration narrows,
    // which asks again here; that inner read takes the declaration as narrowing (no cycle).
    if (!suffix || this.narrowingRead.has(d) || this.typed(file, d)) return false;
    this.narrowingRead.add(d);
    try {
      const target = this.callee(file, d, d.type.slice(0, -suffix.length));
      const fn = target && ('on' in target ? (target.on.collection ? undefined : this.lookup.method(target.on.ref, target.method)) : target.fn);
      return !fn || this.functions.raw(fn, suffix) === undefined;
    } finally {
      this.narrowingRead.delete(d);
    }
  }

  /** The narrowing declarations whose callee narrowsNothing is finding now. */
  private readonly narrowingRead = new Set<DeclaredType>();

  /** The instance a JavaScript constructor function's body makes, where `enclosing` is one. */
  protected constructedHere(file: number, enclosing: number | null): Typed | undefined {
    const ref = enclosing === null ? undefined : { file, def: enclosing };
    return ref && this.lookup.isConstructorFunction(ref) ? { ref, confidence: 1 } : undefined;
  }

  /** A field of a class or of one of its bases (declared-types.ts). */
  protected abstract memberType(on: Typed, name: string): Typed | undefined;
  /** What a function or method declares for its callers under `suffix` (declared-types.ts). */
  protected abstract declaredFor(fn: DefRef, suffix: string): Typed | undefined;
  /** What the path `f`, `a.b`, `x.y().z` calls, where the declaration `d` names it (declared-types.ts). */
  protected abstract callee(
    file: number,
    d: DeclaredType,
    path: string,
  ): ({ fn: DefRef; confidence: number; receiver?: Typed } | { on: Typed; method: string }) | undefined;
  /** The type a path names where the declaration `d` is (declared-types.ts). */
  protected abstract typeAt(file: number, d: DeclaredType, path: string): Typed | undefined;
  /** What a declaration types, a level deeper (declared-types.ts). */
  protected abstract typed(file: number, d: DeclaredType): Typed | undefined;
  /** What a declaration types, at this level (declared-types.ts). */
  protected abstract typedNow(file: number, d: DeclaredType): Typed | undefined;
  /** What `declared`, a declaration of `owner`'s member, types on the value `on` (declared-types.ts). */
  protected abstract typedOn(on: Typed | undefined, owner: DefRef, declared: DeclaredType): Typed | undefined;
  /** A generic class's or interface's type parameter names as declared (declared-types.ts). */
  protected abstract typeParametersOf(owner: DefRef): string | undefined;
  /** A local bound to an object literal of names, as the collection a computed key picks from (declared-types.ts). */
  protected abstract objectOfNamesAt(file: number, enclosing: number | null, name: string, line: number | undefined): Typed | undefined;
}
