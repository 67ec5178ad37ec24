// Collects what one language module finds in a file (in whatever order the query reports it)
// and settles the structure once at the end (extraction-settle.ts): definitions in document
// order, each with the index of its innermost enclosing definition, methods told apart from
// functions by their owner, and every call given its innermost enclosing function or method.
// Doing the nesting there, by comparing ranges, keeps the per-language code to one pass over
// the query matches and no walking up the tree (SPEC §init_workspace: the index is rebuilt on
// every launch, so per-file work stays lean).
import type { Node } from 'web-tree-sitter';
import { DeferredDefinitions } from './deferred-definitions.ts';
import { TypeParameterScopes } from './type-parameters.ts';
import type { DeclaredType, DefinitionKind, FileExtraction, Heritage, ImportRecord, LanguageId, MemberAlias, TypedMember } from '../extract-types.ts';
import {
  FirstTypes,
  linkOwnersByName,
  settleCalls,
  settleDeclaredTypes,
  settleDefinitions,
  settleHeritage,
  type Callback,
  type OwnerScope,
  type RawCall,
  type RawDeclaredType,
  type RawDefinition,
  type RawHeritage,
} from './extraction-settle.ts';

export type { RawDefinition } from './extraction-settle.ts';

/** Parameters holding a class recorded per file: a bound on classHeldAt's scan for a hostile file. */
const MAX_CLASS_PARAMETERS = 256;

export class ExtractionBuilder {
  private readonly defs: RawDefinition[] = [];
  private readonly scopes: OwnerScope[] = [];
  private readonly calls: RawCall[] = [];
  private readonly imports: ImportRecord[] = [];
  /** The local names the imports recorded so far bind. */
  private readonly importedLocals = new Set<string>();
  private readonly exports: { local: string; exported: string }[] = [];
  private readonly exportKeys = new Set<string>();
  private readonly heritage: RawHeritage[] = [];
  private readonly declared: RawDeclaredType[] = [];
  /** Constrained type parameters, read as their constraints where a type names them. */
  readonly typeParameters = new TypeParameterScopes();
  /** Where the functions a doc comment declares a return for start: that return is theirs, not one read from the body. */
  readonly documentedReturns = new Set<number>();
  /** Where the functions whose `this` is declared (a doc comment's `@this`, a module object's methods) start: theirs is that, no `this` of their own. */
  readonly declaredThis = new Set<number>();
  /** Where the declarations a doc comment's `@type` types start: that type is theirs, not one read from the value. */
  readonly documentedTypes = new Set<number>();
  /** Parameters holding a class (`Ctor: typeof Store`), by name: the class and the function's [start, end]. */
  private readonly classParameters = new Map<string, Array<{ cls: string; start: number; end: number }>>();
  private classParameterCount = 0;
  /** Definitions that depend on what the rest of the file holds (deferred-definitions.ts). */
  private readonly deferred = new DeferredDefinitions();
  private readonly typedMembers: TypedMember[] = [];
  private readonly memberAliases: MemberAlias[] = [];
  /** `classBodyStart:name` of the members memberAssignedOnThis recorded. */
  private readonly assignedOnThis = new Set<string>();
  /** Functions passed as arguments that are no definitions: names declared inside one are seen only inside it. */
  private readonly callbacks: Callback[] = [];
  errorNodes = 0;

  constructor(
    readonly file: string,
    readonly language: LanguageId,
    /** The file's text (positions in it are turned into lines only where a callback's scope needs them). */
    private readonly source: string,
  ) {}

  /** Records a definition spanning `node`. */
  define(
    node: Node,
    kind: DefinitionKind,
    name: string,
    opts: { exported?: boolean; bound?: boolean; methodInType?: boolean; parentName?: string } = {},
  ): RawDefinition {
    const def = this.rawDefinition(node, kind, name, opts);
    this.defs.push(def);
    return def;
  }

  /**
   * `const parse = schema.parse`, `const run = a ?? b`: a name whose value the extractor cannot
   * tell is a function. It is a definition (a function bound to the name) only when a bare call
   * or `new` after `seenFrom` (the declarator's end unless told) and before `scopeEnd` names it,
   * which is what the checker resolves such a call to (SPEC §init_workspace: every callable a
   * call reaches is a node).
   */
  bindingIfCalled(node: Node, name: string, scopeEnd: number, seenFrom = node.endIndex, moduleLevel = false, valueless = false): void {
    this.deferred.binding(this.rawDefinition(node, 'function', name, { bound: true }), seenFrom, scopeEnd, moduleLevel, valueless);
  }

  /** `name = (a) => {...}`: a plain assignment gives the name a function (deferred-definitions.ts). */
  assignedFunction(name: string): void {
    this.deferred.assignedFunction(name);
  }

