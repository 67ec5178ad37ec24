// A file's exports, re-exports and imported names indexed by name, for the symbol table's lookups (SPEC
// §init_workspace: one file may hold any number of exports and re-export lines). A lookup
// reads only the entries that can match the name asked for, in the order the file lists them,
// so a file of 50,000 re-exports answers each name without reading all of them; the answers
// are the ones a walk over every entry in order gives.
import type { FileExtraction } from './extract-types.ts';

/** One binding of a re-export record (`export { imported as local } from 'source'`). */
export interface ReexportBinding {
  /** The binding's place in the file's re-exports, for ordering merged lists. */
  seq: number;
  source: string;
  imported: string;
  local: string;
  /** `export * from 'source'`: every name of the source. */
  star: boolean;
}

export class ExportIndex {
  /** Exported name -> the local names exported under it, in the file's order. */
  private readonly byExported = new Map<string, string[]>();
  /** Re-export bindings by the name they export, in the file's order. */
  private readonly byLocal = new Map<string, ReexportBinding[]>();
  /** `export * from` bindings, in the file's order. */
  private readonly stars: ReexportBinding[] = [];
  /** Every local name the file's import records bind, re-exports included. */
  private readonly importedLocals = new Set<string>();

  constructor(ext: FileExtraction) {
    for (const { local, exported } of ext.exports) {
      const list = this.byExported.get(exported);
      if (list) list.push(local);
      else this.byExported.set(exported, [local]);
    }
    let seq = 0;
    for (const record of ext.imports) {
      for (const { local } of record.bindings) this.importedLocals.add(local);
      if (record.kind !== 'reexport') continue;
      for (const { imported, local } of record.bindings) {
        const binding = { seq: seq++, source: record.source, imported, local, star: local === '*' && imported === '*' };
        const list = this.byLocal.get(local);
        if (list) list.push(binding);
        else this.byLocal.set(local, [binding]);
        if (binding.star) this.stars.push(binding);
      }
    }
  }

  /** Whether an import record of the file (a re-export included) binds `name`. */
  importsLocal(name: string): boolean {
    return this.importedLocals.has(name);
  }

  /** The local names exported as `name`, in order. */
  localsExportedAs(name: string): readonly string[] {
    return this.byExported.get(name) ?? [];
  }

  /**
   * The re-export bindings that can export `name`: those exporting it by name and, when
   * `withStars`, every `export *`, merged in the file's order. A star binding exports `*` by
   * name too; it is listed once.
   */
  reexportsOf(name: string, withStars: boolean): readonly ReexportBinding[] {
    const named = this.byLocal.get(name) ?? [];
    if (!withStars || this.stars.length === 0 || name === '*') return named;
    if (named.length === 0) return this.stars;
    const merged: ReexportBinding[] = [];
    let i = 0;
    let j = 0;
    while (i < named.length || j < this.stars.length) {
      if (j >= this.stars.length || (i < named.length && named[i]!.seq < this.stars[j]!.seq)) merged.push(named[i++]!);
      else merged.push(this.stars[j++]!);
    }
    return merged;
  }
}
