// Collects what one language module finds in a file (in whatever order the query reports it)
// and settles the structure once at the end: definitions in document order, each with the
// index of its innermost enclosing definition, methods told apart from functions by their
// owner, and every call given its innermost enclosing function or method. Doing the nesting
// here, by comparing ranges, keeps the per-language code to one pass over the query matches
// and no walking up the tree (SPEC §init_workspace: the index is rebuilt on every launch, so
// per-file work stays lean).
import type { Node } from 'web-tree-sitter';
import { DeferredDefinitions } from './deferred-definitions.ts';
import { TypeParameterScopes } from './type-parameters.ts';
import type {
  CallSite,
  DeclaredType,
  Definition,
  DefinitionKind,
  FileExtraction,
  Heritage,
  ImportRecord,
  LanguageId,
  MemberAlias,
  TypedMember,
} from '../extract-types.ts';

export interface RawDefinition {
  kind: DefinitionKind;
  name: string;
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  exported: boolean;
  bound: boolean;
  /** A function whose innermost owner is a type (class, struct, trait, impl) becomes a method. */
  methodInType: boolean;
  /** The owning type's name when it is not lexically enclosing (Go receiver, Rust impl). */
  parentName: string | undefined;
  /** Set by finish(): the index in the definitions list. */
  index: number | undefined;
  /** A member whose callability its type's name decides (memberIfCallableType) until the file settles it. */
  typeName: string | undefined;
}

/** A range that owns methods without being a definition itself (a Rust `impl` block). */
interface OwnerScope {
  start: number;
  end: number;
  ownerName: string;
}

interface RawCall {
  callee: string;
  receiver: string | undefined;
  isNew: boolean;
  line: number;
  start: number;
}

interface RawDeclaredType {
  kind: DeclaredType['kind'];
  name: string;
  type: string;
  call: boolean;
  start: number;
  /** The lines of the function whose parameter this is, when only calls inside it see the name. */
  lines: [number, number] | undefined;
}

interface RawHeritage {
  child: RawDefinition | string;
  parent: string;
  kind: Heritage['kind'];
  args?: string[];
}

/** Document order, an enclosing range before the ranges it contains. Module level: a closure
 * made per call costs a keepNames `__name` call per file in the bundle. */
function byStart(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return a.start - b.start || b.end - a.end;
}

/** A function passed as an argument (callbackScope). */
interface Callback {
  start: number;
  end: number;
  lines: [number, number] | undefined;
}

const TYPE_KINDS: ReadonlySet<DefinitionKind> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'type']);
const FUNCTION_KINDS: ReadonlySet<DefinitionKind> = new Set(['function', 'method']);

/**
 * The ranges around `at` on `stack`, after entering those of `defs` (in source order, from `next`)
 * that start by `at`: the sweep settleCalls makes once per kind of range. Returns the next to enter.
 */
function enter(defs: RawDefinition[], next: number, stack: RawDefinition[], at: number): number {
  while (next < defs.length && defs[next]!.start <= at) {
    const def = defs[next++]!;
    while (stack.length && stack[stack.length - 1]!.end <= def.start) stack.pop();
    stack.push(def);
  }
  while (stack.length && stack[stack.length - 1]!.end <= at) stack.pop();
  return next;
}

export class ExtractionBuilder {
  private readonly defs: RawDefinition[] = [];
  private readonly scopes: OwnerScope[] = [];
  private readonly calls: RawCall[] = [];
  private readonly imports: ImportRecord[] = [];
  private readonly exports: { local: string; exported: string }[] = [];
  private readonly exportKeys = new Set<string>();
  private readonly heritage: RawHeritage[] = [];
  private readonly declared: RawDeclaredType[] = [];
  /** Constrained type parameters, read as their constraints where a type names them. */
  readonly typeParameters = new TypeParameterScopes();
  /** Where the functions a doc comment declares a return for start: that return is theirs, not one read from the body. */
  readonly documentedReturns = new Set<number>();
  /** Where the declarations a doc comment's `@type` types start: that type is theirs, not one read from the value. */
  readonly documentedTypes = new Set<number>();
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
   */
  memberAssignedOnThis(assignment: Node, name: string, classBody: Node): void {
    // Assigned again elsewhere in the class: the first assignment is the declaration.
    const key = `${classBody.startIndex}:${name}`;
    if (this.assignedOnThis.has(key)) return;
    this.assignedOnThis.add(key);
    const def = this.rawDefinition(assignment, 'method', name, { methodInType: true });
    def.start = def.end = classBody.startIndex;
    this.deferred.thisMember(def, classBody.startIndex, classBody.endIndex);
  }

  /**
   * `import type { Store }`, `import { type Store }`: a name that brings no value, so a local
   * binding of the same name is what a bare call or `new` in its scope reaches.
   */
  typeOnlyImport(local: string): void {
    this.deferred.typeOnlyImport(local);
  }

  /** `type Serialize = (v: unknown) => string`, `interface Fn { (x: X): Y }`: a name this file declares as a function type. */
  /** `const api = { run }` at the module level: `api.run` is the file's name `run` (MemberAlias). */
  memberAlias(owner: string, name: string, target: string): void {
    this.memberAliases.push({ owner, name, target });
  }

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

