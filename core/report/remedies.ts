// One line of remedy per named cause (SPEC §Named network causes, §Attachment "Named causes"):
// what a person does next when a hop fails. Keyed by the cause token at the start of the line.

/** The cause token a line starts with: `connect_refused(127.0.0.1:9): ...` -> `connect_refused`. */
export function causeToken(line: string | null | undefined): string | null {
  if (!line) return null;
  const m = /^([a-z][a-z0-9_]*)/.exec(line.trim());
  return m ? m[1] : null;
}

const REMEDIES: Record<string, string> = {
  not_configured:
    'run `metabob-mcp configure`, or set METABOB_API_KEY and METABOB_ENDPOINT (or DISCOVERY_ENDPOINT), or write them into ~/.substrate/config.json',
  anchor_unreachable: 'start the substrate (discovery) or correct the endpoint; check it answers GET /bootstrap from this machine',
  blocked_by_portal: 'sign in to the captive portal, or ask for the substrate host to be allowed through the proxy, then run again',
  identity_unreachable: "start the substrate's identity service, or pin a reachable one with IDENTITY_ENDPOINT / metabob.identityEndpoint",
  key_rejected: 'use an API key issued by this substrate: `metabob-mcp configure --api-key <key>` (or METABOB_API_KEY)',
  key_read_only: 'ask for a key with write scope if this machine records findings; reads work as they are',
  proxy_auth_required:
    'put Basic credentials in the proxy URL (http://user:password@proxy:3128); for NTLM / Negotiate run a local relay (px, cntlm) and point HTTPS_PROXY at it',
  proxy_port_blocked: 'ask for the port to be allowed through the proxy (Squid SSL_ports), or serve discovery on 443',
  proxy_refused: 'the proxy refused the request: ask for the substrate host to be allowed, or bypass it with NO_PROXY',
  proxy_unsupported: 'use an http:// or https:// proxy URL in HTTPS_PROXY / HTTP_PROXY (socks is not supported)',
  tls_intercepted: 'trust the issuer: NODE_EXTRA_CA_CERTS=/path/to/issuer-ca.pem (or add it to the OS trust store)',
  tls_name_mismatch: 'use the host name the certificate was issued for in the endpoint',
  tls_failed: 'check that the endpoint speaks TLS on that port (http:// vs https://)',
  dns_failed: 'check the host name in the endpoint; if only a proxy can resolve it, set HTTPS_PROXY',
  connect_timeout: 'packets are dropped: a network reachable only through a proxy needs HTTPS_PROXY; otherwise check the firewall',
  connect_refused: "nothing listens there: start the substrate, or correct the endpoint's host and port",
  connection_reset: 'something cut the connection (often a proxy): retry, or bypass the proxy for this host with NO_PROXY',
  response_timeout: 'the substrate is up but slow: retry, and check its load',
  no_producer: 'the substrate has no producer for the shape: check the fleet is complete',
  producer_timeout: 'the producer is slow: retry, and check its load',
  producer_unreachable: 'the producer behind discovery is down: start it',
};

export function remedyFor(line: string | null | undefined): string | null {
  const token = causeToken(line);
  return token ? (REMEDIES[token] ?? null) : null;
}
