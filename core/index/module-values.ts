// What module-level values hold (SPEC §init_workspace), for the symbol table (symbol-table.ts):
// the members of an object literal a module declares or exports (`const api = { get() {} }`,
// `module.exports = cli`), methods declared apart from their owner (`Foo.prototype.m`), a class a
// module exports as a whole, and where a name a file imports is bound as a module-level value
// with a declared type (`const m = new M()`), through export lists and re-export chains. Each
// file's tables are made on first use and each answer memoized, as the symbol table's are.
import { MAX_SPREAD_MEMBERS, SPREAD_MEMBER, type FileExtraction } from './extract-types.ts';
import type { Binding } from './import-bindings.ts';
import type { ExportIndex } from './export-index.ts';
import type { KindConfidences } from './call-confidence.ts';
import type { DefRef, Meaning } from './symbol-table.ts';
import { languageTraits } from './extract/languages/registry.ts';

/** What the symbol table answers that these lookups read: a file's own names, its bindings and exports. */
export interface ModuleNames {
  readonly extractions: FileExtraction[];
  topLevelOf(fileIdx: number): Map<string, number[]>;
  bindings(fileIdx: number): Map<string, Binding>;
  exportIndex(fileIdx: number): ExportIndex;
  moduleFile(fileIdx: number, source: string): number | undefined;
  resolveLocal(fileIdx: number, name: string, seen?: Set<string>): Meaning | undefined;
  resolveExport(fileIdx: number, name: string, seen?: Set<string>): Meaning | undefined;
  kinds(fileIdx: number): KindConfidences;
}

export class ModuleValues {
  constructor(private readonly names: ModuleNames) {}

  private readonly moduleValueNames: Array<Set<string> | undefined> = [];
  private readonly detachedMembers: Array<Map<string, number> | undefined> = [];

  /** The module-level names a file gives a declared type (`const m = new M()`, `m = M()`). */
  moduleValues(fileIdx: number): Set<string> {
    let names = this.moduleValueNames[fileIdx];
    if (!names) {
      names = new Set();
      for (const d of this.names.extractions[fileIdx].declaredTypes ?? []) if (d.kind === 'local' && d.owner === null && !d.lines) names.add(d.name);
      this.moduleValueNames[fileIdx] = names;
    }
    return names;
  }

  /** Methods declared apart from their owner, by `${owner}\0${name}` (the first of a name): `const api = { get() {} }`'s `api.get`, `Foo.prototype.m`, a Go method. */
  detached(fileIdx: number): Map<string, number> {
    let members = this.detachedMembers[fileIdx];
    if (!members) {
      members = new Map();
      this.names.extractions[fileIdx].definitions.forEach((d, i) => {
        const key = `${d.parentName}\0${d.name}`;
        if (d.parent === null && d.kind === 'method' && d.parentName !== undefined && !members!.has(key)) members!.set(key, i);
      });
      this.detachedMembers[fileIdx] = members;
    }
    return members;
  }

  /** The method `name` a file declares apart from its owner `owner`, if it does. */
  detachedMember(fileIdx: number, owner: string, name: string): number | undefined {
    return this.detached(fileIdx).get(`${owner}\0${name}`);
  }

  private readonly objectMemberMemo = new Map<string, DefRef | undefined>();
  private readonly typedValueMemo = new Map<string, { file: number; local: string } | undefined>();

  /** `api.get` where `api` is a module-level object of this file or one it imports: the member's definition. */
  objectMember(fileIdx: number, object: string, member: string): DefRef | undefined {
    const key = `${fileIdx}\0${object}\0${member}`;
    if (this.objectMemberMemo.has(key)) return this.objectMemberMemo.get(key);
    const found = this.findObjectMember(fileIdx, object, member);
    this.objectMemberMemo.set(key, found);
    return found;
  }

  /**
   * `const cli = { run() {} }; module.exports = cli`: the member `name` of the object a module
   * exports as a whole, which `require('./cli').run()` calls as the checker reads the module object.
   */
  defaultObjectMember(fileIdx: number, name: string): DefRef | undefined {
    for (const local of this.names.exportIndex(fileIdx).localsExportedAs('default')) {
      const found = this.objectMember(fileIdx, local, name);
      if (found) return found;
    }
    return undefined;
  }

  /** Where a name a file imports is bound as a module-level value with a declared type (valueOrigin, memoized). */
  typedValueOrigin(fileIdx: number, name: string): { file: number; local: string } | undefined {
    const key = `${fileIdx}\0${name}`;
    if (this.typedValueMemo.has(key)) return this.typedValueMemo.get(key);
    const found = this.valueOrigin(fileIdx, name);
    this.typedValueMemo.set(key, found);
    return found;
  }

