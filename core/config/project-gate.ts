// READING-NOTES "Where this project is stricter than the spec": a credential from one source is
// never sent to an endpoint from a less trusted one. A project-local config file (which a cloned
// repository can carry) supplies endpoints only together with its own key, or once the user
// trusted that file; the user-level files and a named file are the user's own and behave as
// SPEC §Precedence says.
import type { ProjectCandidate, ProjectFileGate } from './config-file.ts';
import { describeSource, type ValueSource } from './config-report.ts';
import type { TrustState } from './project-trust.ts';

export interface ProjectGateInput {
  /** Where the key already chosen (flags, environment) came from, or undefined when none is. */
  keySource: ValueSource | undefined;
  /** An endpoint is already set by a flag or the environment: then no file endpoint applies at all. */
  endpointChosen: boolean;
  /** The launch directory, named in the fix. */
  cwd: string;
  /** The user's trust record for this file (read only when it decides). */
  trust: (candidate: ProjectCandidate) => TrustState;
}

function trustNote(trust: TrustState): string {
  if (trust.state === 'changed') return ' (it changed since it was trusted)';
  if (trust.state === 'store_unusable') return ` (the trust record is unusable: ${trust.reason})`;
  return '';
}

// @anchor projectFileGate
/**
 * Accepts a project-local file whose endpoints would travel with its own key, whose endpoints
 * are moot (it has none, or an endpoint is already chosen, so config.ts drops them), or that
 * the user trusted with this content. Refuses any other with one line naming the file and the
 * fix; the lookup then goes on to the user's own files.
 */
export function projectFileGate(input: ProjectGateInput): ProjectFileGate {
  return (candidate) => {
    const endpoints = candidate.values.filter((v) => v.isEndpoint);
    if (endpoints.length === 0 || input.endpointChosen) return null;
    const ownKey = input.keySource === undefined && candidate.values.some((v) => v.variable === 'METABOB_API_KEY');
    if (ownKey) return null;
    const trust = input.trust(candidate);
    if (trust.state === 'trusted') return null;
    const keyClause = input.keySource ? `the key in use comes from ${describeSource(input.keySource)}` : 'it gives no apiKey of its own';
    return (
      `config_untrusted(${candidate.path}): its endpoints (${endpoints.map((v) => v.key).join(', ')}) are not used${trustNote(trust)}: ` +
      `a project-local file supplies endpoints only with its own apiKey or once you trust it, and ${keyClause}; the lookup goes on. ` +
      `If you trust this file, run metabob-mcp configure --trust-project in ${input.cwd} (an edit untrusts it again)`
    );
  };
}
