// What a name means in a file, across the whole workspace (SPEC §init_workspace): a file's own
// top-level definitions, its import bindings, and what other files export, following
// re-export chains, `index` files, CommonJS `module.exports` and Python package
// `__init__.py` bindings. Built once per resolution pass over all extractions. How far a
// file's names reach is its language's module surface (languages/language-module.ts).
import type { FileExtraction } from './extract-types.ts';
import { ImportBindings, type Binding } from './import-bindings.ts';
import { languageTraits } from './extract/languages/registry.ts';
import { confidencesOf, type KindConfidences } from './call-confidence.ts';
import type { ModuleResolver } from './module-resolver.ts';
import { ExportIndex } from './export-index.ts';
import { PackageScope } from './package-scope.ts';
import { ModuleValues } from './module-values.ts';

/** A definition: which file (index into the extraction list) and which definition in it. */
export interface DefRef {
  file: number;
  def: number;
}

export type { Binding } from './import-bindings.ts';

/** What a name means: a definition, a module (a namespace import, a module another exports as a member), or outside the workspace. */
export type Meaning = { kind: 'def'; ref: DefRef; confidence: number } | { kind: 'namespace'; file: number; confidence: number } | { kind: 'external' };

const CLASS_LIKE = new Set(['class', 'interface', 'struct', 'trait', 'enum']);

export class SymbolTable {
  readonly fileIndex = new Map<string, number>();
  /** Per file: top-level definitions by name (source order), computed on first use (topLevelOf). */
  private readonly topLevel: Array<Map<string, number[]> | undefined> = [];
  private readonly exportMemo = new Map<string, Meaning | undefined>();
  private readonly packageScope: PackageScope;
  /** Each file's import bindings, module-level and a function's own (import-bindings.ts). */
  private readonly imports: ImportBindings;
  /** Per file: what a use of a top-level name reaches (pickDefinition), by name, computed on first use. */
  private readonly picked: Array<Map<string, number> | undefined> = [];
  /** Per file: the most dot-separated segments in a name it binds by import (`import a.b.c` binds three). */
  private readonly bindingDepths: Array<number | undefined> = [];
  private readonly exportIndexes: Array<ExportIndex | undefined> = [];
  /** What module-level values hold: object members, methods declared apart, values with a declared type (module-values.ts). */
  private readonly values: ModuleValues;

  constructor(
    readonly extractions: FileExtraction[],
    private readonly resolver: ModuleResolver,
  ) {
    extractions.forEach((ext, i) => this.fileIndex.set(ext.file, i));
    this.imports = new ImportBindings(extractions, {
      moduleFile: (file, source) => this.moduleFile(file, source),
      submodule: (file, name) => this.submoduleIndex(file, name),
      declares: (file, name) => this.topLevelOf(file).has(name) || this.bindingsOf(file, name),
      definesTopLevel: (file, name) => this.topLevelOf(file).has(name),
      exportsValue: (file) => this.values.moduleValues(file).has('default'),
    });
    this.packageScope = new PackageScope(
      extractions,
      (file) => this.topLevelOf(file),
      (file) => this.values.detached(file),
    );
    this.values = new ModuleValues({
      extractions,
      topLevelOf: (file) => this.topLevelOf(file),
      bindings: (file) => this.bindings(file),
      exportIndex: (file) => this.exportIndex(file),
      moduleFile: (file, source) => this.moduleFile(file, source),
      resolveLocal: (file, name, seen) => this.resolveLocal(file, name, seen),
      resolveExport: (file, name, seen) => this.resolveExport(file, name, seen),
      kinds: (file) => this.kinds(file),
    });
  }

  /**
   * A file's top-level definitions by name, made on first use: the table is built in one step of
   * the resolution pass, which must stay short on the server's thread whatever the workspace's
   * size (SPEC §init_workspace: the server answers while it indexes); each file's names are
   * then made within the step that first looks one up.
   */
  private topLevelOf(fileIdx: number): Map<string, number[]> {
    let top = this.topLevel[fileIdx];
    if (top) return top;
    top = new Map();
    this.extractions[fileIdx]!.definitions.forEach((d, i) => {
      // A method declared apart from its owner (`Foo.prototype.m`, `const api = { m() {} }`, a Go
      // method) is no bare name, nor is a member of a literal no name holds (`Object.defineProperty(P,
      // 'state', { get: function () {} })`): a bare `get()` beside it calls the file's `get` binding.
      if (d.parent !== null || (d.kind === 'method' && (d.parentName !== undefined || !d.exported))) return;
      const list = top!.get(d.name);
      if (list) list.push(i);
      else top!.set(d.name, [i]);
    });
    this.topLevel[fileIdx] = top;
    return top;
  }
  /** The confidences of the language a file is written in (call-confidence.ts). */
  kinds(fileIdx: number): KindConfidences {
    return confidencesOf(this.extractions[fileIdx]!.language);
  }