  private findObjectMember(fileIdx: number, object: string, member: string): DefRef | undefined {
    if (!this.names.topLevelOf(fileIdx).has(object) && !this.names.bindings(fileIdx).has(object)) {
      const own = this.detachedMember(fileIdx, object, member);
      if (own !== undefined) return { file: fileIdx, def: own };
      const aliased = this.aliasedMember(fileIdx, object, member);
      if (aliased) return aliased;
    }
    const origin = this.valueOrigin(
      fileIdx,
      object,
      (file, local) =>
        this.detachedMember(file, local, member) !== undefined || this.memberAliasesOf(file).has(`${local}\0${member}`) || this.spreadsOf(file).has(local),
    );
    if (!origin) return undefined;
    const def = this.detachedMember(origin.file, origin.local, member);
    return def !== undefined ? { file: origin.file, def } : this.aliasedMember(origin.file, origin.local, member);
  }

  private readonly memberAliasMaps: Array<Map<string, string> | undefined> = [];
  private readonly spreadMaps: Array<Map<string, string[]> | undefined> = [];

  /** A file's MemberAlias records by `${owner}\0${name}` (the first of a key), its spreads by owner. */
  private memberAliasesOf(fileIdx: number): Map<string, string> {
    let aliases = this.memberAliasMaps[fileIdx];
    if (!aliases) {
      aliases = new Map();
      const spreads = new Map<string, string[]>();
      for (const a of this.names.extractions[fileIdx].memberAliases ?? []) {
        if (a.name === SPREAD_MEMBER) {
          let list = spreads.get(a.owner);
          if (!list) spreads.set(a.owner, (list = []));
          if (list.length < MAX_SPREAD_MEMBERS) list.push(a.target);
          continue;
        }
        const key = `${a.owner}\0${a.name}`;
        if (!aliases.has(key)) aliases.set(key, a.target);
      }
      this.memberAliasMaps[fileIdx] = aliases;
      this.spreadMaps[fileIdx] = spreads;
    }
    return aliases;
  }

  /** A file's module-level objects' spread names (`{ ...CSSSelector }`), by object. */
  private spreadsOf(fileIdx: number): Map<string, string[]> {
    this.memberAliasesOf(fileIdx);
    return this.spreadMaps[fileIdx]!;
  }

  /**
   * `api.run` with `const api = { run }`: the definition the file's name `run` reaches (MemberAlias),
   * if it is one; else, with `const util = { ...CSSSelector }` and `import * as CSSSelector`, what
   * that module exports as `run`, the last spread that has one (a later spread's member replaces
   * an earlier one's).
   */
  aliasedMember(fileIdx: number, owner: string, name: string): DefRef | undefined {
    const target = this.memberAliasesOf(fileIdx).get(`${owner}\0${name}`);
    if (target !== undefined) {
      const meaning = this.names.resolveLocal(fileIdx, target);
      if (meaning?.kind === 'def') return meaning.ref;
      // `{ log: log }` with `var log = require('./log')`: the module's value, a function `module.exports = log` exports.
      const exported = meaning?.kind === 'namespace' ? this.names.resolveExport(meaning.file, 'default') : undefined;
      return exported?.kind === 'def' ? exported.ref : undefined;
    }
    const spreads = this.spreadsOf(fileIdx).get(owner) ?? [];
    for (let i = spreads.length - 1; i >= 0; i--) {
      // `Object.assign({}, base)` with `const base = { mf() {} }` in the file: base's own member.
      const own = this.detachedMember(fileIdx, spreads[i]!, name);
      if (own !== undefined) return { file: fileIdx, def: own };
      const spread = this.names.resolveLocal(fileIdx, spreads[i]!);
      const found = spread?.kind === 'namespace' ? this.names.resolveExport(spread.file, name) : undefined;
      if (found?.kind === 'def') return found.ref;
    }
    return undefined;
  }

