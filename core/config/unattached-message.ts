// SPEC §Configuration: with the key or the endpoint missing the server still starts (the
// local tools work) and logs one message naming what is missing and the lookup order;
// /health and doctor report the same line.
import { INSTALLER_CONFIG_PATH } from './config-file.ts';
import { describeSource, type ConfigReport, type MissingInput } from './config-report.ts';
import { redactUrl } from '../redact-url.ts';

/** The lookup order, as one clause. */
export const LOOKUP_ORDER_TEXT =
  'flags --api-key/--endpoint; the environment (METABOB_API_KEY, METABOB_ENDPOINT, DISCOVERY_ENDPOINT, then SUBSTRATE_API_KEY, SUBSTRATE_ENDPOINT); ' +
  'then the first config file with a top-level "metabob" section among SUBSTRATE_CONFIG_PATH, METABOB_CONFIG_PATH, ' +
  './.substrate/config.json, ./.metabob/config.json, ~/.substrate/config.json, ~/.metabob/config.json';

type MessageInput = Pick<ConfigReport, 'file' | 'namedFileProblem' | 'endpoint' | 'missing'>;

function missingPhrase(input: MessageInput, what: MissingInput): string {
  if (what === 'apiKey') return 'the API key (METABOB_API_KEY or metabob.apiKey)';
  if (input.endpoint) {
    return (
      `the discovery endpoint (the endpoint ${redactUrl(input.endpoint.value)}, from ${describeSource(input.endpoint.source)}, ` +
      'is not a local http: URL on a port ending in 80, so it derives none: set DISCOVERY_ENDPOINT or metabob.discoveryEndpoint)'
    );
  }
  return 'the endpoint (METABOB_ENDPOINT or metabob.endpoint; or the anchor itself, DISCOVERY_ENDPOINT or metabob.discoveryEndpoint)';
}

// @anchor unattachedMessage
/** The one `not_configured: ...` line, or null when the key and the anchor are both present. */
export function unattachedMessage(input: MessageInput): string | null {
  if (input.missing.length === 0) return null;
  const missing = input.missing.map((m) => missingPhrase(input, m)).join(' and ');
  let fileClause: string;
  if (input.file) fileClause = `read ${input.file}`;
  else if (input.namedFileProblem) {
    const p = input.namedFileProblem;
    fileClause = `the file named by ${p.namedBy}, ${p.path}, ${p.reason}`;
  } else {
    fileClause = `no config file qualified: create ${INSTALLER_CONFIG_PATH} with {"metabob": {"apiKey": "<key>", "endpoint": "<url>"}}`;
  }
  return (
    `not_configured: missing ${missing}; the local tools work, the substrate tools are not attached. ` +
    `Looked in order at: ${LOOKUP_ORDER_TEXT}; ${fileClause}`
  );
}

/**
 * The line a server start logs when something is missing: what is missing and where to go, in
 * one short line. The lookup order is doctor's to show (it reports unattachedMessage whole).
 */
export function unattachedStartLine(input: MessageInput): string | null {
  if (input.missing.length === 0) return null;
  const missing = input.missing
    .map((m) =>
      m === 'apiKey'
        ? 'the API key (METABOB_API_KEY)'
        : input.endpoint
          ? 'a discovery endpoint (DISCOVERY_ENDPOINT: the endpoint given derives none)'
          : 'the endpoint (METABOB_ENDPOINT)',
    )
    .join(' and ');
  return `not_configured: missing ${missing}; serving the local tools only. "metabob-mcp configure" sets it up; "metabob-mcp doctor" shows where it looked`;
}

/**
 * The same cause as the one line a tool echoes (SPEC §attachment "The gate"): what is missing
 * and what to do, without the lookup order, which the start-up line and doctor carry.
 */
export function unattachedCauseLine(input: MessageInput): string | null {
  if (input.missing.length === 0) return null;
  const missing = input.missing.map((m) => missingPhrase(input, m)).join(' and ');
  return `not_configured: missing ${missing}; substrate tools are unavailable; local tools still work (metabob-mcp configure sets them up)`;
}
