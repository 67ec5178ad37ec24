// The files git tracks under a folder, for the index's file cap (core/index/file-cap.ts: tracked
// files are kept before untracked ones). Through runGit, so the repository's config runs nothing.
import { runGit } from './run-git.ts';

/** Paths relative to `root` (ls-files run there names them so), or undefined when it is no checkout or git failed. */
export async function trackedFiles(root: string): Promise<Set<string> | undefined> {
  const listed = await runGit(root, ['ls-files', '-z']);
  if (!listed.ok) return undefined;
  return new Set(listed.stdout.split('\0').filter(Boolean));
}
