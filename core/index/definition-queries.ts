// What resolution asks of the definitions themselves (build-graph.ts): a name's children in a
// file, the class around a definition, a method of a class or its bases (a Go method declared
// apart from its type included), a function nested in the caller's scope, and the files a file
// reaches through its imports. Memoized per build, and indexed per file so that no query
// reads more than the definitions it asks about (SPEC §init_workspace: a file may nest
// thousands of definitions or give one name to thousands).
import { LOCAL_OBJECT_OWNER, type CallSite, type FileExtraction } from './extract-types.ts';
import type { DefRef, SymbolTable } from './symbol-table.ts';
import { NestedScope } from './nested-scope.ts';
import { detachedOwner, isConstructorFunction } from './prototype-owners.ts';

export const CLASS_LIKE = new Set(['class', 'interface', 'struct', 'trait', 'enum']);

export function refKey(ref: DefRef): string {
  return `${ref.file}:${ref.def}`;
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** How many enclosing functions are looked through for a local object's member. */
const MAX_LOCAL_OBJECT_DEPTH = 32;

export class DefinitionQueries {
  constructor(
    private readonly extractions: FileExtraction[],
    private readonly table: SymbolTable,
    /** Per class (file:def key): resolved base classes, filled by the heritage pass. */
    private readonly bases: Map<string, DefRef[]>,
  ) {}

  /**
   * The values a factory's returned literal spreads (`return { run, ...makeInner(n) }`), as
   * declared-types.ts types them: findMethod looks there after the literal's own members, as the
   * checker's spread type does. Set once the declared types exist (call-resolution.ts).
   */
  spreadsOf: (fn: DefRef) => DefRef[] = () => [];

  private readonly nestedScopes = new Map<FileExtraction, NestedScope>();
  /** A function of the callee's name nested in the calling function or one around it (nested-scope.ts). */
  nestedInScope(ext: FileExtraction, call: CallSite): number | undefined {
    if (call.enclosing === null || call.enclosing === undefined) return undefined;
    let scope = this.nestedScopes.get(ext);
    if (!scope) this.nestedScopes.set(ext, (scope = new NestedScope(ext)));
    return scope.lookup(call.enclosing, call.callee);
  }

  private readonly importedFilesMemo = new Map<number, Set<number>>();
  importedFiles(f: number): Set<number> {
    let files = this.importedFilesMemo.get(f);
    if (files) return files;
    files = new Set<number>();
    for (const record of this.extractions[f].imports) {
      const target = this.table.moduleFile(f, record.source);
      if (target !== undefined) files.add(target);
    }
    for (const sibling of this.table.packageSiblings(f)) files.add(sibling);
    for (const binding of this.table.bindings(f).values()) {
      const meaning = this.table.follow(binding);
      if (meaning?.kind === 'def') files.add(meaning.ref.file);
      else if (meaning?.kind === 'namespace') files.add(meaning.file);
    }
    this.importedFilesMemo.set(f, files);
    return files;
  }

  /**
   * `const handlers = { close() {} }; handlers.close()` in a function: the member the function
   * (or one around it) defines through its local object literal (typescript-objects.ts
   * localObject, named `handlers.close` under the function), the nearest one.
   */
  localObjectMember(ext: FileExtraction, call: CallSite): number | undefined {
    const name = `${call.receiver}.${call.callee}`;
    let def = call.enclosing;
    for (let depth = 0; def !== null && def !== undefined && depth < MAX_LOCAL_OBJECT_DEPTH; depth++) {
      const found = this.childNamed(ext, def, name);
      if (found !== undefined) return found;
      def = ext.definitions[def]?.parent;
    }
    return undefined;
  }

  private readonly memberIndex = new Map<FileExtraction, Map<string, number>>();
  /** The last definition named `name` whose parent is `parent`, in a file. */
  private childNamed(ext: FileExtraction, parent: number, name: string): number | undefined {
    let index = this.memberIndex.get(ext);
    if (!index) {
      index = new Map();
      ext.definitions.forEach((d, i) => {
        if (d.parent !== null) index!.set(`${d.parent}\0${d.name}`, i);
      });
      this.memberIndex.set(ext, index);
    }
    return index.get(`${parent}\0${name}`);
  }

  private readonly localAliases = new Map<FileExtraction, Map<string, string>>();
  /**
   * `connection.end` under a function whose local `const connection = { end }` names the function's
   * own nested `end` (extract-types.ts LOCAL_OBJECT_OWNER): that nested definition.
   */
  private localObjectAlias(ext: FileExtraction, parent: number, name: string): number | undefined {
    const dot = name.indexOf('.');
    if (dot < 0 || !ext.memberAliases) return undefined;
    let aliases = this.localAliases.get(ext);
    if (!aliases) {
      aliases = new Map();
      for (const a of ext.memberAliases)
        if (a.owner.startsWith(LOCAL_OBJECT_OWNER)) aliases.set(`${a.owner.slice(LOCAL_OBJECT_OWNER.length)}.${a.name}`, a.target);
      this.localAliases.set(ext, aliases);
    }
    const target = aliases.get(name);
    return target === undefined ? undefined : this.childNamed(ext, parent, target);
  }

  private readonly classOf = new Map<FileExtraction, Array<number | null | undefined>>();
  /** The class whose instance `this` is at a call: around its enclosing function, or the class-level call's own. */
  classOfCall(ext: FileExtraction, call: CallSite): number | undefined {
    return call.classLevel ?? this.enclosingClass(ext, call.enclosing);
  }

  /**
   * The class `cls` extends: its one resolved base that is a class, or a JavaScript constructor
   * function (`class SchemaMap extends SchemaType` with `function SchemaType() {}`, whose
   * `super(...)` calls it), not an interface it implements.
   */
  extendedClass(cls: DefRef): DefRef | undefined {
    return (this.bases.get(refKey(cls)) ?? []).find((r) => this.extractions[r.file]!.definitions[r.def]?.kind === 'class' || this.isConstructorFunction(r));
  }

  /** The innermost class-like definition around a definition (itself included), computed once per definition. */
  enclosingClass(ext: FileExtraction, enclosing: number | null): number | undefined {
    if (enclosing === null || enclosing === undefined) return undefined;
    let known = this.classOf.get(ext);
    if (!known) this.classOf.set(ext, (known = []));
    const defs = ext.definitions;
    const path: number[] = [];
    let found: number | null = null;
    // Up to a definition already settled or a class; a cycle of parents (which would never end) ends with none.
    for (let e: number | null = enclosing; e !== null; e = defs[e]!.parent) {
      const settled = known[e];
      if (settled !== undefined) {
        found = settled;
        break;
      }
      if (CLASS_LIKE.has(defs[e]!.kind)) {
        found = e;
        break;
      }
      // `Gen.prototype.add = function () { this._sources.add() }`: `this` is a Gen.
      const owner = detachedOwner(ext, e);
      if (owner !== undefined) {
        found = owner;
        break;
      }
      if (path.length > defs.length) break;
      path.push(e);
    }
    for (const e of path) known[e] = found;
    return found ?? undefined;
  }

  /** Whether a definition is a JavaScript constructor function: a top-level function with methods declared apart from it. */
  isConstructorFunction(ref: DefRef): boolean {
    return isConstructorFunction(this.extractions[ref.file]!, ref.def);
  }

  private readonly typeofIndex = new Map<number, Map<number, string[]>>();
  /**
   * `type Logger = typeof log` where `log` is a module-level object (`const log = { warn() {} }`),
   * no definition a base could name: the member `log` holds, as `log.warn()` reaches it
   * (SymbolTable.objectMember); where `log` is a namespace import (`import * as Traversing`),
   * what that module exports under the name. Of an intersection's values (`typeof Attributes &
   * typeof Traversing`), the first in source order that holds it. A class named by `typeof` is a
   * base already (the heritage pass).
   */
  private memberOfTypedValue(ref: DefRef, name: string): DefRef | undefined {
    const ext = this.extractions[ref.file];
    if (ext.definitions[ref.def].kind !== 'type') return undefined;
    let index = this.typeofIndex.get(ref.file);
    if (!index) {
      index = new Map();
      for (const h of ext.heritage) {
        if (h.kind !== 'typeof' || h.parent.includes('.') || h.parent.endsWith(')')) continue;
        const values = index.get(h.child);
        if (values) values.push(h.parent);
        else index.set(h.child, [h.parent]);
      }
      this.typeofIndex.set(ref.file, index);
    }
    for (const value of index.get(ref.def) ?? []) {
      const member = this.table.objectMember(ref.file, value, name) ?? this.namespaceExport(ref.file, value, name);
      if (member) return member;
    }
    return undefined;
  }

  /** `name` as the module a file's namespace import `local` binds exports it (`import * as Traversing`, `Traversing.find`). */
  private namespaceExport(file: number, local: string, name: string): DefRef | undefined {
    const ns = this.table.resolveLocal(file, local);
    if (ns?.kind !== 'namespace') return undefined;
    const found = this.table.resolveExport(ns.file, name);
    return found?.kind === 'def' ? found.ref : undefined;
  }

  /** A method of a class or (breadth-first) of its bases. */
  findMethod(cls: DefRef, name: string, basesOnly: boolean): { ref: DefRef; viaBase: boolean } | undefined {
    const queue: Array<{ ref: DefRef; depth: number }> = basesOnly
      ? (this.bases.get(refKey(cls)) ?? []).map((ref) => ({ ref, depth: 1 }))
      : [{ ref: cls, depth: 0 }];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const { ref, depth } = queue.shift()!;
      if (seen.has(refKey(ref)) || depth > 10) continue;
      seen.add(refKey(ref));
      const ext = this.extractions[ref.file];
      const hit = this.childNamed(ext, ref.def, name) ?? this.localObjectAlias(ext, ref.def, name);
      if (hit !== undefined) return { ref: { file: ref.file, def: hit }, viaBase: depth > 0 };
      // A Go method declared apart from its type (`func (s *T) m()`), in the type's package.
      const detached = this.table.detachedInPackage(ref.file, ext.definitions[ref.def].name, name);
      if (detached) return { ref: detached, viaBase: depth > 0 };
      const ofValue = this.memberOfTypedValue(ref, name);
      if (ofValue) return { ref: ofValue, viaBase: depth > 0 };
      // One type declared twice (SymbolTable.mergedInterfaces): the other declaration's members are its own.
      for (const merged of this.table.mergedInterfaces(ref)) queue.push({ ref: merged, depth });
      for (const base of this.bases.get(refKey(ref)) ?? []) queue.push({ ref: base, depth: depth + 1 });
      if (ext.definitions[ref.def].kind === 'function') for (const spread of this.spreadsOf(ref)) queue.push({ ref: spread, depth: depth + 1 });
    }
    return undefined;
  }
}
