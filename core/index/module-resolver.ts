// Import specifiers to files of the index (SPEC §init_workspace). Each language
// module resolves its own specifiers (core/index/extract/languages/); this caches the answers
// for one resolution pass. Resolution probes the set of indexed files, never the disk, so it is
// pure and a re-index gives the same answer.
import type { LanguageId } from './extract-types.ts';
import type { ImportResolver, TsPathsConfig, WorkspacePackage } from './extract/languages/language-module.ts';
import { LANGUAGE_MODULES, languageModuleIndex, moduleIndexOfPath } from './extract/languages/registry.ts';

export type { TsPathsConfig };

export type ModuleTarget = { kind: 'file'; file: string } | { kind: 'external' };

export class ModuleResolver {
  private readonly files: Set<string>;
  private readonly cache = new Map<string, ModuleTarget>();
  /** By registry index, made on a module's first import. */
  private readonly resolvers: Array<ImportResolver | undefined> = [];

  constructor(
    files: Iterable<string>,
    private readonly tsPaths: TsPathsConfig | undefined,
    private readonly rootName = '',
    private readonly packages: readonly WorkspacePackage[] = [],
  ) {
    this.files = new Set(files);
  }

  private resolverOf(moduleIndex: number): ImportResolver {
    return (this.resolvers[moduleIndex] ??= LANGUAGE_MODULES[moduleIndex]!.importResolver({
      files: this.files,
      tsPaths: this.tsPaths,
      rootName: this.rootName,
      packages: this.packages,
    }));
  }

  resolve(fromFile: string, language: LanguageId, source: string): ModuleTarget {
    const moduleIndex = languageModuleIndex(language);
    const resolver = this.resolverOf(moduleIndex);
    const key = `${moduleIndex}\0${resolver.sameFromEveryFile ? '' : fromFile}\0${source}`;
    let hit = this.cache.get(key);
    if (!hit) {
      const file = resolver.resolve(fromFile, source);
      hit = file === undefined ? { kind: 'external' } : { kind: 'file', file };
      this.cache.set(key, hit);
    }
    return hit;
  }

  /** Submodule `name` of a package file (`from pkg import submodule`), by the package file's language. */
  submodule(packageFile: string, name: string): string | undefined {
    const moduleIndex = moduleIndexOfPath(packageFile);
    return moduleIndex === undefined ? undefined : this.resolverOf(moduleIndex).submodule?.(packageFile, name);
  }
}
