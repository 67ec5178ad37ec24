// How one call site resolves (SPEC §init_workspace; build-graph.ts assembles the graph from
// the answers): `this`/`self`/`super` to the enclosing class and its bases, a receiver whose
// type is declared to that type's method (declared-types.ts), a module-level object's member,
// a dotted path through imports, a bare name to a nested function, the file's own definition
// or an import. A call no rule proves makes no edge; whether one or two same-named definitions
// in the files it imports could be meant is kept apart ('fallback'). Every lookup here is
// indexed or memoized per file, so the cost of a call is its own, not its file's.
import { EXPORTS_OBJECT, ownExportPath, type CallSite, type FileExtraction } from './extract-types.ts';
import { CONFIDENCE, type CallOutcome } from './graph-types.ts';
import type { DefRef, Meaning, SymbolTable } from './symbol-table.ts';
import { languageTraits } from './extract/languages/registry.ts';
import { DeclaredTypes } from './declared-types.ts';
import { DefinitionQueries, refKey } from './definition-queries.ts';
import { maybePrimitiveMember, memberNameOn, type Typed } from './declared-type-forms.ts';
import { ScriptGlobals } from './script-globals.ts';

export interface Target {
  ref: DefRef;
  confidence: number;
}

export type Resolved = { outcome: CallOutcome; targets: Target[] };

const MAX_FALLBACK_CANDIDATES = 2;
/** Modules exported whole by another (`module.exports = require('./base')`) followed from a call. */
const MAX_MODULE_LINKS = 4;
// Shared answers with no targets, frozen so no caller can add one to every later call.
export const UNRESOLVED: Resolved = Object.freeze({ outcome: 'unresolved', targets: Object.freeze([]) }) as never;
const UNPROVEN: Resolved = Object.freeze({ outcome: 'fallback', targets: Object.freeze([]) }) as never;
const EXTERNAL: Resolved = Object.freeze({ outcome: 'external', targets: Object.freeze([]) }) as never;
const CALLABLE = new Set(['function', 'method', 'class', 'struct']);

export class CallResolver {
  readonly declared: DeclaredTypes;
  readonly defs: DefinitionQueries;
  private readonly fallbackMemo = new Map<string, Resolved>();
  private readonly scriptGlobals: ScriptGlobals;

  constructor(
    private readonly extractions: FileExtraction[],
    private readonly table: SymbolTable,
    /** Per class (file:def key): resolved base classes, filled by the heritage pass. */
    private readonly bases: Map<string, DefRef[]>,
    /** Bare-callable top-level definitions across the workspace, by name (fallback). */
    private readonly callableByName: Map<string, DefRef[]>,
    /** Methods across the workspace, by name (fallback). */
    private readonly methodByName: Map<string, DefRef[]>,
  ) {
    this.defs = new DefinitionQueries(extractions, table, bases);
    this.scriptGlobals = new ScriptGlobals(extractions);
    this.declared = new DeclaredTypes(extractions, {
      resolveType: (file, written) => this.resolveTypeName(file, written),
      isClassLike: (ref) => this.table.isClassLike(ref),
      isConstructorFunction: (ref) => this.defs.isConstructorFunction(ref),
      classValue: (file, name) => {
        const meaning = this.calledModule(this.table.resolveLocal(file, name));
        if (meaning?.kind !== 'def' || this.extractions[meaning.ref.file]!.definitions[meaning.ref.def]?.kind !== 'class') return undefined;
        return { ref: meaning.ref, confidence: meaning.ref.file === file ? CONFIDENCE.sameFile : meaning.confidence };
      },
      basesOf: (ref) => this.bases.get(refKey(ref)) ?? [],
      extendedClass: (ref) => this.defs.extendedClass(ref),
      callable: (file, name) => {
        // `const parse = require('./parse')`: the module's default export is what the name calls.
        const meaning = this.calledModule(this.table.resolveLocal(file, name));
        return meaning?.kind === 'def' ? meaning.ref : undefined;
      },
      method: (cls, name) => this.defs.findMethod(cls, name, false)?.ref,
      enclosingClass: (file, def) => this.defs.enclosingClass(this.extractions[file], def),
      importedValue: (file, name) => this.table.typedValueOrigin(file, name),
      objectMember: (file, object, member) => {
        const ref = this.table.objectMember(file, object, member);
        return ref && { ref, confidence: ref.file === file ? CONFIDENCE.sameFile : this.table.kinds(file).importResolved };
      },
    });
    this.defs.spreadsOf = (fn) => this.declared.returnedSpreads(fn).map((typed) => typed.ref);
  }