  /** A file's import bindings (computed once, on first use: a re-index resolves few files). */
  bindings(fileIdx: number): Map<string, Binding> {
    return this.imports.of(fileIdx);
  }

  /** What a function's own import binds `name` to around `enclosing` (ImportBindings.functionBinding). */
  functionBinding(fileIdx: number, enclosing: number | null, name: string): Binding | undefined {
    return this.imports.functionBinding(fileIdx, enclosing, name);
  }

  /**
   * The most dot-separated segments of a name the file binds: a dotted path longer than this
   * has no binding for any head longer than this, so a lookup of `a.b.b.b…` tries only as many
   * heads as a binding can have, not one per segment.
   */
  bindingDepth(fileIdx: number): number {
    let depth = this.bindingDepths[fileIdx];
    if (depth === undefined) {
      depth = 1;
      for (const key of this.bindings(fileIdx).keys()) {
        let segments = 1;
        for (let i = key.indexOf('.'); i !== -1; i = key.indexOf('.', i + 1)) segments++;
        if (segments > depth) depth = segments;
      }
      this.bindingDepths[fileIdx] = depth;
    }
    return depth;
  }

  private exportIndex(fileIdx: number): ExportIndex {
    return (this.exportIndexes[fileIdx] ??= new ExportIndex(this.extractions[fileIdx]));
  }

  /** Which of a file's same-named top-level definitions a use of the name reaches (pickDefinition, once per name). */
  private pick(fileIdx: number, name: string, candidates: number[]): number {
    const picked = (this.picked[fileIdx] ??= new Map());
    let def = picked.get(name);
    if (def === undefined) picked.set(name, (def = pickDefinition(this.extractions[fileIdx], candidates)));
    return def;
  }

  isClassLike(ref: DefRef): boolean {
    return CLASS_LIKE.has(this.extractions[ref.file].definitions[ref.def].kind);
  }

  /**
   * Where a name written as a type leads when a module-level value shares it (`export const
   * $ZodType: $constructor<T> = ...` beside `export interface $ZodType`): the class, interface or
   * `type` of that name in the same file, which TypeScript's declaration merging makes the type.
   * Undefined when `ref` is itself one, or no such definition is beside it.
   */
  typeBeside(ref: DefRef): DefRef | undefined {
    const ext = this.extractions[ref.file]!;
    const def = ext.definitions[ref.def]!;
    if (def.parent !== null || CLASS_LIKE.has(def.kind) || def.kind === 'type') return undefined;
    const found = this.topLevelOf(ref.file)
      .get(def.name)
      ?.find((i) => CLASS_LIKE.has(ext.definitions[i]!.kind) || ext.definitions[i]!.kind === 'type');
    return found === undefined ? undefined : { file: ref.file, def: found };
  }

  /**
   * TypeScript's declaration merging: the interfaces at a file's top sharing the name of a class or
   * interface there (`abstract class Cheerio` beside `interface Cheerio extends MethodsType`), whose
   * members and bases the one type has. Only TypeScript lets a file declare two such types of one name.
   */
  mergedInterfaces(ref: DefRef): DefRef[] {
    const ext = this.extractions[ref.file]!;
    const def = ext.definitions[ref.def]!;
    if (def.parent !== null || (def.kind !== 'class' && def.kind !== 'interface')) return [];
    const same = this.topLevelOf(ref.file).get(def.name) ?? [];
    return same.filter((i) => i !== ref.def && ext.definitions[i]!.kind === 'interface').map((i) => ({ file: ref.file, def: i }));
  }

  /** The file an import specifier names, or undefined when it is outside the workspace. */
  moduleFile(fileIdx: number, source: string): number | undefined {
    const ext = this.extractions[fileIdx];
    const target = this.resolver.resolve(ext.file, ext.language, source);
    return target.kind === 'file' ? this.fileIndex.get(target.file) : undefined;
  }

  /** `Owner.name = held` at a file's top, `held` a name: the definition it names (ModuleValues.aliasedMember). */
  memberAlias(fileIdx: number, owner: string, name: string): DefRef | undefined {
    return this.values.aliasedMember(fileIdx, owner, name);
  }

  /** `api.get` where `api` is a module-level object of this file or one it imports: the member's definition (ModuleValues.objectMember). */
  objectMember(fileIdx: number, object: string, member: string): DefRef | undefined {
    return this.values.objectMember(fileIdx, object, member);
  }

