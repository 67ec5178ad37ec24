// The 2025-era lifecycle on stdio (MCP basic/lifecycle): `initialize` comes first and once,
// and before it the client sends nothing but `ping` ("The client SHOULD NOT send requests other
// than pings before the server has responded to the initialize request"). The 2026-07-28
// revision has no initialize: a request carrying its per-request envelope
// (`_meta["io.modelcontextprotocol/protocolVersion"]`) names its own version and is the SDK's to
// judge. A request with neither is 2025-era traffic that skipped the handshake (the SDK's stdio
// entry classifies a claimless message as 2025-era), so it is refused, naming both ways in.
// The spec gives no code for it; the SDK this server is built on answers a request before
// initialize with -32000 "Server not initialized" and a second initialize with -32600 "Server
// already initialized" (its Streamable HTTP transport), and so does this one on stdio.
import { PROTOCOL_VERSION_META_KEY, ProtocolErrorCode, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** JSON-RPC's implementation-defined server error, which the SDK uses for "Server not initialized". */
export const SERVER_NOT_INITIALIZED = -32000;

/** The 2025-era protocol versions the SDK negotiates in `initialize`, newest first (the 2026-07-28 revision has none). */
export const LEGACY_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026');

/** The one revision in which JSON-RPC batches are part of MCP (added 2025-03-26, removed 2025-06-18). */
export const BATCH_VERSION = '2025-03-26';

export interface Refusal {
  code: number;
  message: string;
}

interface RequestLike {
  method: string;
  params?: unknown;
}

/** Whether a request carries the 2026-07-28 per-request envelope's version claim. */
export function carriesEnvelope(params: unknown): boolean {
  const meta = params !== null && typeof params === 'object' ? (params as { _meta?: unknown })._meta : undefined;
  return meta !== null && typeof meta === 'object' && PROTOCOL_VERSION_META_KEY in meta;
}

/** The version the SDK answers an initialize asking for `requested` with: that one when it serves it, else its latest 2025-era one. */
export function negotiatedVersion(requested: unknown): string {
  return typeof requested === 'string' && LEGACY_VERSIONS.includes(requested) ? requested : LEGACY_VERSIONS[0];
}

/** A method name as a refusal quotes it: one line, at most 64 characters. */
function printable(method: string): string {
  return method.replace(/[^\x20-\x7e]/g, '?').slice(0, 64);
}

export class Lifecycle {
  private initialized = false;
  /** The 2025-era version of this connection once initialize came (the SDK's own word replaces it: setVersion). */
  version: string | undefined;

  /** The refusal a request meets, or undefined to deliver it; an initialize let through counts as the handshake. */
  check(request: RequestLike): Refusal | undefined {
    if (carriesEnvelope(request.params)) return undefined;
    if (request.method === 'initialize') {
      if (this.initialized) {
        return {
          code: ProtocolErrorCode.InvalidRequest,
          message: `Invalid Request: Server already initialized (protocol ${this.version}); initialize comes once per connection, and a new one needs a new connection`,
        };
      }
      this.initialized = true;
      this.version = negotiatedVersion((request.params as { protocolVersion?: unknown } | undefined)?.protocolVersion);
      return undefined;
    }
    if (request.method === 'ping' || this.initialized) return undefined;
    return {
      code: SERVER_NOT_INITIALIZED,
      message: `Server not initialized: ${printable(request.method)} before initialize; send initialize first (only ping may come before it), or carry the 2026-07-28 per-request _meta envelope (${PROTOCOL_VERSION_META_KEY})`,
    };
  }

  /** The version the SDK negotiated (it calls the transport's setProtocolVersion). */
  setVersion(version: string): void {
    if (LEGACY_VERSIONS.includes(version)) this.version = version;
  }
}