  /** A block whose functions are methods of `ownerName` (Rust impl). */
  ownerScope(node: Node, ownerName: string): void {
    this.scopes.push({ start: node.startIndex, end: node.endIndex, ownerName });
  }

  /** `at` is the node whose position stands for the call (its callee name, for chained calls). */
  call(callee: string, receiver: string | undefined, at: Node, isNew = false): void {
    this.calls.push({ callee, receiver, isNew, line: at.startPosition.row + 1, start: at.startIndex });
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

  /** The 1-based line of a position in the source. */
  private lineAt(index: number): number {
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
    const lines: [number, number] | undefined = Array.isArray(within)
      ? within
      : within
        ? [within.startPosition.row + 1, within.endPosition.row + 1]
        : undefined;
    this.declared.push({ kind, name, type: this.typeParameters.resolve(type, start), call, start, lines });
  }

  addImport(record: ImportRecord): void {
    this.imports.push(record);
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
    const definitions = this.settleDefinitions();
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
      calls: this.settleCalls(),
      heritage: this.settleHeritage(definitions),
    };
    if (this.declared.length > 0) result.declaredTypes = this.settleDeclaredTypes();
    if (this.typedMembers.length > 0) result.typedMembers = this.typedMembers;
    const callableTypes = this.deferred.callableTypeNames();
    if (callableTypes.length > 0) result.callableTypes = callableTypes;
    if (this.memberAliases.length > 0) result.memberAliases = this.memberAliases;
    if (this.errorNodes > 0) result.errorNodes = this.errorNodes;
    return result;
  }

  /**
   * Each declared type's owner: the innermost class around a member, the innermost function
   * around a local; and a local's callback, the innermost one around it inside its owner. One
   * sweep in position order over the definitions and callbacks open at each declaration (they
   * nest), each open definition knowing the nearest class and function at or under it, so a
   * declaration costs the same however deep it sits.
   */
  private settleDeclaredTypes(): DeclaredType[] {
    this.callbacks.sort(byStart);
    const order = this.declared.map((_, i) => i).sort((x, y) => this.declared[x]!.start - this.declared[y]!.start);
    const owners: Array<RawDefinition | undefined> = new Array(this.declared.length);
    const arounds: Array<Callback | undefined> = new Array(this.declared.length);
    const open: RawDefinition[] = [];
    /** Per open definition: the place in `open` of the nearest type (and function) at or under it, -1 for none. */
    const nearestType: number[] = [];
    const nearestFunction: number[] = [];
    const openCallbacks: Callback[] = [];
    let next = 0;
    let nextCallback = 0;
    for (const i of order) {
      const d = this.declared[i]!;
      while (next < this.defs.length && this.defs[next]!.start <= d.start) {
        const def = this.defs[next++]!;
        while (open.length && open[open.length - 1]!.end <= def.start) open.pop();
        const k = open.length;
        open.push(def);
        nearestType[k] = TYPE_KINDS.has(def.kind) ? k : k > 0 ? nearestType[k - 1]! : -1;
        nearestFunction[k] = FUNCTION_KINDS.has(def.kind) ? k : k > 0 ? nearestFunction[k - 1]! : -1;
      }
      while (open.length && open[open.length - 1]!.end <= d.start) open.pop();
      const at = open.length === 0 ? -1 : (d.kind === 'member' ? nearestType : nearestFunction)[open.length - 1]!;
      owners[i] = at < 0 ? undefined : open[at];
      if (d.kind !== 'local' || d.lines) continue;
      while (nextCallback < this.callbacks.length && this.callbacks[nextCallback]!.start <= d.start) {
        const callback = this.callbacks[nextCallback++]!;
        while (openCallbacks.length && openCallbacks[openCallbacks.length - 1]!.end <= callback.start) openCallbacks.pop();
        openCallbacks.push(callback);
      }
      while (openCallbacks.length && openCallbacks[openCallbacks.length - 1]!.end <= d.start) openCallbacks.pop();
      // The innermost callback around it; one that starts before its owner holds the owner, not it.
      const around = openCallbacks[openCallbacks.length - 1];
      const owner = owners[i];
      if (around && (!owner || around.start > owner.start)) arounds[i] = around;
    }
    const out: DeclaredType[] = [];
    this.declared.forEach((d, i) => {
      const owner = owners[i];
      if (d.kind === 'member' && !owner) return;
      const item: DeclaredType = { kind: d.kind, owner: owner?.index ?? null, name: d.name, type: d.type };
      if (d.call) item.call = true;
      const lines = d.lines ?? this.linesOf(arounds[i]);
      if (lines) item.lines = lines;
      out.push(item);
    });
    return out;
  }

  /** A callback's first and last line, counted when first asked for. */
  private linesOf(callback: Callback | undefined): [number, number] | undefined {
    if (callback) callback.lines ??= [this.lineAt(callback.start), this.lineAt(Math.max(callback.start, callback.end - 1))];
    return callback?.lines;
  }

