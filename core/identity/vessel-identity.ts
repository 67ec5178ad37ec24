// SPEC §Client claim: who this process writes as. The vessel id is stable per key and
// workspace, so distinct workspaces and keys are told apart; it is derived once, from the
// first decided workspace, and kept for the life of the process (SPEC §Workspace: a moved
// root moves the repository, the store's scope and the marker, never the author).
import { createHash } from 'node:crypto';

export interface AuthorIdentity {
  /** undefined when nothing resolves: no VESSEL_ID and no METABOB_API_KEY. */
  vesselId: string | undefined;
  /** The workspace the identity was derived from. */
  workspace: string;
}

// @anchor resolveVesselId
/** VESSEL_ID when set; else `metabob-mcp-<12 hex of sha256(apiKey + workspace)>`; else none. */
export function resolveVesselId(workspace: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.VESSEL_ID) return env.VESSEL_ID;
  const key = env.METABOB_API_KEY;
  if (!key) return undefined;
  return (
    'metabob-mcp-' +
    createHash('sha256')
      .update(key + workspace)
      .digest('hex')
      .slice(0, 12)
  );
}

/** Who this session writes as: derived on the first call with a decided workspace, then kept. */
export class AuthorIdentityService {
  private author: AuthorIdentity | undefined;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  of(workspace: string): AuthorIdentity {
    this.author ??= { vesselId: resolveVesselId(workspace, this.env), workspace };
    return this.author;
  }
}
