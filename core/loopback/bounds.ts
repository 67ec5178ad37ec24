// How much of this process the loopback server's callers may hold, and for how long (SPEC
// §impulse-shapes: local callers; docs/input-caps.md "The loopback server"). Every local user
// and program can reach 127.0.0.1, and node:http's defaults bound almost nothing: no connection
// cap, 60 s for a request's headers, checked every 30 s. About 20,000 half-sent requests from
// one local caller held as many descriptors; the process ran out, and indexing and git failed
// with it. Each bound below is far above what a local harness, the cockpit's event stream or a
// health poll needs, and far below what starves the process. Past a bound the caller gets a
// status and a one-line JSON cause, or, past both connection bounds, a closed connection; the
// server never throws for it.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { log } from '../log.ts';
import { ulid } from '../process/ulid.ts';

export const LOOPBACK_BOUNDS = {
  /**
   * Connections served at once. Callers are local (a harness resolving impulses, the cockpit's
   * /v1/events stream, health polls) and the resolver runs on this one event loop, so more at
   * once only queue. With the `refusing` band this holds at most 128 descriptors, leaving the
   * index (one open file per parsing lane), git (a few pipes per spawn) and SQLite theirs even
   * under a 1024 limit.
   */
  connections: 64,
  /** Connections past `connections` accepted only to be answered 503 loopback_busy; past both, closed at accept. */
  refusing: 64,
  /** A request's headers: a loopback caller sends them in well under a millisecond; this frees a held slot within seconds. */
  headersMs: 5_000,
  /** The whole request, body included (at most `bodyBytes`, which loopback moves in milliseconds): the slow-body deadline. */
  requestMs: 15_000,
  /** How often node:http checks the two deadlines above (its default, 30 s, would hold a slot that long past them). */
  checkEveryMs: 1_000,
  /** An idle kept-alive connection gives its slot back (node's default, made explicit). */
  keepAliveMs: 5_000,
  /** Request headers: the largest a caller sends is Authorization with a 43-character token or an API key. */
  headerBytes: 8 * 1024,
  /** A POST /v2/impulses/resolve body. */
  bodyBytes: 1024 * 1024,
  /**
   * Impulses one POST may carry. They run one after another on this event loop, so a request's
   * time is their sum: measured over the built server on this repository (512 files indexed,
   * two shared cores), code:cochange_prediction costs 105-130 ms an impulse (git log),
   * analyze_impact 6-8 ms, search_codebase 4-15 ms, get_metrics 6-20 ms; one request of 15,000
   * get_metrics impulses held the loop 14 s and answered 19 MB. At 32 the costliest local batch
   * ends in about 4 s, and a caller with more sends more requests.
   */
  impulsesPerRequest: 32,
} as const;

/** node:http options that take effect only at construction. */
export const BOUNDED_SERVER_OPTIONS = { maxHeaderSize: LOOPBACK_BOUNDS.headerBytes, connectionsCheckingInterval: LOOPBACK_BOUNDS.checkEveryMs };

const REFUSAL_LOG_MS = 60_000;

interface Refusal {
  status: number;
  reason: string;
  code: string;
  message: string;
}

/** node:http's parse and deadline errors as the answer a caller reads; undefined when there is no one to answer. */
function clientErrorRefusal(err: NodeJS.ErrnoException): Refusal | undefined {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = `the request did not arrive in time (its headers within ${LOOPBACK_BOUNDS.headersMs} ms, all of it within ${LOOPBACK_BOUNDS.requestMs} ms); the connection is closed`;
    return { status: 408, reason: 'Request Timeout', code: 'request_timeout', message };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      code: 'headers_too_large',
      message: `the request's headers are over ${LOOPBACK_BOUNDS.headerBytes} bytes`,
    };
  }
  if (err.code === 'ECONNRESET' || err.code === 'HPE_INVALID_EOF_STATE') return undefined;
  return {
    status: 400,
    reason: 'Bad Request',
    code: 'bad_request',
    message: `the request is not HTTP/1.1 this server can read (${err.code ?? 'parse error'})`,
  };
}

/** A refusal written straight to the socket: node:http has no response object for a request it could not read. */
function rawAnswer({ status, reason, code, message }: Refusal): string {
  const requestId = ulid();
  const body = JSON.stringify({ error: { code, message }, request_id: requestId });
  return (
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
    `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`
  );
}

/** The refusal of a resolver request over `impulsesPerRequest`, made before any impulse runs; null within it. */
export function impulseCountRefusal(count: number): string | null {
  const cap = LOOPBACK_BOUNDS.impulsesPerRequest;
  if (count <= cap) return null;
  return `${count} impulses is over the ${cap}-impulse cap of one request; none was resolved; send at most ${cap} per request`;
}

export interface LoopbackGate {
  /**
   * Called first for every request: false when it was refused (503 loopback_busy, answered
   * here) because more than `connections` are open, this one included.
   */
  admit(req: IncomingMessage, res: ServerResponse, requestId: string): boolean;
}

/** Applies LOOPBACK_BOUNDS to `server` (made with BOUNDED_SERVER_OPTIONS) and returns the gate its handler calls. */
export function boundLoopbackServer(server: Server): LoopbackGate {
  server.headersTimeout = LOOPBACK_BOUNDS.headersMs;
  server.requestTimeout = LOOPBACK_BOUNDS.requestMs;
  server.keepAliveTimeout = LOOPBACK_BOUNDS.keepAliveMs;
  // The hard stop: past it node closes a connection as it accepts it, holding nothing.
  server.maxConnections = LOOPBACK_BOUNDS.connections + LOOPBACK_BOUNDS.refusing;

  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
  });

  // Logged at most once a minute, so a flood of refusals cannot flood stderr too.
  let refused = 0;
  let loggedAt = 0;
  const noteRefusal = () => {
    refused++;
    const now = Date.now();
    if (now - loggedAt < REFUSAL_LOG_MS) return;
    log.warn(
      `loopback_busy: refused ${refused} connection(s) since the last report; over ${LOOPBACK_BOUNDS.connections} were open (a local caller is holding them; docs/input-caps.md "The loopback server")`,
    );
    loggedAt = now;
    refused = 0;
  };
  server.on('drop', noteRefusal);

  // A deadline or parse error may land while a response is being written; a refusal then
  // would corrupt it, so the socket is only closed.
  const responding = new WeakMap<Socket, ServerResponse>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const refusal = clientErrorRefusal(err);
    if (refusal && socket.writable && !responding.get(socket)?.headersSent) socket.end(rawAnswer(refusal));
    socket.destroy();
  });

  return {
    admit(req, res, requestId) {
      responding.set(req.socket, res);
      res.once('close', () => {
        if (responding.get(req.socket) === res) responding.delete(req.socket);
      });
      if (open <= LOOPBACK_BOUNDS.connections) return true;
      noteRefusal();
      const message = `${open} connections are open to this server, over its cap of ${LOOPBACK_BOUNDS.connections}; retry when one closes`;
      const body = JSON.stringify({ error: { code: 'loopback_busy', message }, request_id: requestId });
      res.writeHead(503, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': requestId, connection: 'close' });
      res.end(body);
      return false;
    },
  };
}