  /** A type name as written (`extends X`, `o: pkg.X`, `X()`): same file, then imports; never a by-name guess. */
  resolveTypeName(f: number, written: string): Target | undefined {
    const name = written.replace(/<.*$/s, '').trim();
    // `const C = require('./c'); new C()`: the module's default export (`module.exports = C`), as a bare call reads it.
    const meaning = this.calledModule(name.includes('.') ? this.resolveDotted(f, name, true) : this.aliasedImport(f, name));
    if (meaning?.kind !== 'def') {
      // A script's name for another script's global class (script-globals.ts): `new Dictionary()`, `extends Base`.
      const global = meaning || name.includes('.') ? undefined : this.scriptGlobals.reach(f, name);
      return global && { ref: global, confidence: this.table.kinds(f).importUnlisted };
    }
    const ref = this.table.typeBeside(meaning.ref) ?? meaning.ref;
    return { ref, confidence: ref.file === f ? CONFIDENCE.sameFile : meaning.confidence };
  }

  /**
   * What a name written as a type means at a file's top. `var Stream = transport.Stream` both binds
   * the import of that name (typescript-declarators.ts importedMember) and, called bare, is a
   * function of this file, which the checker names for the call itself; as a type (`new Stream()`'s
   * instance), it is what the import holds, as the checker follows the alias.
   */
  private aliasedImport(f: number, name: string): Meaning | undefined {
    const meaning = this.table.resolveLocal(f, name);
    if (meaning?.kind !== 'def' || meaning.ref.file !== f || !this.extractions[f]!.definitions[meaning.ref.def]!.bound) return meaning;
    const binding = this.table.bindings(f).get(name);
    return (binding && this.table.follow(binding)) ?? meaning;
  }

  /**
   * What calling a meaning reaches: a module object (`require('./m')`, `import * as m`) is its
   * default export, and one that exports another module whole (`module.exports = require('./base')`,
   * or a name bound so) is that module's, a few links deep.
   */
  private calledModule(meaning: Meaning | undefined): Meaning | undefined {
    for (let i = 0; i < MAX_MODULE_LINKS && meaning?.kind === 'namespace'; i++) meaning = this.table.resolveExport(meaning.file, 'default');
    return meaning;
  }

  /**
   * `a.b.c` where `a` (or `a.b`, a Python `import a.b`) is bound by an import. Only heads as long
   * as the file's longest bound name are tried: a chain of thousands of segments costs one pass
   * along it, not one join per segment. In a type name (`typeName`), a name inside the path that
   * is no component is a TypeScript namespace; in a value's path it may be any value.
   */
  private resolveDotted(f: number, dotted: string, typeName = false, enclosing?: number | null): Meaning | undefined {
    const parts = dotted.split('.');
    for (let cut = Math.min(parts.length - 1, this.table.bindingDepth(f)); cut >= 1; cut--) {
      const head = parts.slice(0, cut).join('.');
      // Read from a call (`enclosing` given): a function's own import of the head first (LanguageTraits.functionImports).
      const own = enclosing === undefined ? undefined : this.table.functionBinding(f, enclosing, head);
      const binding = own ?? this.table.bindings(f).get(head);
      let meaning: Meaning | undefined = binding ? this.table.follow(binding) : cut === 1 ? this.table.resolveLocal(f, head) : undefined;
      if (!meaning && binding?.kind === 'symbol') {
        // An exported name that is no component (a TypeScript namespace, an object of
        // functions): its members are the module's own top-level exports, taken as unlisted.
        meaning = { kind: 'namespace', file: binding.file, confidence: this.table.kinds(binding.file).importUnlisted };
      }
      if (!meaning) continue;
      let floor = meaning.kind === 'external' ? 1 : meaning.confidence;
      for (let i = cut; i < parts.length; i++) {
        const part = parts[i];
        if (meaning.kind === 'namespace') {
          const file: number = meaning.file;
          meaning = this.moduleMember(file, part);
          // `transport.protocol.base.utils`: a member of an object the module exports, exported
          // under its path (`protocol.base`, typescript-loads.ts exportedMember).
          const path = !meaning && i < parts.length - 1 ? `${part}.${parts[i + 1]}` : undefined;
          if (path && this.table.reexportsPath(file, path)) {
            meaning = this.table.resolveExport(file, path);
            if (meaning) i++;
          }
          // `reducer: RequestBlock.RequestBlock.Reducer<Z>` with `import * as RequestBlock`: a name
          // inside a type's path that is no component (a TypeScript namespace) holds the module's
          // own declarations, as an imported one does above.
          if (!meaning && typeName && i < parts.length - 1) meaning = { kind: 'namespace', file, confidence: this.table.kinds(file).importUnlisted };
        } else if (meaning?.kind === 'def' && (typeName || this.table.isClassLike(meaning.ref) || this.defs.isConstructorFunction(meaning.ref))) {
          const owner = meaning.ref;
          // A JavaScript constructor function's members too (`ArraySet.fromArray = function () {}`), as a class's statics.
          const method = this.table.isClassLike(owner) || this.defs.isConstructorFunction(owner) ? this.defs.findMethod(owner, part, false) : undefined;
          // `RequestBlock.RequestBlock.Reducer`: a type merged with a namespace of its name (`type
          // RequestBlock = ...` beside `declare namespace RequestBlock`) holds the namespace's declarations.
          const merged =
            !method && typeName && this.extractions[owner.file].definitions[owner.def].parent === null ? this.table.resolveExport(owner.file, part) : undefined;
          if (method) meaning = { kind: 'def', ref: method.ref, confidence: meaning.confidence };
          else if (merged?.kind === 'def') meaning = { ...merged, confidence: Math.min(meaning.confidence, this.table.kinds(owner.file).importUnlisted) };
          else meaning = undefined;
        } else return meaning?.kind === 'external' ? meaning : undefined;
        if (!meaning) return undefined;
        if (meaning.kind !== 'external') floor = Math.min(floor, meaning.confidence);
      }
      return meaning.kind === 'external' ? meaning : { ...meaning, confidence: floor };
    }
    return undefined;
  }

