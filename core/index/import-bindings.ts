// What each name a file imports is bound to, and where: at the module's level, or in the one
// function whose body holds the import (LanguageTraits.functionImports: Python's `def f(): from
// .a import helper` binds `helper` inside f alone, and jedi reads a call of it there, and only
// there, so). Made per file on first use: the resolution pass looks up few files' names per step.
import type { Definition, FileExtraction, ImportRecord } from './extract-types.ts';
import { languageTraits } from './extract/languages/registry.ts';

export type Binding =
  | {
      kind: 'symbol';
      file: number;
      name: string;
      moduleObject: boolean;
      /** A name destructured from a `require` (`const { locate } = require('./finder')`): a property of what the module exports. */
      required?: true;
    }
  | { kind: 'namespace'; file: number }
  | { kind: 'external' };

/** What binding an import asks of the rest of the symbol table. */
export interface ImportTargets {
  /** The file an import specifier names from a file, undefined outside the workspace. */
  moduleFile(file: number, source: string): number | undefined;
  /** The file of a package's submodule `name` (Python), when indexed. */
  submodule(file: number, name: string): number | undefined;
  /** Whether a module binds `name` at its top level, by definition or import. */
  declares(file: number, name: string): boolean;
  /** Whether a module defines `name` at its top level. */
  definesTopLevel(file: number, name: string): boolean;
  /** Whether a module's export is a value it constructs (`module.exports = new Logger()`). */
  exportsValue(file: number): boolean;
}

/** How many functions out a name is looked for among those enclosing a call (a nested function sees its outer ones' imports). */
const MAX_ENCLOSING = 64;

export class ImportBindings {
  /** Per file: local name -> binding, computed on first use. */
  private readonly maps: Array<Map<string, Binding> | undefined> = [];
  /** Per file: each importing function's own bindings, by its definition index. */
  private readonly functionMaps: Array<Map<number, Map<string, Binding>> | undefined> = [];
  /** Per file: the files of its namespace-module star imports (Python `from m import *`), each once. */
  private readonly stars: number[][] = [];
  /** Per file: the names imports bind outside every function. */
  private readonly moduleNames: Array<Set<string> | undefined> = [];
  /** Per file: the function each import sits in (functionsOfImports), found once. */
  private readonly places: Array<Array<number | undefined> | undefined> = [];

  constructor(
    private readonly extractions: FileExtraction[],
    private readonly targets: ImportTargets,
  ) {}

  /** A file's import bindings, computed once. */
  of(fileIdx: number): Map<string, Binding> {
    return (this.maps[fileIdx] ??= this.bindFile(fileIdx));
  }

  /** The modules a file star-imports (a namespace language's `from m import *`). */
  starImportsOf(fileIdx: number): readonly number[] {
    this.of(fileIdx);
    return this.stars[fileIdx] ?? [];
  }

  /** The names a file's imports bind outside every function (a function's own `from m import f` binds f in it alone). */
  moduleLevelNames(fileIdx: number): Set<string> {
    let names = this.moduleNames[fileIdx];
    if (names) return names;
    names = new Set();
    const inFunction = this.placesOf(fileIdx);
    this.extractions[fileIdx]!.imports.forEach((record, i) => {
      if (inFunction[i] === undefined) for (const b of record.bindings) names!.add(b.local);
    });
    return (this.moduleNames[fileIdx] = names);
  }

  /** The function each of a file's imports sits in, undefined at module or class level. */
  private placesOf(fileIdx: number): Array<number | undefined> {
    return (this.places[fileIdx] ??= functionsOfImports(this.extractions[fileIdx]!));
  }

  /**
   * What a function's own import binds `name` to, in the innermost function around `enclosing`
   * that imports it (LanguageTraits.functionImports): Python's `def f(): from .a import helper`
   * then `helper()` in f, where the module binds `helper` otherwise. Undefined where no function
   * around imports the name, where its import binds it as the file's bindings do (so a file-wide
   * reading holds), or where the language binds imports file-wide.
   */
  functionBinding(fileIdx: number, enclosing: number | null, name: string): Binding | undefined {
    const ext = this.extractions[fileIdx]!;
    if (enclosing === null || !languageTraits(ext.language)?.functionImports) return undefined;
    const fileWide = this.of(fileIdx);
    const own = scopedBinding(this.functionMaps[fileIdx]!, ext.definitions, enclosing, name);
    return own && !sameBinding(own, fileWide.get(name)) ? own : undefined;
  }

  private bindFile(fileIdx: number): Map<string, Binding> {
    const ext = this.extractions[fileIdx]!;
    const map = new Map<string, Binding>();
    /** `import a.b` also binds `a`, the top package (Python), unless something else binds it. */
    const heads: string[] = [];
    const stars = new Set<number>();
    // LanguageTraits.functionImports: a function's own imports bind in it (functionBinding); here
    // only where no module-level import binds the name, after all of those, so a function's
    // `from .b import helper` never takes the module's `helper` from every other function. A name
    // only functions import stays bound file-wide: `global h` then `from m import h` in a function
    // binds the module's h, and jedi reads other functions' calls of it so.
    const inFunction = languageTraits(ext.language)?.functionImports ? this.placesOf(fileIdx) : undefined;
    const functionLevel = new Map<string, Binding>();
    const byFunction = new Map<number, Map<string, Binding>>();
    ext.imports.forEach((record, i) => {
      const fn = inFunction?.[i];
      if (fn === undefined) return this.bindRecord(fileIdx, record, map, heads, stars);
      // Bound once, kept for the function (functionBinding) and, in import order, for the file.
      const bound = new Map<string, Binding>();
      this.bindRecord(fileIdx, record, bound, [], stars);
      let own = byFunction.get(fn);
      if (!own) byFunction.set(fn, (own = new Map()));
      for (const [local, binding] of bound) {
        own.set(local, binding);
        functionLevel.set(local, binding);
      }
    });
    this.functionMaps[fileIdx] = byFunction;
    for (const [local, binding] of functionLevel) if (!map.has(local)) map.set(local, binding);
    for (const head of heads) {
      if (map.has(head) || this.targets.definesTopLevel(fileIdx, head)) continue;
      const target = this.targets.moduleFile(fileIdx, head);
      if (target !== undefined) map.set(head, { kind: 'namespace', file: target });
    }
    return map;
  }

