// SPEC §Repository identity: a super-repo and a vessel checkout share one ledger. The
// super-repo names a vessel's file repos/<vessel>/<path> under its own identity; the
// vessel's checkout names it <path> under the vessel's. Recall on either side reads both.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoIdentity } from './repo-identity.ts';

/** What a checkout is, for mapping findings recorded on the other side. */
export interface CheckoutShape {
  /** This checkout's repository identity and basename. */
  identity: string;
  name: string;
  /** A repos/ directory at the root makes this the super-repo. */
  isSuperRepo: boolean;
  /** In a vessel checkout: its name, the last segment of its origin's identity. */
  vesselName: string;
  /** In the super-repo: each repos/<name>/ and its own origin identity when it has one. */
  vessels: Map<string, string | undefined>;
}

export interface RecalledFinding {
  repo: string;
  files: string[];
}

function lastSegment(identity: string): string {
  const parts = identity.split('/').filter(Boolean);
  return (parts[parts.length - 1] ?? identity).toLowerCase();
}

/** The names a vessel origin is known by in the super-repo (task pull reads both). */
export function vesselAliases(identity: string): { vesselName: string; superRepoPrefix: string } {
  const vesselName = lastSegment(identity);
  return { vesselName, superRepoPrefix: `repos/${vesselName}/` };
}

// @anchor repo-aliases
/**
 * The finding's files as this checkout names them, or null when the finding is not this
 * checkout's (neither its own repository nor the other side of a super-repo / vessel pair).
 */
export function mapFindingFiles(finding: RecalledFinding, here: CheckoutShape): string[] | null {
  const repo = finding.repo.toLowerCase();
  if (repo === here.identity.toLowerCase() || repo === here.name.toLowerCase()) return finding.files;
  if (here.isSuperRepo) {
    const name = lastSegment(repo);
    if (!here.vessels.has(name)) return null;
    const ownIdentity = here.vessels.get(name);
    if (ownIdentity !== undefined && ownIdentity.toLowerCase() !== repo) return null;
    return finding.files.map((f) => `repos/${name}/${f.replace(/^\/+/, '')}`);
  }
  // @anchor vesselAliases
  const prefix = vesselAliases(here.vesselName).superRepoPrefix;
  const mapped = finding.files.filter((f) => f.toLowerCase().startsWith(prefix)).map((f) => f.slice(prefix.length));
  return mapped.length > 0 ? mapped : null;
}

/** Reads the checkout's shape from disk and git (repos/ and each vessel's origin). */
export async function checkoutShape(workspace: string): Promise<CheckoutShape> {
  const own = await repoIdentity(workspace);
  const reposDir = join(workspace, 'repos');
  const vessels = new Map<string, string | undefined>();
  let isSuperRepo = false;
  try {
    isSuperRepo = statSync(reposDir).isDirectory();
  } catch {
    isSuperRepo = false;
  }
  if (isSuperRepo) {
    for (const entry of readdirSync(reposDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(reposDir, entry.name);
      const id = existsSync(join(dir, '.git')) ? await repoIdentity(dir) : undefined;
      vessels.set(entry.name.toLowerCase(), id?.source === 'origin' ? id.identity : undefined);
    }
  }
  const vesselName = own.origin ? lastSegment(own.origin) : own.name.toLowerCase();
  return { identity: own.identity, name: own.name, isSuperRepo, vesselName, vessels };
}
