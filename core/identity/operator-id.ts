// SPEC §Client claim: the claim every write declares (operator, session, client). Claims, not
// attribution: the client asserts them so a producer's stamp can be joined to them.
import { sessionId } from '../process/session.ts';
import { VERSION } from '../version.ts';
import { authorIdentity } from './vessel-identity.ts';

export interface ClientClaim {
  operator: string;
  session: string;
  client: string;
}

// @anchor clientClaim
export function clientClaim(workspace: string, env: NodeJS.ProcessEnv = process.env): ClientClaim {
  const operator = env.MB_OPERATOR_ID || authorIdentity(workspace).vesselId || 'metabob-mcp-unidentified';
  return { operator, session: sessionId, client: `metabob-mcp/${VERSION}` };
}
