// GET /v1/events: server-sent events of tool calls and attachment changes, with keepalive
// comments (METABOB_SSE_KEEPALIVE_MS overrides 15 s, for tests).
import type { ServerResponse } from 'node:http';
import type { CallEvent } from '../server/boundary.ts';
import type { AttachmentChange } from '../attachment.ts';
import type { EventEmitter } from 'node:events';

const KEEPALIVE_MS = 15_000;

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly timer: NodeJS.Timeout;
  private readonly onCall = (event: CallEvent) => this.send('tool_call', event);
  private readonly onChange = (change: AttachmentChange) => this.send('attachment', change);

  constructor(
    private readonly callEvents: EventEmitter,
    private readonly attachmentEvents: EventEmitter,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    callEvents.on('call', this.onCall);
    attachmentEvents.on('change', this.onChange);
    const ms = Number(env.METABOB_SSE_KEEPALIVE_MS);
    this.timer = setInterval(() => this.comment('keepalive'), Number.isFinite(ms) && ms > 0 ? ms : KEEPALIVE_MS);
    this.timer.unref();
  }

  /** Takes over the response: headers now, then events until the client goes away. */
  add(res: ServerResponse, hello: unknown): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': connected\n\n');
    res.write(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  private send(event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of this.clients) res.write(frame);
  }

  private comment(text: string): void {
    for (const res of this.clients) res.write(`: ${text}\n\n`);
  }

  stop(): void {
    clearInterval(this.timer);
    this.callEvents.off('call', this.onCall);
    this.attachmentEvents.off('change', this.onChange);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
