// Bare and `#` specifiers through the workspace's package manifests (SPEC §init_workspace): a
// workspace package by name (`@org/pkg`, `@org/pkg/sub`) through its `exports` or entry fields,
// and a package's own `imports` (`#internal/*`). A manifest names built files (`./dist/x.js`)
// that the index does not hold; the workspace's source of the same module is then taken: the
// path with the build directory (and a format directory under it) replaced by `src`.
import { posix } from 'node:path';
import type { WorkspacePackage } from './language-module.ts';

const BUILD_DIRS = /^(dist|build|lib|out|esm|cjs)\//;

/** Every string target of an `exports` / `imports` value, conditions in their written order. */
function targetsOf(value: unknown, out: string[], depth = 0): string[] {
  if (depth > 6) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) targetsOf(v, out, depth + 1);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) targetsOf(v, out, depth + 1);
  return out;
}

/** The value a subpath (`.`, `./sub`, `#x/y`) takes in a map, `*` patterns included. */
function mapped(map: unknown, subpath: string): string[] {
  if (typeof map === 'string' || Array.isArray(map)) return subpath === '.' ? targetsOf(map, []) : [];
  if (!map || typeof map !== 'object') return [];
  const record = map as Record<string, unknown>;
  const keys = Object.keys(record);
  // A conditions object at the top (`exports: { import, require }`) is the `.` entry.
  if (!keys.some((k) => k.startsWith('.') || k.startsWith('#'))) return subpath === '.' ? targetsOf(record, []) : [];
  if (subpath in record) return targetsOf(record[subpath], []);
  for (const key of keys) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length) {
      const captured = subpath.slice(prefix.length, subpath.length - suffix.length);
      return targetsOf(record[key], []).map((t) => t.split('*').join(captured));
    }
  }
  return [];
}

/** Paths (workspace-relative, without probing) a target may be found at: as written, then as source. */
function candidates(pkg: WorkspacePackage, target: string): string[] {
  const clean = target.replace(/^\.\//, '').replace(/\.d\.(m|c)?ts$/, '.js');
  const out = [posix.join(pkg.dir, clean)];
  if (BUILD_DIRS.test(clean)) {
    const rest = clean.replace(BUILD_DIRS, '');
    out.push(posix.join(pkg.dir, 'src', rest));
    const inner = rest.indexOf('/');
    if (inner > 0) out.push(posix.join(pkg.dir, 'src', rest.slice(inner + 1)));
  }
  return out;
}

/** The first indexed file a package specifier names, through `probe` (extensions, index files, .js to .ts). */
export function resolvePackageSpecifier(
  packages: readonly WorkspacePackage[],
  fromFile: string,
  source: string,
  probe: (path: string) => string | undefined,
): string | undefined {
  if (source.startsWith('#')) {
    let owner: WorkspacePackage | undefined;
    for (const pkg of packages) if ((pkg.dir === '' || fromFile.startsWith(pkg.dir + '/')) && (!owner || pkg.dir.length > owner.dir.length)) owner = pkg;
    if (!owner) return undefined;
    for (const target of mapped(owner.imports, source)) {
      if (!target.startsWith('./')) continue; // a package name: outside the workspace
      for (const path of candidates(owner, target)) {
        const found = probe(path);
        if (found) return found;
      }
    }
    return undefined;
  }
  for (const pkg of packages) {
    if (!pkg.name || pkg.dir === '' || !(source === pkg.name || source.startsWith(pkg.name + '/'))) continue;
    const subpath = source === pkg.name ? '.' : `.${source.slice(pkg.name.length)}`;
    const targets = pkg.exports !== undefined ? mapped(pkg.exports, subpath) : subpath === '.' ? pkg.entries : [subpath];
    if (subpath === '.') targets.push('./src/index');
    for (const target of targets) {
      for (const path of candidates(pkg, target)) {
        const found = probe(path);
        if (found) return found;
      }
    }
  }
  return undefined;
}
