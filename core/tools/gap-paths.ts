// SPEC §path_activity "Path mapping": the gap store names files super-repo-relative,
// repos/<vessel>/<path>. The same rule maps findings between a super-repo and a vessel checkout
// (SPEC §Repository identity, core/identity/repo-aliases.ts): a repos/ directory at the root is
// the super-repo; otherwise a repository with an origin is the vessel named by its origin's basename.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { runGit } from '../git/run-git.ts';
import { repoIdentity } from '../identity/repo-identity.ts';
import { vesselAliases } from '../identity/repo-aliases.ts';
import { normalizeStorePath } from '../substrate/gap-activity.ts';
import { workspacePath } from './workspace-path.ts';

/** `prefix`: where the workspace sits in the vessel's repository (`packages/api/`), '' at its root. */
export type GapCheckout = { kind: 'super-repo' } | { kind: 'vessel'; vessel: string; prefix?: string } | { kind: 'other' };

export type MappedPath =
  /** A store path in a vessel under repos/. */
  | { kind: 'vessel'; given: string; storePath: string; vessel: string }
  /** A super-repo path outside repos/ (docs/, README.md): no gap names it. */
  | { kind: 'outside-repos'; given: string; storePath: string }
  /** In a repository that is neither: only repos/… paths are checked. */
  | { kind: 'unmapped'; given: string; reason: string };

// Read once per workspace per process, as the repository identity is (SPEC §repoIdentity).
const prefixes = new Map<string, string>();

/** What the workspace is to the gap store, read from disk and git. */
export async function gapCheckoutOf(root: string): Promise<GapCheckout> {
  try {
    if (statSync(join(root, 'repos')).isDirectory()) return { kind: 'super-repo' };
  } catch {
    // no repos/ directory: not the super-repo
  }
  const id = await repoIdentity(root);
  if (!id.origin) return { kind: 'other' };
  // A workspace below the repository root (a monorepo package) names files from that root.
  let prefix = prefixes.get(root);
  if (prefix === undefined) {
    const read = await runGit(root, ['rev-parse', '--show-prefix'], { timeoutMs: 5000 });
    prefix = read.ok ? normalizeStorePath(read.stdout.trim()) : '';
    if (read.ok) prefixes.set(root, prefix);
  }
  return { kind: 'vessel', vessel: vesselAliases(id.origin).vesselName, prefix };
}

const STORE_FORM = /^repos\/([^/]+)(\/|$)/;

// @anchor pathMapper
/** One given path (workspace-relative, absolute, or repos/<vessel>/<path>) in the store's form. */
export function pathMapper(checkout: GapCheckout, root: string, given: string): MappedPath {
  const rel = workspacePath(root, given);
  const asGiven = normalizeStorePath(given.trim());
  if (checkout.kind === 'super-repo') {
    if (rel === undefined) {
      const m = STORE_FORM.exec(asGiven);
      if (m) return { kind: 'vessel', given, storePath: asGiven, vessel: m[1].toLowerCase() };
      return { kind: 'unmapped', given, reason: 'it is outside the workspace' };
    }
    const path = normalizeStorePath(rel);
    const m = STORE_FORM.exec(path);
    if (m) return { kind: 'vessel', given, storePath: path, vessel: m[1].toLowerCase() };
    return { kind: 'outside-repos', given, storePath: path };
  }
  const m = STORE_FORM.exec(asGiven);
  if (m && (checkout.kind === 'other' || rel === undefined || !exists(root, asGiven))) {
    return { kind: 'vessel', given, storePath: asGiven, vessel: m[1].toLowerCase() };
  }
  if (checkout.kind === 'other') {
    return { kind: 'unmapped', given, reason: 'this repository is neither the super-repo nor a vessel checkout (no repos/ directory, no origin remote)' };
  }
  if (rel === undefined) return { kind: 'unmapped', given, reason: 'it is outside the workspace' };
  const path = [checkout.prefix, normalizeStorePath(rel)].filter(Boolean).join('/');
  const storePath = path ? `repos/${checkout.vessel}/${path}` : `repos/${checkout.vessel}`;
  return { kind: 'vessel', given, storePath, vessel: checkout.vessel };
}

function exists(root: string, rel: string): boolean {
  try {
    statSync(join(root, rel));
    return true;
  } catch {
    return false;
  }
}
