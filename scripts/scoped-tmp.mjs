// A temp folder that lives as long as one `npm test` or `npm run bench` run. The tests and
// benches make their workspaces, homes and caches with mkdtemp(os.tmpdir()), and the servers
// they spawn inherit the environment; pointing TMPDIR at one folder per run and removing it
// when the run ends leaves nothing behind, however a test exits.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Makes the run's temp folder and the environment that points a child's os.tmpdir() at it. */
export function scopedTmp(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // As /tmp is: tests run Squid and a read-only install as other users, which must reach their
  // folders under it (mkdtemp makes it 0700).
  chmodSync(dir, 0o1777);
  const env = { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir };
  const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  return { dir, env, remove };
}
