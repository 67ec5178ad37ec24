// The emulator's HTTP plumbing: a JSON server on 127.0.0.1 that can go down and come back on
// the same port (a substrate that is not up yet, identity down), with per-request latency.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface Reply {
  status: number;
  body: unknown;
  /** Send `body` as given (a string), with this content type, instead of JSON. */
  raw?: { contentType: string };
  headers?: Record<string, string>;
}

export type Handler = (req: IncomingMessage, body: string, url: URL) => Promise<Reply> | Reply;

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

export function parseJson(body: string): any {
  try {
    return body ? JSON.parse(body) : {};
  } catch {
    return undefined;
  }
}

export class EmulatedService {
  private server: Server;
  private sockets = new Set<Socket>();
  port = 0;
  up = false;

  constructor(
    readonly name: string,
    handler: Handler,
  ) {
    this.server = createServer((req, res) => void this.serve(req, res, handler));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private async serve(req: IncomingMessage, res: ServerResponse, handler: Handler): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let reply: Reply;
    try {
      reply = await handler(req, body, new URL(req.url ?? '/', this.url));
    } catch (err) {
      reply = json(500, { error: (err as Error).message });
    }
    if (res.destroyed) return;
    const text = reply.raw ? String(reply.body) : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': reply.raw?.contentType ?? 'application/json',
      'content-length': Buffer.byteLength(text),
      ...(reply.headers ?? {}),
    });
    res.end(text);
  }

  /** Listens on `port` (0: an ephemeral one, kept across down/up). */
  listen(port = this.port): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', onError);
        this.port = (this.server.address() as { port: number }).port;
        this.up = true;
        resolve();
      });
    });
  }

  /** Stops accepting and drops open connections: connect_refused from now on. */
  down(): Promise<void> {
    if (!this.up) return Promise.resolve();
    this.up = false;
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }
}

export function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}

/** The `ApiKey <key>` of an Authorization header (discovery's own rule: ApiKey only). */
export function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^ApiKey\s+(.+)$/i.exec(header) : null;
  return match?.[1];
}
