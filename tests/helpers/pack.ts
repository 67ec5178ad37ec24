// The package as `npm pack` makes it from this checkout, for the tests that install it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Packs the built checkout into `dest` (scripts are not run: the build is the one on disk); returns the tarball's path. */
export function packTarball(dest: string): string {
  const pack = spawnSync('npm', ['pack', '--pack-destination', dest, '--ignore-scripts', '--silent'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  assert.equal(pack.status, 0, pack.stderr);
  return join(dest, pack.stdout.trim().split('\n').pop()!);
}
