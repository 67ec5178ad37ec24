// Where a Python import leads (LanguageModule.importResolver): absolute modules from the
// workspace's import roots, relative ones from the importing file's package, packages by their
// `__init__.py`.
import { posix } from 'node:path';
import type { ImportResolver, ResolverInput } from './language-module.ts';

/**
 * Where absolute Python imports start: the workspace root and `src/`; when the root is itself
 * a package (Django indexed at django/ imports `django.db`), only the root under its name, as
 * its parent is the directory on `sys.path`: `import json` in flask/json/provider.py is the
 * standard library's json, not flask's own.
 */
function pythonSourceRoots(files: ReadonlySet<string>, rootName: string): string[] {
  if (rootName && files.has('__init__.py')) return [`\0${rootName}`];
  const roots = [''];
  if ([...files].some((f) => f.startsWith('src/') && f.endsWith('.py'))) roots.push('src');
  return roots;
}

/** Absolute and relative modules and packages (`__init__.py`). */
export function pythonImportResolver({ files, rootName }: ResolverInput): ImportResolver {
  const roots = pythonSourceRoots(files, rootName);
  const moduleFile = (path: string): string | undefined => {
    const p = path === '.' ? '' : path;
    if (p && files.has(`${p}.py`)) return `${p}.py`;
    const init = p ? `${p}/__init__.py` : '__init__.py';
    return files.has(init) ? init : undefined;
  };
  return {
    resolve(fromFile, source) {
      const dots = /^\.*/.exec(source)![0].length;
      const rest = source.slice(dots).replace(/\./g, '/');
      if (dots > 0) {
        let dir = posix.dirname(fromFile);
        for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
        if (dir === '.') dir = '';
        return moduleFile(rest ? posix.join(dir, rest) : dir);
      }
      for (const root of roots) {
        let path: string | undefined;
        if (root.startsWith('\0')) {
          // The root is itself a package: `django.db` under a root named django is `db`.
          const name = root.slice(1);
          path = rest === name ? '' : rest.startsWith(name + '/') ? rest.slice(name.length + 1) : undefined;
        } else path = root ? posix.join(root, rest) : rest;
        const found = path === undefined ? undefined : moduleFile(path);
        if (found) return found;
      }
      return undefined;
    },
    submodule(packageFile, name) {
      if (!packageFile.endsWith('__init__.py')) return undefined;
      return moduleFile(posix.join(posix.dirname(packageFile), name));
    },
  };
}
