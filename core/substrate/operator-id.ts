// SPEC §client-claim: every write the server makes declares who sends it. Claims, not
// attribution: only a producer that stamps a write from the credential attributes it.
import { createHash } from 'node:crypto';
import { sessionId } from '../server/session.ts';
import { VERSION } from '../version.ts';
import { workspaceState } from '../workspace/workspace.ts';

export interface ClientClaim {
  operator: string;
  session: string;
  client: string;
}

/** This workspace's stable vessel id: VESSEL_ID when pinned, else metabob-mcp-<hash(apiKey + workspace)>. */
export function vesselId(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VESSEL_ID?.trim()) return env.VESSEL_ID.trim();
  const key = env.METABOB_API_KEY?.trim();
  if (!key) return 'metabob-mcp-unidentified';
  const decision = workspaceState().decideNow();
  const workspace = decision.decided ? decision.path : process.cwd();
  return 'metabob-mcp-' + createHash('sha256').update(key + '\0' + workspace).digest('hex').slice(0, 16);
}

// @anchor clientClaim
export function clientClaim(env: NodeJS.ProcessEnv = process.env): ClientClaim {
  return {
    operator: env.MB_OPERATOR_ID?.trim() || vesselId(env),
    session: sessionId,
    client: `metabob-mcp/${VERSION}`,
  };
}