  /**
   * `m.part` on a module: what it exports as `part`, else a member of what it exports as a whole
   * (memberOfDefault). A module assigning one value to `module.exports` (`module.exports = bus`)
   * has no other exports: a top-level name it does not list (read at the unlisted confidence) is no
   * member of that value, which the checker reads (`bus.emit()` is the instance's class's `emit`).
   */
  private moduleMember(file: number, part: string): Meaning | undefined {
    const exported = this.table.resolveExport(file, part);
    const unlisted = exported?.kind === 'def' && exported.confidence < this.table.kinds(file).importResolved && this.table.exportsWhole(file);
    return (unlisted ? undefined : exported) ?? this.memberOfDefault(file, part);
  }

  /**
   * `const Duplex = require('./duplex'); Duplex.from(x)`, with `module.exports = Duplex` and
   * `Duplex.from = function () {}` there: a name the module does not export is read on what it
   * exports as a whole, as the checker reads a CommonJS module object.
   */
  private memberOfDefault(file: number, name: string): Meaning | undefined {
    const whole = this.table.resolveExport(file, 'default');
    if (whole?.kind !== 'def') {
      // `module.exports = cli` with `const cli = { run() {} }`: a member of the exported object.
      const member = whole === undefined ? this.table.defaultObjectMember(file, name) : undefined;
      return member && { kind: 'def', ref: member, confidence: this.table.kinds(file).importResolved };
    }
    const member = this.defs.findMethod(whole.ref, name, false)?.ref;
    // `SetOptionError.Inner = Inner` at the module's top: the definition the static names.
    const held = member ?? this.table.memberAlias(whole.ref.file, this.extractions[whole.ref.file]!.definitions[whole.ref.def]!.name, name);
    return held && { kind: 'def', ref: held, confidence: whole.confidence };
  }

  /**
   * A call lands on a function, method or class; a name that resolved to an interface, type
   * alias or enum is a value the graph does not model (a const of the same name).
   */
  callableOnly(resolved: Resolved): Resolved {
    const isCallable = (t: Target) => CALLABLE.has(this.extractions[t.ref.file].definitions[t.ref.def].kind);
    if (resolved.targets.every(isCallable)) return resolved; // the common case: nothing to copy
    const callable = resolved.targets.filter(isCallable);
    return callable.length > 0 ? { ...resolved, targets: callable } : UNRESOLVED;
  }