  /**
   * Where a name a file imports is bound as a module-level value: the exporting file and its
   * name there, following export lists and re-export chains (`export { m } from`, `export *`,
   * a Python package re-importing it). `declares` says which files bind it (by default: give
   * it a declared type, `const m = new M()`). Undefined when no file does.
   */
  valueOrigin(
    fileIdx: number,
    name: string,
    declares: (file: number, local: string) => boolean = (file, local) => this.moduleValues(file).has(local),
    seen = new Set<string>(),
  ): { file: number; local: string } | undefined {
    const dot = name.indexOf('.');
    if (dot > 0) {
      // `core.$ZodType` through `import * as core`: the value the module exports under that name;
      // `defaults.store` through `import { defaults }`: the member its module declares for the value.
      const head = this.names.bindings(fileIdx).get(name.slice(0, dot));
      const member = name.slice(dot + 1);
      if (head?.kind === 'namespace') {
        const inner = member.indexOf('.');
        return inner < 0
          ? this.exportedValue(head.file, member, declares, seen)
          : this.memberOrigin(head.file, member.slice(0, inner), member.slice(inner + 1), declares, seen);
      }
      return head?.kind === 'symbol' && !head.moduleObject ? this.memberOrigin(head.file, head.name, member, declares, seen) : undefined;
    }
    const binding = this.names.bindings(fileIdx).get(name);
    if (binding?.kind !== 'symbol') return undefined;
    return this.exportedValue(binding.file, binding.name, declares, seen);
  }

  /** Where member `member` (one key) of the value a module exports as `name` is declared: `const defaults = { store: new Store() }`. */
  private memberOrigin(
    fileIdx: number,
    name: string,
    member: string,
    declares: (file: number, local: string) => boolean,
    seen: Set<string>,
  ): { file: number; local: string } | undefined {
    if (member.includes('.')) return undefined;
    const origin = this.exportedValue(fileIdx, name, (file, local) => declares(file, `${local}.${member}`), seen);
    return origin && { file: origin.file, local: `${origin.local}.${member}` };
  }

  private exportedValue(
    fileIdx: number,
    name: string,
    declares: (file: number, local: string) => boolean,
    seen: Set<string>,
  ): { file: number; local: string } | undefined {
    const key = `${fileIdx}\0${name}`;
    if (seen.has(key) || seen.size > 32) return undefined;
    seen.add(key);
    const ext = this.names.extractions[fileIdx];
    const index = this.names.exportIndex(fileIdx);
    for (const local of index.localsExportedAs(name)) {
      if (declares(fileIdx, local)) return { file: fileIdx, local };
      const via = this.valueOrigin(fileIdx, local, declares, seen);
      if (via) return via;
    }
    if (name !== 'default' && declares(fileIdx, name)) return { file: fileIdx, local: name };
    for (const { source, imported, star } of index.reexportsOf(name, true)) {
      if (!star && imported === '*') continue;
      const target = this.names.moduleFile(fileIdx, source);
      const found = target === undefined ? undefined : this.exportedValue(target, star ? name : imported, declares, seen);
      if (found) return found;
    }
    // A namespace module (Python) re-exports what it imports.
    return languageTraits(ext.language)?.surface === 'namespace' ? this.valueOrigin(fileIdx, name, declares, seen) : undefined;
  }

  /**
   * `const { locate } = require('./finder')` where the module exports one value as a whole and no
   * name `locate`: the member of that value, as the checker reads a destructured require. The
   * value is an object (`const cli = { run() {} }; module.exports = cli`) or a class
   * (`module.exports = PythonFinder`, whose static `findPython` it reaches; a static and an
   * instance member of one name are not told apart, and the first declared is taken).
   */
  wholeExportMember(fileIdx: number, name: string, seen?: Set<string>): Meaning | undefined {
    const member = this.defaultObjectMember(fileIdx, name);
    if (member) return { kind: 'def', ref: member, confidence: this.names.kinds(fileIdx).importResolved };
    const whole = this.names.resolveExport(fileIdx, 'default', seen);
    if (whole?.kind !== 'def' || this.names.extractions[whole.ref.file]!.definitions[whole.ref.def]!.kind !== 'class') return undefined;
    const def = this.childrenOf(whole.ref.file).get(`${whole.ref.def}\0${name}`);
    return def === undefined ? undefined : { kind: 'def', ref: { file: whole.ref.file, def }, confidence: whole.confidence };
  }

  private readonly children: Array<Map<string, number> | undefined> = [];

  /** A file's definitions nested in another, by `${parent index}\0${name}` (the first of a key), made on first use. */
  private childrenOf(fileIdx: number): Map<string, number> {
    let children = this.children[fileIdx];
    if (!children) {
      children = new Map();
      this.names.extractions[fileIdx]!.definitions.forEach((d, i) => {
        const key = `${d.parent}\0${d.name}`;
        if (d.parent !== null && !children!.has(key)) children!.set(key, i);
      });
      this.children[fileIdx] = children;
    }
    return children;
  }
}