  /** The names one import record binds, into `map` (and `import a.b`'s heads, a star import's module). */
  private bindRecord(fileIdx: number, record: ImportRecord, map: Map<string, Binding>, heads: string[], stars: Set<number>): void {
    if (record.kind === 'reexport') return; // exports, not local names
    const target = this.targets.moduleFile(fileIdx, record.source);
    const namespace = languageTraits(record.kind)?.surface === 'namespace';
    if (namespace && record.bindings.length === 0) {
      // `import a.b.c`: the dotted path is the name the code uses.
      map.set(record.source, target === undefined ? { kind: 'external' } : { kind: 'namespace', file: target });
      if (record.source.includes('.')) heads.push(record.source.slice(0, record.source.indexOf('.')));
      return;
    }
    for (const { imported, local } of record.bindings) {
      if (namespace && imported === '*' && local === '*') {
        // A module starred twice answers the same both times: kept once.
        if (target !== undefined && !stars.has(target)) {
          stars.add(target);
          (this.stars[fileIdx] ??= []).push(target);
        }
        continue;
      }
      if (target === undefined) {
        map.set(local, { kind: 'external' });
      } else if (imported === '*' && record.kind === 'require' && this.targets.exportsValue(target)) {
        // `const log = require('./log')` where the module exports an instance (`module.exports = new Logger()`): that value.
        map.set(local, { kind: 'symbol', file: target, name: 'default', moduleObject: true });
      } else if (imported === '*') {
        map.set(local, { kind: 'namespace', file: target });
        if (namespace && local === record.source && local.includes('.')) heads.push(local.slice(0, local.indexOf('.')));
      } else if (namespace) {
        // `from pkg import name`: a symbol of pkg, or its submodule pkg/name.
        const subIdx = this.targets.submodule(target, imported);
        const hasSymbol = this.targets.declares(target, imported);
        if (subIdx !== undefined && !hasSymbol) map.set(local, { kind: 'namespace', file: subIdx });
        else map.set(local, { kind: 'symbol', file: target, name: imported, moduleObject: false });
      } else {
        const moduleObject = (record.kind === 'require' || record.kind === 'dynamic') && imported === 'default';
        if (record.kind === 'require' && !moduleObject) map.set(local, { kind: 'symbol', file: target, name: imported, moduleObject, required: true });
        else map.set(local, { kind: 'symbol', file: target, name: imported, moduleObject });
      }
    }
  }
}

/**
 * The function an import inside a function binds in (its innermost), by the import's place in the
 * file's list; undefined at module or class level. One sweep down the file with the functions
 * open at each line (nested, so the last opened that has not ended holds it).
 */
function functionsOfImports(ext: FileExtraction): Array<number | undefined> {
  const defs = ext.definitions;
  const functions = defs.flatMap((d, i) => (d.kind === 'function' || d.kind === 'method' ? [i] : [])).sort((a, b) => defs[a]!.startLine - defs[b]!.startLine);
  const order = ext.imports.map((_, i) => i).sort((a, b) => ext.imports[a]!.line - ext.imports[b]!.line);
  const out: Array<number | undefined> = new Array(ext.imports.length).fill(undefined);
  const open: number[] = [];
  let next = 0;
  for (const i of order) {
    const line = ext.imports[i]!.line;
    while (next < functions.length && defs[functions[next]!]!.startLine <= line) {
      const fn = functions[next++]!;
      closeBefore(open, defs, defs[fn]!.startLine);
      open.push(fn);
    }
    closeBefore(open, defs, line);
    out[i] = open.at(-1);
  }
  return out;
}

/** Drops the open functions that end before `line`, innermost first. */
function closeBefore(open: number[], defs: Definition[], line: number): void {
  while (open.length > 0 && defs[open.at(-1)!]!.endLine < line) open.pop();
}

/** The binding the innermost function around `enclosing` gives `name` by an import of its own, if any. */
function scopedBinding<B>(
  byFunction: ReadonlyMap<number, ReadonlyMap<string, B>>,
  definitions: Definition[],
  enclosing: number | null,
  name: string,
): B | undefined {
  if (byFunction.size === 0) return undefined;
  for (let e: number | null = enclosing, steps = 0; e !== null && steps < MAX_ENCLOSING; e = definitions[e]?.parent ?? null, steps++) {
    const found = byFunction.get(e)?.get(name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether two bindings name the same thing (a module, a module's name, or something outside the workspace). */
function sameBinding(a: Binding, b: Binding | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  if (a.kind === 'external' || b.kind === 'external') return true;
  if (a.kind === 'namespace' || b.kind === 'namespace') return a.file === b.file;
  return a.file === b.file && a.name === b.name && a.moduleObject === b.moduleObject && a.required === b.required;
}
