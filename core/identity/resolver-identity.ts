// SPEC §Agent-resolver tools: the agent-resolver queue is keyed by the vessel id, so a later
// session in the same workspace with the same key derives the same id and resumes its tasks.
import { createHash } from 'node:crypto';
import { resolveVesselId } from './vessel-identity.ts';

// @anchor getResolverVesselId
/**
 * VESSEL_ID, else metabob-mcp-<hash(apiKey + workspace)> (the author's id, SPEC §Client claim);
 * with neither, a workspace-only id, so a keyless session still reads its own (empty) queue.
 */
export function getResolverVesselId(workspace: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolveVesselId(workspace, env) ?? `metabob-mcp-local-${createHash('sha256').update(workspace).digest('hex').slice(0, 12)}`;
}