  /**
   * A member typed by a name (`setTimeout: SetTimeoutFunction`, `onError?: Handler<T>`): a method
   * of its owner when this file declares that name a function type (callableType), which is
   * what the checker resolves `provider.setTimeout()` to. Otherwise it is handed on as a
   * TypedMember, for the graph to settle from the file the name comes from.
   */
  memberIfCallableType(node: Node, name: string, typeName: string): void {
    this.deferred.typedMember(this.rawDefinition(node, 'method', name, { methodInType: true, typeName }));
  }

  /**
   * A member of a type written inside `node` with no node of its own (a doc comment's
   * `@typedef {{ error: LogFunction }} Logger`): placed empty at `at`, inside the type defined
   * over `node`, so that type owns it and it holds nothing. Callable outright (`fn: (p) => string`)
   * it is a method; typed by a name, it is one when that name is a function type (memberIfCallableType).
   */
  memberAt(node: Node, at: number, name: string, typeName?: string): void {
    const def = this.rawDefinition(node, 'method', name, { methodInType: true, typeName });
    def.start = def.end = at;
    if (typeName === undefined) this.defs.push(def);
    else this.deferred.typedMember(def);
  }

  /**
   * A class field whose type says nothing of calls (`dehancer: any`, none at all): a method of its
   * class when `this.<name>()` in the class body calls it, which the checker resolves to the field.
   */
  memberIfCalledOnThis(node: Node, name: string, classBody: Node): void {
    this.deferred.thisMember(this.rawDefinition(node, 'method', name, { methodInType: true }), classBody.startIndex, classBody.endIndex);
  }

  /**
   * `this._spawn = spawn` in a method of a class that declares no such member: as
   * memberIfCalledOnThis, with the assignment's lines, placed empty at the class body's start
   * so that it is the class's member, not the method's, and holds none of the method's calls.
   * `held`: a member whether or not the class calls it (a JavaScript function so assigned).
   */
  memberAssignedOnThis(assignment: Node, name: string, classBody: Node, held = false): void {
    // Assigned again elsewhere in the class: the first assignment is the declaration.
    const key = `${classBody.startIndex}:${name}`;
    if (this.assignedOnThis.has(key)) return;
    this.assignedOnThis.add(key);
    const def = this.rawDefinition(assignment, 'method', name, { methodInType: true });
    def.start = def.end = classBody.startIndex;
    if (held) this.defs.push(def);
    else this.deferred.thisMember(def, classBody.startIndex, classBody.endIndex);
  }

  /**
   * `import type { Store }`, `import { type Store }`: a name that brings no value, so a local
   * binding of the same name is what a bare call or `new` in its scope reaches.
   */
  typeOnlyImport(local: string): void {
    this.deferred.typeOnlyImport(local);
  }

  /** `const api = { run }` at the module level: `api.run` is the file's name `run` (MemberAlias). */
  memberAlias(owner: string, name: string, target: string): void {
    this.memberAliases.push({ owner, name, target });
  }

  /** `type Serialize = (v: unknown) => string`, `interface Fn { (x: X): Y }`: a name this file declares as a function type. */
  callableType(name: string): void {
    this.deferred.callableType(name);
  }

  private rawDefinition(
    node: Node,
    kind: DefinitionKind,
    name: string,
    opts: { exported?: boolean; bound?: boolean; methodInType?: boolean; parentName?: string; typeName?: string },
  ): RawDefinition {
    // Every field always present: one object shape, so the settle passes stay monomorphic
    // (optional fields added later gave V8 four shapes and a deopt per lane).
    const def: RawDefinition = {
      kind,
      name,
      start: node.startIndex,
      end: node.endIndex,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      exported: opts.exported ?? false,
      bound: opts.bound === true,
      methodInType: opts.methodInType === true,
      parentName: opts.parentName,
      index: undefined,
      typeName: opts.typeName,
    };
    return def;
  }

  /**
   * `make(Ctor: typeof Store) { const s = new Ctor() }`: within the function, a type naming the
   * parameter (what constructing it gives, constructedType) is the class it holds.
   */
  classParameter(name: string, cls: string, fn: Node): void {
    if (this.classParameterCount >= MAX_CLASS_PARAMETERS) return;
    this.classParameterCount++;
    const held = { cls, start: fn.startIndex, end: fn.endIndex };
    const named = this.classParameters.get(name);
    if (named) named.push(held);
    else this.classParameters.set(name, [held]);
  }

  /**
   * The class a type names where it is a parameter holding one (classParameter), the innermost
   * such; read for every declared type, so a type no such parameter is named costs one lookup.
   */
  private classHeldAt(type: string, at: number): string | undefined {
    let held: { cls: string; start: number } | undefined;
    for (const p of this.classParameters.get(type) ?? []) if (p.start <= at && at < p.end && (!held || p.start >= held.start)) held = p;
    return held?.cls;
  }

  /** A block whose functions are methods of `ownerName` (Rust impl). */
  ownerScope(node: Node, ownerName: string): void {
    this.scopes.push({ start: node.startIndex, end: node.endIndex, ownerName });
  }

