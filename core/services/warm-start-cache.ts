// The warm-start cache a process's index uses (core/index/extraction-cache.ts), in the user's
// cache directory (core/config/cache-dir.ts), or none when METABOB_CACHE=off: then every launch
// indexes cold, as it does when the directory is unusable.
import { cacheDir, ensurePrivateDir, writePrivateFileInParts } from '../config/cache-dir.ts';
import { cacheDisabled, ExtractionCache } from '../index/extraction-cache.ts';

export function openExtractionCache(env: NodeJS.ProcessEnv): ExtractionCache | undefined {
  if (cacheDisabled(env)) return undefined;
  return new ExtractionCache(cacheDir(env), { ensurePrivateDir, writePrivateFileInParts });
}