  /** The member `name` of the object a module exports as a whole (ModuleValues.defaultObjectMember). */
  defaultObjectMember(fileIdx: number, name: string): DefRef | undefined {
    return this.values.defaultObjectMember(fileIdx, name);
  }

  /** Where a name a file imports is bound as a module-level value with a declared type (ModuleValues.typedValueOrigin). */
  typedValueOrigin(fileIdx: number, name: string): { file: number; local: string } | undefined {
    return this.values.typedValueOrigin(fileIdx, name);
  }

  /** The file of submodule `name` of a package file (Python), when the index holds it. */
  submoduleIndex(packageIdx: number, name: string): number | undefined {
    const sub = this.resolver.submodule(this.extractions[packageIdx].file, name);
    return sub === undefined ? undefined : this.fileIndex.get(sub);
  }

  /** Whether a file assigns its exports one value (`module.exports = bus`, `export default x`). */
  exportsWhole(fileIdx: number): boolean {
    return this.exportIndex(fileIdx).localsExportedAs('default').length > 0;
  }

  /** Whether a file re-exports a module under `path` (`protocol.base`, a member of an object it exports). */
  reexportsPath(fileIdx: number, path: string): boolean {
    return this.exportIndex(fileIdx).reexportsOf(path, false).length > 0;
  }

  /** Whether a file binds a name by import (checked before bindings exist for it). */
  private bindingsOf(fileIdx: number, name: string): boolean {
    return this.exportIndex(fileIdx).importsLocal(name);
  }

  /** What `name` means at the top level of a file: its own definition, else its import binding. */
  resolveLocal(fileIdx: number, name: string, seen?: Set<string>): Meaning | undefined {
    const own = this.topLevelOf(fileIdx).get(name);
    const binding = this.bindings(fileIdx).get(name);
    // LanguageTraits.importBeforeOwn: Python's `try: from blinker import Namespace` / `except
    // ImportError: class Namespace`, the import being what the name holds wherever it installs.
    if (own && binding && languageTraits(this.extractions[fileIdx]!.language)?.importBeforeOwn && this.imports.moduleLevelNames(fileIdx).has(name))
      return this.follow(binding, seen);
    if (own) return { kind: 'def', ref: { file: fileIdx, def: this.pick(fileIdx, name, own) }, confidence: 1 };
    if (binding) return this.follow(binding, seen);
    // A namespace module's star import (Python `from m import *`): whatever m exposes.
    for (const target of this.imports.starImportsOf(fileIdx)) {
      const found = this.resolveExport(target, name, seen);
      if (found && found.kind !== 'external') return found;
    }
    return this.inPackage(fileIdx, name);
  }

  /** Package surface (Go, Java): the other files of the package (the directory) see each other's top-level names. */
  inPackage(fileIdx: number, name: string): Meaning | undefined {
    const sibling = this.packageScope.siblingDefining(fileIdx, name);
    if (sibling === undefined) return undefined;
    return {
      kind: 'def',
      ref: { file: sibling, def: this.pick(sibling, name, this.topLevelOf(sibling).get(name)!) },
      confidence: this.kinds(sibling).importResolved,
    };
  }

  /** The other files of a package-surface file's directory in the same language, else none. */
  packageSiblings(fileIdx: number): number[] {
    return this.packageScope.siblingsOf(fileIdx);
  }

  /** A method `name` of `owner` declared apart from it, in the file or else in its package (a Go method). */
  detachedInPackage(fileIdx: number, owner: string, name: string): DefRef | undefined {
    return this.packageScope.detachedMember(fileIdx, owner, name);
  }

  follow(binding: Binding, seen?: Set<string>): Meaning | undefined {
    if (binding.kind === 'external') return { kind: 'external' };
    if (binding.kind === 'namespace') return { kind: 'namespace', file: binding.file, confidence: this.kinds(binding.file).importResolved };
    const found = this.resolveExport(binding.file, binding.name, seen);
    if (found) return found;
    // `const m = require('./m')` with no default export: m is the module object, unless the module
    // exports an instance (`module.exports = new Logger()`), which m's declared type reaches.
    if (binding.moduleObject && !this.values.moduleValues(binding.file).has('default'))
      return { kind: 'namespace', file: binding.file, confidence: this.kinds(binding.file).importResolved };
    return binding.required ? this.values.wholeExportMember(binding.file, binding.name, seen) : undefined;
  }