  private settleDefinitions(): Definition[] {
    this.defs.sort(byStart);
    this.scopes.sort(byStart);
    const exportedLocals = new Set(this.exports.map((e) => e.local));
    const out: Definition[] = [];
    const stack: RawDefinition[] = [];
    const scopeStack: OwnerScope[] = [];
    let s = 0;
    for (const def of this.defs) {
      while (stack.length && stack[stack.length - 1]!.end <= def.start) stack.pop();
      while (scopeStack.length && scopeStack[scopeStack.length - 1]!.end <= def.start) scopeStack.pop();
      while (s < this.scopes.length && this.scopes[s]!.start <= def.start) {
        const scope = this.scopes[s++]!;
        if (scope.end > def.start) scopeStack.push(scope);
      }
      const owner = stack[stack.length - 1];
      // `export const x: { a: () => void } = make()`: a member named through its holder
      // (literalMember) sits inside the holder's own definition, which already names it once.
      if (owner && def.name.length > owner.name.length && def.name.startsWith(owner.name) && def.name[owner.name.length] === '.') {
        def.name = def.name.slice(owner.name.length + 1);
      }
      if (def.typeName !== undefined) {
        // Not a definition here: a TypedMember of its class, interface or type, or of the function
        // whose parameter's object type holds it (`opts.ref`, named through its holder).
        if (owner?.index !== undefined && (TYPE_KINDS.has(owner.kind) || def.name.includes('.')))
          this.typedMembers.push({ owner: owner.index, name: def.name, type: def.typeName, startLine: def.startLine, endLine: def.endLine });
        continue;
      }
      const scope = scopeStack[scopeStack.length - 1];
      // An impl block opened inside the innermost definition owns what follows it.
      const scopeIsInner = scope !== undefined && (owner === undefined || scope.start >= owner.start);
      let parent: number | null = owner?.index ?? null;
      if (scopeIsInner) {
        def.parentName ??= scope.ownerName;
        if (def.methodInType) def.kind = 'method';
      } else if (owner && def.methodInType && TYPE_KINDS.has(owner.kind)) {
        def.kind = 'method';
        def.parentName ??= owner.name;
      }
      if (parent === null && exportedLocals.has(def.name)) def.exported = true;
      def.index = out.length;
      const item: Definition = {
        kind: def.kind,
        name: def.name,
        startLine: def.startLine,
        endLine: def.endLine,
        parent,
        exported: def.exported,
      };
      if (def.bound) item.bound = true;
      if (def.parentName !== undefined) item.parentName = def.parentName;
      out.push(item);
      stack.push(def);
    }
    this.linkOwnersByName(out);
    return out;
  }

  private typesByName?: Map<string, number>;

  /** The first type definition of a name in this file. */
  private typeIndex(out: Definition[], name: string): number | undefined {
    if (!this.typesByName) {
      const types = new Map<string, number>();
      out.forEach((d, i) => {
        if (TYPE_KINDS.has(d.kind) && !types.has(d.name)) types.set(d.name, i);
      });
      this.typesByName = types;
    }
    return this.typesByName.get(name);
  }

  /** Go methods and Rust impl methods name their owner; point `parent` at it when it is in this file. */
  private linkOwnersByName(out: Definition[]): void {
    for (const def of out) {
      if (def.parent !== null || def.parentName === undefined) continue;
      const owner = this.typeIndex(out, def.parentName);
      if (owner !== undefined) def.parent = owner;
    }
  }

  private settleHeritage(out: Definition[]): Heritage[] {
    const settled: Heritage[] = [];
    for (const h of this.heritage) {
      const child = typeof h.child === 'string' ? this.typeIndex(out, h.child) : h.child.index;
      if (child !== undefined) settled.push(h.args ? { child, parent: h.parent, kind: h.kind, args: h.args } : { child, parent: h.parent, kind: h.kind });
    }
    return settled.sort((a, b) => a.child - b.child);
  }

  private settleCalls(): CallSite[] {
    this.calls.sort((a, b) => a.start - b.start);
    const fns = this.defs.filter((d) => FUNCTION_KINDS.has(d.kind));
    const classes = this.defs.filter((d) => d.kind === 'class');
    const out: CallSite[] = new Array(this.calls.length);
    const stack: RawDefinition[] = [];
    const classStack: RawDefinition[] = [];
    let j = 0;
    let k = 0;
    for (let i = 0; i < this.calls.length; i++) {
      const call = this.calls[i]!;
      j = enter(fns, j, stack, call.start);
      k = enter(classes, k, classStack, call.start);
      const fn = stack[stack.length - 1];
      const site: CallSite = { callee: call.callee, line: call.line, enclosing: fn?.index ?? null };
      // A call on `this` in a class body, inside no method of it: `this` there is the instance.
      const cls = classStack[classStack.length - 1];
      if (cls && (!fn || fn.start < cls.start) && (call.receiver === 'this' || call.receiver?.startsWith('this.'))) site.classLevel = cls.index;
      if (call.receiver !== undefined) site.receiver = call.receiver;
      if (call.isNew) site.isNew = true;
      out[i] = site;
    }
    return out;
  }
}
