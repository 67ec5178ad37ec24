// Import specifiers to files of the index (SPEC §init_workspace): relative
// paths with extension probing and `index` files, tsconfig `paths` / `baseUrl`, Python
// absolute and relative modules and packages (`__init__.py`). Resolution probes the set of
// indexed files, never the disk, so it is pure and a re-index gives the same answer.
import { posix } from 'node:path';
import type { LanguageId } from './extract-types.ts';

export interface TsPathsConfig {
  /** Workspace-relative directory `paths` are relative to ('' for the root). */
  baseUrl: string;
  /** Whether baseUrl was given (bare specifiers then resolve under it). */
  hasBaseUrl: boolean;
  paths: Array<{ pattern: string; targets: string[] }>;
}

const JS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];
/** `./a.js` in TypeScript ESM names `./a.ts`. */
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

export type ModuleTarget = { kind: 'file'; file: string } | { kind: 'external' };

export class ModuleResolver {
  private readonly files: Set<string>;
  private readonly cache = new Map<string, ModuleTarget>();
  /** Directories that hold Python sources with an __init__.py, for absolute imports. */
  private readonly pythonRoots: string[];

  constructor(files: Iterable<string>, private readonly tsPaths: TsPathsConfig | undefined, rootName = '') {
    this.files = new Set(files);
    this.pythonRoots = pythonSourceRoots(this.files, rootName);
  }

  resolve(fromFile: string, language: LanguageId, source: string): ModuleTarget {
    const family = language === 'python' || language === 'go' || language === 'java' || language === 'rust' ? language : 'js';
    // Go and Java name packages, not files: the key does not depend on the importing file.
    const key = `${family}\0${family === 'go' || family === 'java' ? '' : fromFile}\0${source}`;
    let hit = this.cache.get(key);
    if (!hit) {
      const file =
        family === 'python' ? this.resolvePython(fromFile, source)
        : family === 'go' ? this.resolveGo(source)
        : family === 'java' ? this.resolveJava(source)
        : family === 'rust' ? undefined
        : this.resolveJs(fromFile, source);
      hit = file === undefined ? { kind: 'external' } : { kind: 'file', file };
      this.cache.set(key, hit);
    }
    return hit;
  }

  /** A Python submodule `<package file's dir>/<name>` (for `from pkg import submodule`). */
  pythonSubmodule(packageFile: string, name: string): string | undefined {
    if (!packageFile.endsWith('__init__.py')) return undefined;
    return this.pythonModuleFile(posix.join(posix.dirname(packageFile), name));
  }

  /**
   * A Go import path names a package directory: the indexed directory the path ends with
   * (`example.com/app/pkg/util` -> `pkg/util`), longest match first. Returns the package's first
   * file; the symbol table treats a Go or Java file's siblings in its directory as one package.
   */
  private resolveGo(source: string): string | undefined {
    let best: string | undefined;
    for (const file of this.files) {
      if (!file.endsWith('.go')) continue;
      const dir = posix.dirname(file);
      const matches = dir === '.' ? false : source === dir || source.endsWith('/' + dir);
      if (matches && (!best || posix.dirname(best).length < dir.length || (posix.dirname(best) === dir && file < best))) best = file;
    }
    return best;
  }

  /** `com.acme.util.Strings` is the file `.../com/acme/util/Strings.java`. */
  private resolveJava(source: string): string | undefined {
    const path = source.replace(/\.\*$/, '').replace(/\./g, '/') + '.java';
    let best: string | undefined;
    for (const file of this.files) {
      if ((file === path || file.endsWith('/' + path)) && (!best || file.length < best.length)) best = file;
    }
    return best;
  }

  private resolveJs(fromFile: string, source: string): string | undefined {
    if (source.startsWith('.') || source.startsWith('/')) {
      const base = source.startsWith('/') ? source.slice(1) : posix.join(posix.dirname(fromFile), source);
      return this.probeJs(posix.normalize(base));
    }
    const config = this.tsPaths;
    if (!config) return undefined;
    for (const { pattern, targets } of config.paths) {
      const star = pattern.indexOf('*');
      let captured: string | undefined;
      if (star === -1) captured = pattern === source ? '' : undefined;
      else {
        const prefix = pattern.slice(0, star);
        const suffix = pattern.slice(star + 1);
        if (source.startsWith(prefix) && source.endsWith(suffix) && source.length >= prefix.length + suffix.length) {
          captured = source.slice(prefix.length, source.length - suffix.length);
        }
      }
      if (captured === undefined) continue;
      for (const target of targets) {
        const found = this.probeJs(posix.normalize(posix.join(config.baseUrl, target.replace('*', captured))));
        if (found) return found;
      }
    }
    if (config.hasBaseUrl) return this.probeJs(posix.normalize(posix.join(config.baseUrl, source)));
    return undefined;
  }

  private probeJs(base: string): string | undefined {
    const clean = base.replace(/^\.\//, '');
    if (clean.startsWith('..')) return undefined;
    const ext = posix.extname(clean);
    if (JS_TO_TS[ext]) {
      const stem = clean.slice(0, -ext.length);
      for (const alt of JS_TO_TS[ext]) if (this.files.has(stem + alt)) return stem + alt;
    }
    if (this.files.has(clean)) return clean;
    for (const e of JS_EXTENSIONS) if (this.files.has(clean + e)) return clean + e;
    for (const e of JS_EXTENSIONS) {
      const index = clean === '' || clean === '.' ? `index${e}` : `${clean}/index${e}`;
      if (this.files.has(index)) return index;
    }
    return undefined;
  }

  private resolvePython(fromFile: string, source: string): string | undefined {
    const dots = /^\.*/.exec(source)![0].length;
    const rest = source.slice(dots).replace(/\./g, '/');
    if (dots > 0) {
      let dir = posix.dirname(fromFile);
      for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
      if (dir === '.') dir = '';
      return this.pythonModuleFile(rest ? posix.join(dir, rest) : dir);
    }
    for (const root of this.pythonRoots) {
      let path: string | undefined;
      if (root.startsWith('\0')) {
        // The root is itself a package: `django.db` under a root named django is `db`.
        const name = root.slice(1);
        path = rest === name ? '' : rest.startsWith(name + '/') ? rest.slice(name.length + 1) : undefined;
      } else path = root ? posix.join(root, rest) : rest;
      const found = path === undefined ? undefined : this.pythonModuleFile(path);
      if (found) return found;
    }
    return undefined;
  }

  private pythonModuleFile(path: string): string | undefined {
    const p = path === '.' ? '' : path;
    if (p && this.files.has(`${p}.py`)) return `${p}.py`;
    const init = p ? `${p}/__init__.py` : '__init__.py';
    return this.files.has(init) ? init : undefined;
  }
}

/**
 * Where absolute Python imports start: the workspace root, `src/`, and, when the root is
 * itself a package (Django indexed at django/ imports `django.db`), the root under its name.
 */
function pythonSourceRoots(files: Set<string>, rootName: string): string[] {
  const roots = [''];
  if ([...files].some((f) => f.startsWith('src/') && f.endsWith('.py'))) roots.push('src');
  if (rootName && files.has('__init__.py')) roots.push(`\0${rootName}`);
  return roots;
}
