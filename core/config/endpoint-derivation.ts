// SPEC §Endpoint derivation: the only address derived from the substrate endpoint is
// discovery (the anchor), and only for a local substrate. Every other service is found
// through discovery, so nothing else has a URL to derive.
import { redactUrl } from '../redact-url.ts';

// @anchor deriveLocalDiscoveryEndpoint
/**
 * An http: URL whose explicit port ends in 80 (8080, 18080, 28080, ...) gives discovery at
 * the same thousand-block's ...100 (http://127.0.0.1:18080 -> http://127.0.0.1:18100).
 * Anything else (https:, another port, no explicit port, not a URL) derives nothing: a
 * remote gateway is anchored by an explicit discovery endpoint, never by guessed siblings.
 */
export function deriveLocalDiscoveryEndpoint(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || url.port === '') return null;
  const port = Number(url.port);
  if (port % 100 !== 80) return null;
  const discoveryPort = Math.floor(port / 1000) * 1000 + 100;
  return `http://${url.hostname}:${discoveryPort}`;
}

// @anchor derivedDiscoveryWarning
/** The one WARN logged whenever discovery was derived rather than given. */
export function derivedDiscoveryWarning(discovery: string, endpoint: string, endpointFrom: string): string {
  return (
    `derived_discovery_h1: discovery ${discovery} was derived from the endpoint ${redactUrl(endpoint)} (${endpointFrom}); ` +
    'deriving the anchor is census class H1, which CONFORMANCE §c4-anchoring forbids, kept as interim H1 debt ' +
    'until the installer writes the discovery endpoint: set DISCOVERY_ENDPOINT or metabob.discoveryEndpoint to give it explicitly'
  );
}
