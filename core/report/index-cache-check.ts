// doctor's `index_cache` check: where the warm-start cache lives (core/index/extraction-cache.ts)
// and whether init_workspace uses it. Like every doctor check it writes nothing: a directory
// not created yet is reported, not made.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckOutcome } from './model.ts';
import { cacheDir } from '../config/cache-dir.ts';
import { cacheDisabled } from '../index/extraction-cache.ts';

export function indexCacheOutcome(env: NodeJS.ProcessEnv): CheckOutcome {
  const base = cacheDir(env);
  const dir = join(base, 'extractions');
  if (cacheDisabled(env))
    return { status: 'ok', detail: `off (METABOB_CACHE=${env.METABOB_CACHE}): every init_workspace indexes cold`, data: { dir, used: false } };
  const unusable = (why: string): CheckOutcome => ({
    status: 'warn',
    detail: `not used: ${why}; every init_workspace indexes cold`,
    remedy: `make ${base} a directory of your own that only you can reach (chmod 700 ${base}), or set XDG_CACHE_HOME to one`,
    data: { dir, used: false },
  });
  let workspaces = 0;
  let bytes = 0;
  for (const path of [base, dir]) {
    let st;
    try {
      st = statSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return {
          status: 'ok',
          detail: `used: ${dir}, not created yet (the first init_workspace creates it, 0700)`,
          data: { dir, used: true, workspaces: 0, bytes: 0 },
        };
      }
      return unusable(`${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    if (!st.isDirectory()) return unusable(`${path} is not a directory`);
    if (process.platform !== 'win32' && typeof process.getuid === 'function') {
      if (st.uid !== process.getuid()) return unusable(`${path} is owned by uid ${st.uid}, not this user`);
      if (st.mode & 0o077) return unusable(`${path} is mode ${(st.mode & 0o777).toString(8)}, group or others can reach it`);
    }
    try {
      accessSync(path, constants.W_OK);
    } catch {
      return unusable(`${path} is not writable`);
    }
  }
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    workspaces++;
    try {
      bytes += statSync(join(dir, name)).size;
    } catch {
      // Pruned meanwhile.
    }
  }
  return {
    status: 'ok',
    detail: `used: ${dir}, ${workspaces} workspace(s), ${(bytes / 1024 / 1024).toFixed(1)} MB`,
    data: { dir, used: true, workspaces, bytes },
  };
}
