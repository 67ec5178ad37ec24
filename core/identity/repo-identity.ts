// SPEC §Repository identity: the ledger is keyed by repository, read once per workspace path.
import { basename, relative, sep } from 'node:path';

import { runGit } from '../git/run-git.ts';
import { normalizeRemoteUrl } from './normalize-remote-url.ts';
import { realPathOrSelf } from '../process/real-path.ts';

export interface RepoIdentity {
  /** `github.com/org/repo[/sub/path]`, or the workspace basename with no origin (or, source unknown, only a stand-in to read by). */
  identity: string;
  /** The workspace basename (`repo_name:`). */
  name: string;
  /**
   * origin: from the origin remote; basename: there is none (git absent, not a repository, no
   * such remote); unknown: git failed for another reason (dubious ownership, a broken config, a
   * timeout), so whether an origin exists is not known, and nothing may be keyed to the basename.
   */
  source: 'origin' | 'basename' | 'unknown';
  /** Source unknown: git's own line saying what failed. */
  failure?: string;
  /** The normalized origin URL, without a workspace subpath. */
  origin?: string;
}

// Process cache: a workspace's origin is read from git once per process (SPEC §repoIdentity).
const cache = new Map<string, RepoIdentity>();
// Calls that arrive while git is being asked share its answer: a burst of writes would otherwise
// start one git each, and on a busy machine their own load makes git miss its budget.
const asking = new Map<string, Promise<RepoIdentity>>();

// @anchor repoIdentity
export function repoIdentity(workspace: string): Promise<RepoIdentity> {
  const known = cache.get(workspace);
  if (known) return Promise.resolve(known);
  let pending = asking.get(workspace);
  if (!pending) {
    pending = readRepoIdentity(workspace).finally(() => asking.delete(workspace));
    asking.set(workspace, pending);
  }
  return pending;
}

async function readRepoIdentity(workspace: string): Promise<RepoIdentity> {
  const name = basename(workspace);
  const origin = await runGit(workspace, ['remote', 'get-url', 'origin'], { timeoutMs: 5000 });
  let found: RepoIdentity = { identity: name, name, source: 'basename' };
  if (origin.ok && origin.stdout.trim()) {
    const originId = normalizeRemoteUrl(origin.stdout.trim());
    let identity = originId;
    const top = await runGit(workspace, ['rev-parse', '--show-toplevel'], { timeoutMs: 5000 });
    if (top.ok) {
      // A workspace below the repository root keeps its own ledger (monorepo packages).
      const sub = relative(realPathOrSelf(top.stdout.trim()), realPathOrSelf(workspace)).split(sep).join('/');
      if (sub && !sub.startsWith('..')) identity += '/' + sub.toLowerCase();
    }
    found = { identity, name, source: 'origin', origin: originId };
  } else if (!origin.ok && origin.kind !== 'not_a_repository' && origin.kind !== 'git_missing' && !/no such remote/i.test(origin.stderr)) {
    // SPEC §Repository identity names the basename only for no origin; a failing git is not that.
    // The basename is returned only for reading by, with what failed; the next call asks again.
    return { ...found, source: 'unknown', failure: origin.line };
  }
  cache.set(workspace, found);
  return found;
}

// @anchor commitInHead
/** Whether a commit is in HEAD's history; undefined when git could not say. */
export async function commitInHead(root: string, sha: string): Promise<boolean | undefined> {
  const r = await runGit(root, ['merge-base', '--is-ancestor', sha, 'HEAD']);
  if (r.ok) return true;
  if (r.kind === 'failed' && r.code === 1) return false;
  return undefined;
}