  /** What another file means by importing `name` from `fileIdx` (re-export chains followed). */
  resolveExport(fileIdx: number, name: string, seen?: Set<string>): Meaning | undefined {
    const key = `${fileIdx}\0${name}`;
    const memo = this.exportMemo.get(key);
    if (memo !== undefined || this.exportMemo.has(key)) return memo;
    // Made here, not per lookup: most lookups end in a file's own names without following one.
    seen ??= new Set<string>();
    if (seen.has(key)) return undefined; // an export cycle
    seen.add(key);
    const found = this.computeExport(fileIdx, name, seen);
    seen.delete(key);
    const result = found && found.kind !== 'external' ? { ...found, confidence: Math.min(found.confidence, this.kinds(fileIdx).importResolved) } : found;
    this.exportMemo.set(key, result);
    return result;
  }

  private computeExport(fileIdx: number, name: string, seen: Set<string>): Meaning | undefined {
    const ext = this.extractions[fileIdx];
    const index = this.exportIndex(fileIdx);
    for (const local of index.localsExportedAs(name)) {
      const found = this.resolveLocal(fileIdx, local, seen);
      if (found) return found;
    }
    if (name !== 'default') {
      const own = this.topLevelOf(fileIdx).get(name);
      const exported = own?.filter((i) => ext.definitions[i].exported);
      if (exported && exported.length > 0) return { kind: 'def', ref: { file: fileIdx, def: pickDefinition(ext, exported) }, confidence: 1 };
    }
    // A module starred twice (or through two lines) answers the same both times: asked once.
    let starred: Set<number> | undefined;
    for (const { source, imported, local, star } of index.reexportsOf(name, name !== 'default')) {
      const target = this.moduleFile(fileIdx, source);
      if (local === name && imported !== '*') {
        if (target === undefined) return { kind: 'external' };
        const found = this.resolveExport(target, imported, seen);
        if (found) return found;
      } else if (local === name && imported === '*') {
        // `export * as ns from './m'`
        if (target === undefined) return { kind: 'external' };
        return { kind: 'namespace', file: target, confidence: this.kinds(target).importResolved };
      } else if (star && target !== undefined && !starred?.has(target)) {
        (starred ??= new Set()).add(target);
        const found = this.resolveExport(target, name, seen);
        if (found) return found;
      }
    }
    const surface = languageTraits(ext.language)?.surface;
    if (surface === 'package') {
      const own = this.topLevelOf(fileIdx).get(name);
      if (own) return { kind: 'def', ref: { file: fileIdx, def: this.pick(fileIdx, name, own) }, confidence: 1 };
      return this.inPackage(fileIdx, name);
    }
    if (surface === 'namespace') {
      // A module exposes every top-level name, its imports included (Python package __init__ re-exports).
      const local = this.resolveLocal(fileIdx, name, seen);
      if (local) return local;
      const sub = this.resolver.submodule(ext.file, name);
      const subIdx = sub === undefined ? undefined : this.fileIndex.get(sub);
      if (subIdx !== undefined) return { kind: 'namespace', file: subIdx, confidence: this.kinds(subIdx).importResolved };
      return undefined;
    }
    if (name !== 'default' && (surface === 'unlisted' || ext.error)) {
      // CommonJS assignments the extractor could not list, or a file with parse errors.
      const own = this.topLevelOf(fileIdx).get(name);
      if (own) return { kind: 'def', ref: { file: fileIdx, def: this.pick(fileIdx, name, own) }, confidence: this.kinds(fileIdx).importUnlisted };
    }
    // `protocol.base.utils` (typescript-declarators.ts importedMember): `utils` of the module the
    // path before it names.
    const dot = name.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const holder = this.resolveExport(fileIdx, name.slice(0, dot), seen);
    return holder?.kind === 'namespace' ? this.resolveExport(holder.file, name.slice(dot + 1), seen) : undefined;
  }
}

/** Of several same-named top-level definitions (overloads, redefinitions), the last one wins. */
function pickDefinition(ext: FileExtraction, candidates: number[]): number {
  // TypeScript overload signatures come first and the implementation last; a Python
  // redefinition replaces the earlier one. Either way the last is what a call reaches.
  const nonInterface = candidates.filter((i) => ext.definitions[i].kind !== 'interface' && ext.definitions[i].kind !== 'type');
  if (nonInterface.length > 0) return nonInterface[nonInterface.length - 1];
  // Same-named interfaces of one scope merge, and a second `type` of a name is an error there, so
  // a later one is one a namespace nests (`declare namespace Annotations { interface Schema }`,
  // whose members the extractor keeps at the top level): the first is the file's own.
  return candidates[0];
}
