// The package surface (languages/language-module.ts ModuleSurface 'package', Go and Java): the
// files of one directory in one language see each other's top-level names, and a Go method may
// be declared in any file of its type's package. A package's names are indexed once, by name,
// so a lookup reads the files that have the name instead of every file of the package (SPEC
// §init_workspace: a package may hold thousands of files); it answers what a walk over the
// package's files in index order answers.
import type { FileExtraction } from './extract-types.ts';
import { languageTraits } from './extract/languages/registry.ts';

interface Package {
  /** Its files, in index order. */
  files: number[];
  /** Top-level name -> the package's files that define it, in index order. */
  names?: Map<string, number[]>;
  /** `${owner}\0${name}` of a method declared apart from its owner -> the files that declare one, in index order. */
  detached?: Map<string, number[]>;
}

function packageKey(ext: FileExtraction): string {
  return `${ext.language}\0${ext.file.slice(0, ext.file.lastIndexOf('/') + 1)}`;
}

function add(map: Map<string, number[]>, key: string, file: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [file]);
  else if (list[list.length - 1] !== file) list.push(file);
}

export class PackageScope {
  private packages: Map<string, Package> | undefined;
  private readonly siblings: Array<number[] | undefined> = [];

  constructor(
    private readonly extractions: FileExtraction[],
    /** A file's top-level definitions by name. */
    private readonly topLevel: (file: number) => Map<string, number[]>,
    /** A file's methods declared apart from their owners, by `${owner}\0${name}`. */
    private readonly detached: (file: number) => Map<string, number>,
  ) {}

  private packageOf(fileIdx: number): Package | undefined {
    const ext = this.extractions[fileIdx];
    if (languageTraits(ext.language)?.surface !== 'package') return undefined;
    if (!this.packages) {
      this.packages = new Map();
      this.extractions.forEach((e, i) => {
        if (languageTraits(e.language)?.surface !== 'package') return;
        const key = packageKey(e);
        const found = this.packages!.get(key);
        if (found) found.files.push(i);
        else this.packages!.set(key, { files: [i] });
      });
    }
    return this.packages.get(packageKey(ext));
  }

  /** The other files of a package-surface file's package, in index order; none for another surface. */
  siblingsOf(fileIdx: number): number[] {
    let list = this.siblings[fileIdx];
    if (!list) this.siblings[fileIdx] = list = (this.packageOf(fileIdx)?.files ?? []).filter((i) => i !== fileIdx);
    return list;
  }

  /** The first other file of the package (index order) with a top-level definition of `name`. */
  siblingDefining(fileIdx: number, name: string): number | undefined {
    const pkg = this.packageOf(fileIdx);
    if (!pkg) return undefined;
    if (!pkg.names) {
      pkg.names = new Map();
      for (const file of pkg.files) for (const key of this.topLevel(file).keys()) add(pkg.names, key, file);
    }
    return firstOther(pkg.names.get(name), fileIdx);
  }

  /** The first file, the given one and then the others of its package in index order, declaring method `name` of `owner` apart from it. */
  detachedMember(fileIdx: number, owner: string, name: string): { file: number; def: number } | undefined {
    const key = `${owner}\0${name}`;
    const own = this.detached(fileIdx).get(key);
    if (own !== undefined) return { file: fileIdx, def: own };
    const pkg = this.packageOf(fileIdx);
    if (!pkg) return undefined;
    if (!pkg.detached) {
      pkg.detached = new Map();
      for (const file of pkg.files) for (const member of this.detached(file).keys()) add(pkg.detached, member, file);
    }
    const file = firstOther(pkg.detached.get(key), fileIdx);
    return file === undefined ? undefined : { file, def: this.detached(file).get(key)! };
  }
}

function firstOther(files: number[] | undefined, fileIdx: number): number | undefined {
  if (!files) return undefined;
  return files[0] !== fileIdx ? files[0] : files[1];
}
