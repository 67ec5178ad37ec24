// SPEC §Client claim: the claim every write declares (operator, session, client). Claims, not
// attribution: the client asserts them so a producer's stamp can be joined to them.
import { VERSION } from '../version.ts';

/** Who a write is from: the session and its author's vessel id (SPEC §Client claim). */
export interface ClaimSource {
  sessionId: string;
  vesselId: string | undefined;
}

export interface ClientClaim {
  operator: string;
  session: string;
  client: string;
}

// @anchor clientClaim
export function clientClaim(source: ClaimSource, env: NodeJS.ProcessEnv = process.env): ClientClaim {
  const operator = env.MB_OPERATOR_ID || source.vesselId || 'metabob-mcp-unidentified';
  return { operator, session: source.sessionId, client: `metabob-mcp/${VERSION}` };
}
