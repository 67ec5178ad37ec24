// The eval's cache of slow answers (the checker's or jedi's truth, the peer's edges), kept in the
// eval's own install (its node_modules, which git ignores). An entry's key
// hashes everything the answer depends on: the corpus files' bytes, the options, and the source
// of the program that computed it, so a changed corpus, version or truth script misses.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function cacheKey(root: string, files: readonly string[], ...inputs: unknown[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  hash.update(JSON.stringify(inputs));
  return hash.digest('hex').slice(0, 24);
}

export class EvalCache {
  constructor(private readonly dir: string | undefined) {}

  private path(kind: string, label: string, key: string): string {
    return join(this.dir!, `${kind}-${label.replace(/\W+/g, '-')}-${key}.json`);
  }

  get<T>(kind: string, label: string, key: string): T | undefined {
    if (!this.dir) return undefined;
    const path = this.path(kind, label, key);
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
  }

  set(kind: string, label: string, key: string, value: unknown): void {
    if (!this.dir) return;
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(this.path(kind, label, key), JSON.stringify(value));
  }
}