  /**
   * `at` is the node whose position stands for the call (its callee name, for chained calls).
   * `boundInScope`: a bare callee a parameter or a local binds (CallSite.boundInScope).
   */
  call(callee: string, receiver: string | undefined, at: Node, isNew = false, boundInScope = false): void {
    const raw: RawCall = { callee, receiver, isNew, line: at.startPosition.row + 1, start: at.startIndex };
    if (boundInScope) raw.boundInScope = true;
    this.calls.push(raw);
  }

  /**
   * A function passed as an argument (`xs.map((x) => ...)`) spanning `start`-`end`: locals
   * typed inside it, its parameters included, are seen inside it only. Its lines are counted
   * only when a local is.
   */
  callbackScope(start: number, end: number): void {
    this.callbacks.push({ start, end, lines: undefined });
  }

  private lineStarts: number[] | undefined;

  /** The 1-based line of a position in the source (extraction-settle.ts LineAt). */
  lineAt(index: number): number {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = this.source.indexOf('\n'); i !== -1; i = this.source.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /**
   * A name typed where it is bound (`at` places it: a member belongs to the class around it, a
   * local to the function around it). `within`: the node whose lines it is seen in, when not
   * those of the function around it or of a callback it is declared in (a for-of loop's element).
   */
  declareType(kind: DeclaredType['kind'], name: string, type: string, at: Node, call = false, start = at.startIndex, within?: Node | [number, number]): void {
    type = this.classHeldAt(type, start) ?? type;
    const lines: [number, number] | undefined = Array.isArray(within)
      ? within
      : within
        ? [within.startPosition.row + 1, within.endPosition.row + 1]
        : undefined;
    const read = this.typeParameters.resolve(type, start);
    this.declared.push({ kind, name, type: read, call, start, lines, parameter: read === type ? undefined : type });
  }

  addImport(record: ImportRecord): void {
    this.imports.push(record);
    for (const { local } of record.bindings) this.importedLocals.add(local);
  }

  /** The source of the module an import recorded so far binds `local` to as a whole (`import * as m`, `const m = require('./m')`). */
  moduleImportedAs(local: string): { kind: ImportRecord['kind']; source: string } | undefined {
    const found = this.importOf(local, '*');
    return found && { kind: found.kind, source: found.source };
  }

  /**
   * The first import recorded so far (not a re-export) that binds `local`, with the name it
   * imports; given `imported`, the first that binds `local` to that name.
   */
  importOf(local: string, imported?: string): { kind: ImportRecord['kind']; source: string; imported: string } | undefined {
    if (!this.importedLocals.has(local)) return undefined;
    for (const record of this.imports) {
      if (record.kind === 'reexport') continue;
      const binding = record.bindings.find((x) => x.local === local && (imported === undefined || x.imported === imported));
      if (binding) return { kind: record.kind, source: record.source, imported: binding.imported };
    }
    return undefined;
  }

  /** Whether an import recorded so far binds `name` (imports come first in a module; one later is not seen). */
  importsLocal(name: string): boolean {
    return this.importedLocals.has(name);
  }

  addExport(local: string, exported: string): void {
    const key = `${local}\u0000${exported}`;
    if (this.exportKeys.has(key)) return;
    this.exportKeys.add(key);
    this.exports.push({ local, exported });
  }

  /** `child` by name when the relation is declared apart from the type (Rust `impl Trait for Type`). */
  inherits(child: RawDefinition | string, parent: string, kind: Heritage['kind'], args?: string[]): void {
    this.heritage.push(args ? { child, parent, kind, args } : { child, parent, kind });
  }

  finish(): FileExtraction {
    let handedOn = 0;
    for (const def of this.deferred.settle(this.calls, this.imports, this.exports)) {
      this.defs.push(def);
      if (def.typeName !== undefined) handedOn++;
    }
    const definitions = settleDefinitions(this.defs, this.scopes, this.exports, this.typedMembers);
    const types = new FirstTypes(definitions);
    linkOwnersByName(definitions, types);
    // The typed members handed on (a TypedMember, or none with no type around them) own no calls and no names.
    if (handedOn > 0) {
      let kept = 0;
      for (const d of this.defs) if (d.typeName === undefined) this.defs[kept++] = d;
      this.defs.length = kept;
    }
    const result: FileExtraction = {
      file: this.file,
      language: this.language,
      definitions,
      imports: this.imports.sort((a, b) => a.line - b.line),
      exports: this.exports,
      calls: settleCalls(this.calls, this.defs),
      heritage: settleHeritage(this.heritage, types),
    };
    if (this.declared.length > 0) result.declaredTypes = settleDeclaredTypes(this.declared, this.defs, this.callbacks, this);
    if (this.typedMembers.length > 0) result.typedMembers = this.typedMembers;
    const callableTypes = this.deferred.callableTypeNames();
    if (callableTypes.length > 0) result.callableTypes = callableTypes;
    if (this.memberAliases.length > 0) result.memberAliases = this.memberAliases;
    if (this.errorNodes > 0) result.errorNodes = this.errorNodes;
    return result;
  }
}
