// The built server (dist/cli.js, MCP over stdio) served on http://127.0.0.1:<port>/mcp, for the
// official conformance suite only, which speaks Streamable HTTP to the server it tests. The
// HTTP side is the SDK's own Streamable HTTP server transport, bound to the loopback address;
// each HTTP session spawns one server process over stdio through the SDK's stdio client
// transport, and the bridge relays every message between the two unchanged. Responses find
// their HTTP stream by id; a notification about a request (progress by its token, a log line
// while a call is in flight) goes on that request's stream. The server under test is thus
// the process a host runs, not an in-process copy.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI, cleanEnv } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

interface Session {
  http: WebStandardStreamableHTTPServerTransport;
  child: StdioClientTransport;
}

export interface Bridge {
  url: string;
  /** stderr lines of every server process the bridge started. */
  stderr: string[];
  close(): Promise<void>;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string; params?: Record<string, unknown> } {
  return 'method' in message && 'id' in message;
}

/** Relays one HTTP session to one server process. */
async function openSession(stderr: string[], sessions: Map<string, Session>): Promise<Session> {
  const child = new StdioClientTransport({ command: process.execPath, args: [CLI], cwd: tempDir(), env: cleanEnv(), stderr: 'pipe' });
  const http: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, session),
    onsessionclosed: (id) => {
      sessions.delete(id);
      void child.close();
    },
    // The conformance suite's own DNS-rebinding scenario: only the loopback names are hosts.
    enableDnsRebindingProtection: true,
    allowedHosts: ['127.0.0.1', 'localhost'].flatMap((host) => [host, `${host}:${port}`]),
  });
  const session = { http, child };
  const inFlight: RequestId[] = [];
  const byProgressToken = new Map<unknown, RequestId>();
  http.onmessage = (message) => {
    if (isRequest(message)) {
      inFlight.push(message.id);
      const token = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
      if (token !== undefined) byProgressToken.set(token, message.id);
    }
    void child.send(message);
  };
  child.onmessage = (message) => {
    if ('id' in message && !('method' in message)) {
      inFlight.splice(inFlight.indexOf(message.id as RequestId) >>> 0, 1);
      void http.send(message);
      return;
    }
    let related: RequestId | undefined;
    if ('method' in message && message.method === 'notifications/progress') related = byProgressToken.get(message.params?.progressToken);
    else if ('method' in message && !('id' in message)) related = inFlight.at(-1);
    void http.send(message, related === undefined ? undefined : { relatedRequestId: related });
  };
  child.onclose = () => void http.close();
  await child.start();
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  return session;
}

let port = 0;

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
  const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
  return new Request(`http://${req.headers.host ?? `127.0.0.1:${port}`}${req.url}`, { method: req.method, headers, body });
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** Starts the bridge on 127.0.0.1 and an ephemeral port. */
export async function startBridge(): Promise<Bridge> {
  const sessions = new Map<string, Session>();
  const stderr: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const request = await toRequest(req);
      const id = request.headers.get('mcp-session-id');
      const session = id ? sessions.get(id) : await openSession(stderr, sessions);
      if (!session) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
        return;
      }
      const response = await session.http.handleRequest(request);
      // A request that opened no session (not an initialize) leaves its process behind.
      if (!id && !session.http.sessionId) void session.child.close();
      await writeResponse(response, res);
    })().catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stderr,
    async close() {
      for (const session of sessions.values()) await session.child.close().catch(() => {});
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
