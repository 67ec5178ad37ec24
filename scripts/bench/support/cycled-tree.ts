// A large workspace for the benches: source files copied from installed trees into a temp
// folder, cycled under numbered folders (copy0/, copy1/, ...) until there are `count` of them.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** `count` files from `sources` (each under source<i>/) that `take` accepts, in a new temp folder named `prefix`…; its path. */
export function cycledTree(sources: string[], count: number, prefix: string, take: (name: string, size: number) => boolean): string {
  const files: Array<{ from: string; rel: string }> = [];
  const walk = (label: string, base: string, dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory() && name !== '__pycache__' && name !== 'node_modules' && !name.startsWith('.')) walk(label, base, path);
      else if (stat.isFile() && take(name, stat.size)) files.push({ from: path, rel: join(label, path.slice(base.length + 1)) });
    }
  };
  sources.forEach((dir, i) => walk(`source${i}`, dir, dir));
  if (files.length === 0) throw new Error(`no source files to copy from ${sources.join(', ')}`);
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (let i = 0; i < count; i++) {
    const { from, rel } = files[i % files.length]!;
    const to = join(root, `copy${Math.floor(i / files.length)}`, rel);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  return root;
}
