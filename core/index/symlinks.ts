// What a symbolic link in the workspace is to the index (docs/index-caps.md "Symbolic links"):
// the scan never follows one, so every file is indexed once, where it really is, and nothing a
// workspace carries can point the index at a file outside it, which another agent would then
// read as this workspace's code. A path through a link is answered as the file it reaches when
// that file is inside the workspace; a link out of the workspace is named, never read.
import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

export type LinkTarget =
  /** The path passes through a link and reaches this workspace-relative file. */
  | { inside: true; file: string }
  /** The path passes through a link and leaves the workspace. */
  | { inside: false };

/** Where a workspace-relative path really is when a symbolic link is on it; undefined when none is, or it reaches nothing. */
export function linkTarget(root: string, file: string): LinkTarget | undefined {
  let realRoot: string;
  let real: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(join(root, file));
  } catch {
    return undefined;
  }
  if (real === join(realRoot, file)) return undefined;
  const rel = relative(realRoot, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return { inside: false };
  return { inside: true, file: rel.split(sep).join('/') };
}
