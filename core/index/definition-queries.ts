// What resolution asks of the definitions themselves (build-graph.ts): a name's children in a
// file, the class around a definition, a method of a class or its bases (a Go method declared
// apart from its type included), a function nested in the caller's scope, and the files a file
// reaches through its imports. Memoized per build.
import type { CallSite, FileExtraction } from './extract-types.ts';
import type { DefRef, SymbolTable } from './symbol-table.ts';

export const CLASS_LIKE = new Set(['class', 'interface', 'struct', 'trait', 'enum']);

export function refKey(ref: DefRef): string {
  return `${ref.file}:${ref.def}`;
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class DefinitionQueries {
  constructor(
    private readonly extractions: FileExtraction[],
    private readonly table: SymbolTable,
    /** Per class (file:def key): resolved base classes, filled by the heritage pass. */
    private readonly bases: Map<string, DefRef[]>,
  ) {}

  nestedInScope(ext: FileExtraction, call: CallSite): number | undefined {
    if (call.enclosing === null || call.enclosing === undefined) return undefined;
    let found: number | undefined;
    for (const i of this.childrenOf(ext, call.callee)) {
      const parent = ext.definitions[i].parent!;
      // A method nested in a function is a member of an object it builds, not a name in scope.
      if (ext.definitions[i].kind === 'method') continue;
      if (!CLASS_LIKE.has(ext.definitions[parent].kind) && this.inChain(ext, call.enclosing, parent)) found = i;
    }
    return found;
  }

  /** Whether `target` is `from` or one of its enclosing definitions (chains are a few deep). */
  private inChain(ext: FileExtraction, from: number, target: number): boolean {
    for (let e: number | null | undefined = from; e !== null && e !== undefined; e = ext.definitions[e]?.parent ?? null) {
      if (e === target) return true;
    }
    return false;
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

  private readonly childIndex = new Map<FileExtraction, Map<string, number[]>>();
  /** Definitions with a parent, by name, per file. */
  childrenOf(ext: FileExtraction, name: string): number[] {
    let index = this.childIndex.get(ext);
    if (!index) {
      index = new Map();
      ext.definitions.forEach((d, i) => {
        if (d.parent !== null) push(index!, d.name, i);
      });
      this.childIndex.set(ext, index);
    }
    return index.get(name) ?? [];
  }

  /** A Go method declared apart from its type (`func (s *T) m()`), in the type's package. */
  private detachedMethod(cls: DefRef, name: string): DefRef | undefined {
    const typeName = this.extractions[cls.file].definitions[cls.def].name;
    for (const file of [cls.file, ...this.table.packageSiblings(cls.file)]) {
      const def = this.table.detachedMember(file, typeName, name);
      if (def !== undefined) return { file, def };
    }
    return undefined;
  }

  enclosingClass(ext: FileExtraction, enclosing: number | null): number | undefined {
    for (let e = enclosing; e !== null && e !== undefined; e = ext.definitions[e]?.parent ?? null) {
      if (CLASS_LIKE.has(ext.definitions[e].kind)) return e;
    }
    return undefined;
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
      let hit = -1;
      for (const i of this.childrenOf(ext, name)) if (ext.definitions[i].parent === ref.def) hit = i;
      if (hit !== -1) return { ref: { file: ref.file, def: hit }, viaBase: depth > 0 };
      const detached = this.detachedMethod(ref, name);
      if (detached) return { ref: detached, viaBase: depth > 0 };
      for (const base of this.bases.get(refKey(ref)) ?? []) queue.push({ ref: base, depth: depth + 1 });
    }
    return undefined;
  }
}