  /** `api.get()` on an object literal a function of this file (or its type) writes in place: that literal's member. */
  private localMember(ext: FileExtraction, f: number, call: CallSite, imported: boolean): Resolved | undefined {
    const local = imported || call.receiver!.includes('.') ? undefined : this.defs.localObjectMember(ext, call);
    return local === undefined ? undefined : { outcome: 'same_file', targets: [{ ref: { file: f, def: local }, confidence: CONFIDENCE.sameFile }] };
  }

  /**
   * `api.get()` on a module-level object literal, here or imported: its member `get`, if it has one;
   * `this.get()` in `module.exports = {...}` (EXPORTS_OBJECT): what the module exports as `get`.
   */
  private objectMemberCall(f: number, object: string, member: string): Resolved | undefined {
    // `exports.clone()` in the module assigning `exports.clone = clone`, clone a load: what the load holds.
    const exported = object === EXPORTS_OBJECT || object === 'exports' ? this.calledModule(this.table.resolveExport(f, member)) : undefined;
    const ref = exported ? (exported.kind === 'def' ? exported.ref : undefined) : this.table.objectMember(f, object, member);
    if (!ref) return undefined;
    const same = ref.file === f;
    return { outcome: same ? 'same_file' : 'import', targets: [{ ref, confidence: same ? CONFIDENCE.sameFile : this.table.kinds(f).importResolved }] };
  }

  resolveCall(ext: FileExtraction, f: number, call: CallSite): Resolved {
    const receiver = call.receiver;
    if (receiver === undefined) return this.resolveBareCall(ext, f, call);
    // A `self` or `this` with a declared type of its own (`(self: Fiber<A>) => self.id()`, a
    // method's `this: Mixed` parameter) is that type's, not the class's around it.
    const ownSelf = receiver === 'self' || receiver === 'this' ? this.declared.receiverDeclared(f, receiver, call.enclosing, call.line) : undefined;
    // A function with a `this` of its own inside a class (OWN_THIS) sees nothing of the class's;
    // a module object's method sees the object's members (`this.log()` in `const server = {...}`).
    if (ownSelf === null) {
      const object = receiver === 'this' ? this.declared.literalThisObject(f, call.enclosing, call.line) : undefined;
      return (object ? this.objectMemberCall(f, object, call.callee) : undefined) ?? UNRESOLVED;
    }
    const cls = !ownSelf && (receiver === 'this' || receiver === 'self' || receiver === 'super') ? this.defs.classOfCall(ext, call) : undefined;
    // `this.m()` outside a class is typed only by a `this: T` parameter (declared types, below).
    if (cls === undefined && !ownSelf && (receiver === 'self' || receiver === 'super')) return UNRESOLVED;
    if (cls !== undefined) {
      const found = this.defs.findMethod({ file: f, def: cls }, call.callee, receiver === 'super');
      if (receiver === 'super' && call.callee === 'constructor') {
        // `super(...)` with no constructor declared on the base itself (one further up or none): the
        // call constructs the base class, as `new Base()` of such a class does, and as the checker names it.
        const base = this.defs.extendedClass({ file: f, def: cls });
        const own = found && base && this.defs.findMethod(base, 'constructor', false);
        if (base && (!found || own?.viaBase))
          return { outcome: 'base_class', targets: [{ ref: base, confidence: base.file === f ? CONFIDENCE.sameFile : this.table.kinds(f).baseClass }] };
      }
      if (!found) return UNRESOLVED;
      return {
        outcome: found.viaBase ? 'base_class' : 'own_class',
        targets: [{ ref: found.ref, confidence: found.viaBase ? this.table.kinds(f).baseClass : CONFIDENCE.ownClass }],
      };
    }
    // Python `def f(): from . import store as s` then `s.put()`: the module f imports, read as a dotted path below.
    const imported = this.table.functionBinding(f, call.enclosing, receiver.split('.')[0]!) !== undefined;
    const typed = ownSelf ?? (imported ? undefined : this.declared.typeOf(f, call.enclosing, receiver, this.defs.classOfCall(ext, call), call.line));
    // A method of an array or set (`xs.map(...)`): the language's, not the workspace's.
    if (typed?.collection) return EXTERNAL;
    if (typed) {
      // `key.toString()` with `key: string | BindingKey`: maybe the string's.
      if (maybePrimitiveMember(typed, call.callee)) return UNRESOLVED;
      const found = this.defs.findMethod(typed.ref, memberNameOn(typed, call.callee), false);
      if (found) return this.declaredTarget(f, found.ref, typed);
      // `planner.toResult()` where the factory returns `{ toResult: processor.toResult }`: the member it holds.
      const held = this.declared.returnedHeldMember(typed.ref, call.callee);
      const member = held && this.defs.findMethod(held.on.ref, held.member, false);
      if (held && member) return this.declaredTarget(f, member.ref, { ...held.on, confidence: Math.min(typed.confidence, held.on.confidence) });
      // `mwApi: SubMiddlewareApi & { next(): unknown }`, typed by the named part: a member only the
      // part written in place declares is the method it defines here, where the checker finds it.
      return (receiver === 'this' ? undefined : this.localMember(ext, f, call, imported)) ?? UNRESOLVED;
    }
    // `options.hooks.use()` with `hooks: { use(): void }` written in options's type: that member.
    const owner = imported ? undefined : this.declared.literalMemberOwnerAt(f, call.enclosing, receiver, this.defs.classOfCall(ext, call), call.line);
    const nested = owner && this.defs.findMethod(owner.on.ref, `${owner.key}.${call.callee}`, false);
    if (nested) return this.declaredTarget(f, nested.ref, owner!.on);
    if (receiver === 'this') return UNRESOLVED;
    const local = this.localMember(ext, f, call, imported);
    if (local) return local;
    // `function f(lib) { lib.parse() }`: the parameter's value, whatever the module binds as `lib` (CallSite.boundInScope).
    if (call.boundInScope) return UNRESOLVED;
    // `api.get()` on a module-level object literal (`const api = { get() {} }`), here or imported,
    // or through a module object (`util_1.api.get()` with `exports.api = {...}`).
    // `exports.array.flatten()` where the module assigns `exports.array.flatten = ...`: a member of
    // its own export `array` (typescript-assignments.ts), read as `array.flatten()` is.
    const object = ownExportPath(receiver) ?? receiver;
    const member = imported || object.indexOf('.') !== object.lastIndexOf('.') ? undefined : this.objectMemberCall(f, object, call.callee);
    if (member) return member;
    const dotted = this.resolveDotted(f, `${receiver}.${call.callee}`, false, call.enclosing);
    // `semver.valid()` where the module exports `{ valid }` and `valid` is itself `require('./valid')`,
    // or a module another exports as a member (`new curve.short()` with `curve.short =
    // require('./short')`): the called module object is its default export, as a bare call reads it.
    const meaning = this.calledModule(dotted) ?? dotted;
    if (meaning?.kind === 'external') return EXTERNAL;
    if (meaning?.kind === 'def') {
      const same = meaning.ref.file === f;
      return { outcome: same ? 'same_file' : 'import', targets: [{ ref: meaning.ref, confidence: same ? CONFIDENCE.sameFile : meaning.confidence }] };
    }
    const head = receiver.split('.')[0];
    if (this.table.bindings(f).get(head)?.kind === 'external' || this.table.bindings(f).get(receiver)?.kind === 'external') {
      return EXTERNAL;
    }
    if (meaning || this.table.resolveLocal(f, head)) return UNRESOLVED;
    return this.fallback(this.methodByName, call.callee, f);
  }

