// TypeScript / JavaScript import specifiers to indexed files (SPEC §init_workspace): relative paths
// with extension probing and `index` files, tsconfig `paths` / `baseUrl`, workspace packages and
// package `imports` (typescript-packages.ts). Other bare package names are outside the workspace.
import { posix } from 'node:path';
import type { ImportResolver, ResolverInput } from './language-module.ts';
import { resolvePackageSpecifier } from './typescript-packages.ts';

const SLASH = 0x2f;
const JS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];
/** `./a.js` in TypeScript ESM names `./a.ts`. */
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

export function typescriptImportResolver({ files, tsPaths, packages }: ResolverInput): ImportResolver {
  const probe = (base: string): string | undefined => {
    // `require('./')` names the folder's index, as `require('.')` does: a trailing slash is dropped
    // (by a loop, linear on a run of slashes).
    let end = base.length;
    while (end > 1 && base.charCodeAt(end - 1) === SLASH) end--;
    const clean = base.slice(0, end).replace(/^\.\//, '');
    if (clean.startsWith('..')) return undefined;
    const ext = posix.extname(clean);
    if (JS_TO_TS[ext]) {
      const stem = clean.slice(0, -ext.length);
      for (const alt of JS_TO_TS[ext]) if (files.has(stem + alt)) return stem + alt;
    }
    if (files.has(clean)) return clean;
    for (const e of JS_EXTENSIONS) if (files.has(clean + e)) return clean + e;
    for (const e of JS_EXTENSIONS) {
      const index = clean === '' || clean === '.' ? `index${e}` : `${clean}/index${e}`;
      if (files.has(index)) return index;
    }
    return undefined;
  };
  return {
    resolve(fromFile, source) {
      if (source.startsWith('.') || source.startsWith('/')) {
        const base = source.startsWith('/') ? source.slice(1) : posix.join(posix.dirname(fromFile), source);
        return probe(posix.normalize(base));
      }
      const config = tsPaths;
      if (source.startsWith('#') || packages.length > 1) {
        const found = resolvePackageSpecifier(packages, fromFile, source, (path) => probe(posix.normalize(path)));
        if (found) return found;
      }
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
          const found = probe(posix.normalize(posix.join(config.baseUrl, target.replace('*', captured))));
          if (found) return found;
        }
      }
      if (config.hasBaseUrl) return probe(posix.normalize(posix.join(config.baseUrl, source)));
      return undefined;
    },
  };
}
