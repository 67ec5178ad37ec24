// A path's real path (symlinks resolved) when it exists, else the path as given: the one key
// the workspace, the store scope, the markers and the caches agree on (SPEC §workspace "by real
// path"), without a missing file turning into an error.
import { realpathSync } from 'node:fs';

export function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