  /** A call reaching `ref` through a value typed `on`: certain in its own file, else as sure as the path to the type and the language's declared-type kind. */
  private declaredTarget(f: number, ref: DefRef, on: Typed): Resolved {
    const same = ref.file === f;
    return { outcome: 'declared_type', targets: [{ ref, confidence: same ? CONFIDENCE.sameFile : Math.min(on.confidence, this.table.kinds(f).declaredType) }] };
  }

  /**
   * What a name a scope inside the file binds may still be read as: a definition of this file
   * that a binding made (`var startsWith = ''.startsWith ? function () {} : function () {}` in a
   * closure around a whole file, typescript-declarators.ts), which may be that very binding;
   * never an import, nor a function or class the file declares at its top.
   */
  private boundLocal(ext: FileExtraction, f: number, name: string): Meaning | undefined {
    const meaning = this.table.resolveLocal(f, name);
    return meaning?.kind === 'def' && meaning.ref.file === f && ext.definitions[meaning.ref.def]?.bound ? meaning : undefined;
  }

  private resolveBareCall(ext: FileExtraction, f: number, call: CallSite): Resolved {
    const nested = this.defs.nestedInScope(ext, call);
    if (nested !== undefined) return { outcome: 'same_file', targets: [{ ref: { file: f, def: nested }, confidence: CONFIDENCE.sameFile }] };
    // Python `def f(): from .a import helper`: in f, helper is that import's (LanguageTraits.functionImports).
    const own = this.table.functionBinding(f, call.enclosing, call.callee);
    // `function build(pretty) { pretty() }`: a parameter or a local holds what is called, not the module's name (CallSite.boundInScope).
    const meaning = own ? this.table.follow(own) : call.boundInScope ? this.boundLocal(ext, f, call.callee) : this.table.resolveLocal(f, call.callee);
    if (meaning?.kind === 'def') {
      const same = meaning.ref.file === f;
      return { outcome: same ? 'same_file' : 'import', targets: [{ ref: meaning.ref, confidence: same ? CONFIDENCE.sameFile : meaning.confidence }] };
    }
    if (meaning?.kind === 'namespace') {
      // `const m = require('./m'); m()`: the module's default export, when it has one; so too for a
      // module another exports as a member (`const { isObject } = require('./utils')` with
      // `module.exports = { isObject: require('./is-object') }`).
      const def = this.calledModule(meaning);
      if (def?.kind === 'def') return { outcome: 'import', targets: [{ ref: def.ref, confidence: def.confidence }] };
      return UNRESOLVED;
    }
    if (meaning?.kind === 'external') return EXTERNAL;
    // `const { parentOf } = f; parentOf(node)`: the member of f's declared type the local holds.
    const held = meaning || !languageTraits(ext.language)?.heldMemberCalls ? undefined : this.declared.heldMember(f, call.enclosing, call.callee, call.line);
    const member = held?.on && !call.isNew ? this.defs.findMethod(held.on.ref, held.member, false) : undefined;
    if (member) return this.declaredTarget(f, member.ref, held!.on!);
    // `const destroyImpl = require('./destroy'); const { errorOrDestroy } = destroyImpl`: a module's export, as `destroyImpl.errorOrDestroy()` is.
    const holder = held && !held.on && held.holder !== undefined && !held.holder.includes('.') ? this.table.bindings(f).get(held.holder) : undefined;
    const exported = holder && this.table.follow(holder)?.kind === 'namespace' ? this.resolveDotted(f, `${held!.holder}.${held!.member}`) : undefined;
    if (exported?.kind === 'def') return { outcome: 'import', targets: [{ ref: exported.ref, confidence: exported.confidence }] };
    if (call.boundInScope) return UNRESOLVED;
    if (!call.isNew && languageTraits(ext.language)?.implicitReceiver) {
      // A bare call inside a class is a call on `this` (Java).
      const cls = this.defs.enclosingClass(ext, call.enclosing);
      const found = cls === undefined ? undefined : this.defs.findMethod({ file: f, def: cls }, call.callee, false);
      if (found)
        return {
          outcome: found.viaBase ? 'base_class' : 'own_class',
          targets: [{ ref: found.ref, confidence: found.viaBase ? this.table.kinds(f).baseClass : CONFIDENCE.ownClass }],
        };
    }
    if (this.table.bindings(f).has(call.callee)) return UNRESOLVED;
    if (languageTraits(ext.language)?.builtins?.has(call.callee)) return EXTERNAL;
    // A script's call of another script's global (script-globals.ts): a top-level definition no module lists as an export.
    const global = this.scriptGlobals.reach(f, call.callee);
    if (global) return { outcome: 'import', targets: [{ ref: global, confidence: this.table.kinds(f).importUnlisted }] };
    return this.fallback(this.callableByName, call.callee, f);
  }

  /**
   * A call no rule proved, told apart by whether one or two definitions in the files this file
   * imports carry its name ('fallback'). Either way it makes no edge: eval:calls measured such
   * by-name guesses at 0.0-0.5 precise on most corpora, and an edge must be earned.
   */
  private fallback(index: Map<string, DefRef[]>, name: string, f: number): Resolved {
    // The same name from the same file is answered once: a file of thousands of calls to one name would read its definitions each time.
    const key = `${f}\0${index === this.methodByName ? 'm' : 'f'}\0${name}`;
    let answer = this.fallbackMemo.get(key);
    if (!answer) {
      const reachable = this.defs.importedFiles(f);
      let candidates = 0;
      for (const r of index.get(name) ?? []) if (r.file !== f && reachable.has(r.file)) candidates++;
      answer = candidates === 0 || candidates > MAX_FALLBACK_CANDIDATES ? UNRESOLVED : UNPROVEN;
      this.fallbackMemo.set(key, answer);
    }
    return answer;
  }
}
