// The package manifests of the workspace (SPEC §init_workspace), read once per index: the root
// package.json and those of its npm/yarn `workspaces` (`packages/*` and plain directories), so
// `import { x } from '@org/pkg'` resolves to a sibling package's source, and a package's
// `exports` and `imports` (`#internal/*`) map specifiers to files.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspacePackage } from './extract/languages/language-module.ts';

export type { WorkspacePackage };

const MAX_PACKAGES = 500;

function readManifest(root: string, dir: string): WorkspacePackage | undefined {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const entries = ['source', 'module', 'main', 'types'].map((k) => raw[k]).filter((v): v is string => typeof v === 'string');
  return {
    dir,
    name: typeof raw.name === 'string' ? raw.name : undefined,
    exports: raw.exports,
    imports: raw.imports,
    entries,
    workspaces: Array.isArray(raw.workspaces) ? raw.workspaces : (raw.workspaces as { packages?: unknown } | undefined)?.packages,
  };
}

/** The root package and its workspace packages, or none when the root has no package.json. */
export function readWorkspacePackages(root: string): WorkspacePackage[] {
  const top = readManifest(root, '');
  if (!top) return [];
  const out = [top];
  const patterns = Array.isArray(top.workspaces) ? top.workspaces.filter((p): p is string => typeof p === 'string') : [];
  for (const pattern of patterns) {
    const clean = pattern.replace(/^\.\//, '').replace(/\/$/, '');
    if (clean.includes('..')) continue;
    const dirs: string[] = [];
    if (clean.endsWith('/*') && !clean.slice(0, -2).includes('*')) {
      const parent = clean.slice(0, -2);
      try {
        for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
      } catch {
        continue;
      }
    } else if (!clean.includes('*')) dirs.push(clean);
    for (const dir of dirs.sort()) {
      if (out.length >= MAX_PACKAGES) return out;
      const manifest = readManifest(root, dir);
      if (manifest) out.push(manifest);
    }
  }
  return out;
}
