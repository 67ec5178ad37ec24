// The one reading of a path argument (SPEC §record_finding "workspace-relative or absolute"):
// every tool that takes a path accepts it workspace-relative, `./`-prefixed or absolute (inside
// the workspace, through the workspace's real path too) and means the same file, the
// workspace-relative `/`-separated form the store, the index and git history are keyed by.

import { isAbsolute, relative, resolve, sep } from 'node:path';
import { realPathOrSelf } from '../process/real-path.ts';

function inside(root: string, abs: string): string | undefined {
  const rel = relative(root, abs);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/**
 * `given` as a workspace-relative path with `/` (`''` for the workspace itself), or undefined
 * when it names a place outside the workspace. A trailing `/` is kept, so a folder stays a folder
 * for the substring filters.
 */
// @anchor workspacePath
export function workspacePath(root: string, given: string): string | undefined {
  const text = given.trim().replace(/\\/g, '/');
  const trailing = text.length > 1 && text.endsWith('/') ? '/' : '';
  const abs = resolve(root, text);
  // The workspace as decided and as it really is; a file that exists is read through its real path.
  const rel = inside(root, abs) ?? inside(realPathOrSelf(root), abs) ?? inside(realPathOrSelf(root), realPathOrSelf(abs));
  if (rel === undefined) return undefined;
  return rel === '' ? '' : rel + trailing;
}

/** For lookups and filters: the workspace-relative form, or the given text when outside (it then matches nothing here). */
export function workspacePathOrGiven(root: string, given: string): string {
  return workspacePath(root, given) ?? given.trim();
}
