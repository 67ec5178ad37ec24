// A copy of the built package as an install lays it out (dist/, vendor/, package.json), its
// node_modules linking the repository's own dependencies but those a test leaves out, so the
// built server meets a real missing or altered package, not a switch.
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './git.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The install's folder; `leaveOut` names the packages (`web-tree-sitter`, `@opentelemetry/api`) not linked. */
export function linkedInstall(prefix: string, leaveOut: string[]): string {
  const dir = tempDir(prefix);
  for (const entry of ['dist', 'vendor', 'package.json']) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  const from = join(ROOT, 'node_modules');
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  const names = readdirSync(from)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(from, name)).map((scoped) => `${name}/${scoped}`) : [name]));
  for (const name of names.filter((n) => !leaveOut.includes(n))) {
    if (name.includes('/')) mkdirSync(join(modules, name.split('/')[0]), { recursive: true });
    symlinkSync(join(from, name), join(modules, name));
  }
  return dir;
}
