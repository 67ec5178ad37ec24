// The MCP stdio transport (SPEC §architecture): one JSON-RPC message per line on stdin, one per
// line on stdout. It stands in for the SDK's StdioServerTransport, which closes the session
// without a word when a line outgrows its buffer and answers a request it cannot validate with
// `id: null`. Here every line has a cap; a line that is too long, not JSON, or not a message
// the protocol accepts is answered (with the request's id whenever it can be read) and the
// session goes on. It also keeps the 2025-era lifecycle (lifecycle.ts: nothing but ping before
// initialize, initialize once) and answers JSON-RPC batches as the connection's protocol version
// says (json-rpc-batch.ts), both of which only the line reader sees whole.
import type { Readable, Writable } from 'node:stream';
import { ProtocolErrorCode as ErrorCode, type JSONRPCMessage, type RequestId, type Transport } from '@modelcontextprotocol/server';
import { JSONRPCMessageSchema, JSONRPCNotificationSchema, JSONRPCRequestSchema } from '@modelcontextprotocol/core';
import { Lifecycle, carriesEnvelope } from './lifecycle.ts';
import { EMPTY_BATCH, PendingBatch, acceptsBatches, batchRefusalLine, errorResponse, requestIds } from './json-rpc-batch.ts';

/** The largest line read, the same 10 MiB the SDK's transport allows. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** A schema the transport checks a request of one method against before the protocol sees it. */
export interface RequestSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export interface StdioTransportOptions {
  stdin?: Readable;
  stdout?: Writable;
  maxLineBytes?: number;
  /** Per method: requests that fail it get -32602 with their id, in one line. */
  requestSchemas?: Record<string, RequestSchema>;
  /** Called once the transport has closed, beside `onclose` (which whoever drives the transport sets). */
  onClosed?: () => void;
}

const MAX_ISSUES = 3;
const MAX_DETAIL_CHARS = 300;
// The id of an oversized line, read from its first bytes when it comes first (or after
// "jsonrpc"), as every SDK client writes it. Bounded repetitions: linear on any input.
const LEADING_ID = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,16}|"(?:[^"\\\n]|\\.){0,128}")\s*[,}]/;
const HEAD_BYTES = 256;

function clip(text: string, max = MAX_DETAIL_CHARS): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max)}...` : line;
}

/** Zod issues as one short line: `params.name: Invalid input: expected string, received number`. */
function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const shown = issues.slice(0, MAX_ISSUES).map((issue) => `${issue.path.map(String).join('.') || '(message)'}: ${issue.message}`);
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : '';
  return clip(shown.join('; ') + more);
}

function readableId(value: unknown): RequestId | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

function isRequest(value: unknown): value is { id: RequestId; method: string; params?: unknown } {
  const v = value as { id?: unknown; method?: unknown } | null;
  return v !== null && typeof v === 'object' && typeof v.method === 'string' && (typeof v.id === 'string' || typeof v.id === 'number');
}

function leadingId(text: string): RequestId | null {
  try {
    return readableId({ id: JSON.parse(text) });
  } catch {
    return null;
  }
}

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxLineBytes: number;
  private readonly requestSchemas: Record<string, RequestSchema>;
  private readonly onClosed?: () => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of the line being skipped for its size, or -1 while reading normally. */
  private skipped = -1;
  private skippedHead = '';
  private closed = false;
  private readonly lifecycle = new Lifecycle();
  /** The accepted batches still waiting for responses, by the ids of their requests. */
  private readonly batches = new Map<RequestId, PendingBatch>();

  constructor(options: StdioTransportOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.requestSchemas = options.requestSchemas ?? {};
    this.onClosed = options.onClosed;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    this.chunks = [];
    this.batches.clear();
    this.onclose?.();
    this.onClosed?.();
  }

  /** The SDK names the version it negotiated in initialize (2025 era); batches and refusals follow it. */
  setProtocolVersion(version: string): void {
    this.lifecycle.setVersion(version);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const id = (message as { id?: unknown }).id;
    const batch = ('result' in message || 'error' in message) && (typeof id === 'string' || typeof id === 'number') ? this.batches.get(id) : undefined;
    if (batch) {
      // Held for the batch's one array (json-rpc-batch.ts), written when its last response is in.
      this.batches.delete(id as RequestId);
      batch.answer(id as RequestId, message);
      return Promise.resolve();
    }
    return this.writeLine(JSON.stringify(message));
  }

  private writeLine(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(text + '\n')) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStdinError = (error: Error) => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      if (this.skipped >= 0) {
        this.skipped += piece.length;
      } else if (this.size + piece.length > this.maxLineBytes) {
        // Keep only the head, for the id; the rest of the line is counted, never held.
        this.skippedHead = Buffer.concat([...this.chunks, piece.subarray(0, HEAD_BYTES)])
          .subarray(0, HEAD_BYTES)
          .toString('utf8');
        this.skipped = this.size + piece.length;
        this.chunks = [];
        this.size = 0;
      } else if (piece.length > 0) {
        this.chunks.push(piece);
        this.size += piece.length;
      }
      if (nl === -1) break;
      this.endOfLine();
      start = nl + 1;
    }
  };

  private endOfLine(): void {
    if (this.skipped >= 0) {
      const bytes = this.skipped;
      const match = LEADING_ID.exec(this.skippedHead);
      this.skipped = -1;
      this.skippedHead = '';
      const id = match ? leadingId(match[1]) : null;
      this.reply(
        id,
        ErrorCode.InvalidRequest,
        `Invalid Request: the line is ${bytes} bytes, over the ${this.maxLineBytes}-byte limit of one message; it was not read`,
      );
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim()) this.receive(line);
  }

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.reply(null, ErrorCode.ParseError, `Parse error: the line is not JSON (${clip((err as Error).message, 120)})`);
      return;
    }
    if (Array.isArray(value)) this.receiveBatch(value);
    else this.receiveOne(value);
  }

  /** One message, alone or as an element of an accepted batch (whose array then carries its refusal). */
  private receiveOne(value: unknown, batch?: PendingBatch): void {
    let refusal = this.refusal(value, batch !== undefined);
    const request = refusal === undefined && isRequest(value) ? value : undefined;
    if (request) {
      refusal = this.lifecycle.check(request);
      if (!refusal && batch && (this.batches.has(request.id) || !batch.expect(request.id))) {
        refusal = { code: ErrorCode.InvalidRequest, message: 'Invalid Request: a request with this id is already in a batch not yet answered' };
      } else if (!refusal && batch) this.batches.set(request.id, batch);
    }
    if (refusal) {
      if (batch) batch.add(errorResponse(readableId(value), refusal.code, refusal.message));
      else this.reply(readableId(value), refusal.code, refusal.message);
      return;
    }
    if (refusal === null) return;
    this.forgetCancelled(value);
    try {
      this.onmessage?.(value as JSONRPCMessage);
    } catch (err) {
      this.onerror?.(err as Error);
    }
  }

  private receiveBatch(elements: unknown[]): void {
    if (elements.length === 0) {
      this.send(EMPTY_BATCH as unknown as JSONRPCMessage).catch(() => {});
      return;
    }
    const version = this.lifecycle.version ?? (elements.some((e) => carriesEnvelope((e as { params?: unknown } | null)?.params)) ? '2026-07-28' : undefined);
    if (!acceptsBatches(version)) {
      const line = batchRefusalLine(version);
      const ids = requestIds(elements);
      if (ids.length === 0) this.reply(null, ErrorCode.InvalidRequest, line);
      for (const id of ids) this.reply(id, ErrorCode.InvalidRequest, line);
      return;
    }
    const batch = new PendingBatch((responses) => void this.writeLine(JSON.stringify(responses)));
    for (const element of elements) this.receiveOne(element, batch);
    batch.seal();
  }

  /** A cancelled request of a batch gets no response, so its batch stops waiting for one. */
  private forgetCancelled(value: unknown): void {
    const message = value as { method?: unknown; params?: { requestId?: unknown } };
    if (message.method !== 'notifications/cancelled') return;
    const id = message.params?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    this.batches.get(id)?.forget(id);
    this.batches.delete(id);
  }

  /**
   * undefined: a message to deliver. null: a malformed notification or response, which
   * JSON-RPC never answers. Otherwise the error to answer with.
   */
  private refusal(value: unknown, inBatch = false): { code: number; message: string } | null | undefined {
    const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    const method = typeof object?.method === 'string' ? object.method : undefined;
    if (object && method !== undefined && 'id' in object) {
      const envelope = JSONRPCRequestSchema.safeParse(object);
      if (!envelope.success) {
        const issues = envelope.error.issues;
        const inParams = issues.every((issue) => issue.path[0] === 'params');
        if (inParams && readableId(object) !== null)
          return { code: ErrorCode.InvalidParams, message: `Invalid params: ${clip(method, 64)}: ${describeIssues(issues)}` };
        return { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${describeIssues(issues)}` };
      }
      const schema = this.requestSchemas[method];
      const checked = schema?.safeParse(object);
      if (checked && !checked.success) return { code: ErrorCode.InvalidParams, message: `Invalid params: ${method}: ${describeIssues(checked.error.issues)}` };
      return undefined;
    }
    if (JSONRPCMessageSchema.safeParse(value).success) return undefined;
    if (object && method !== undefined) {
      this.onerror?.(
        new Error(
          `a notification the protocol does not accept was dropped: ${describeIssues(JSONRPCNotificationSchema.safeParse(object).error?.issues ?? [])}`,
        ),
      );
      return null;
    }
    if (object && ('result' in object || 'error' in object)) {
      this.onerror?.(new Error('a response the protocol does not accept was dropped'));
      return null;
    }
    return { code: ErrorCode.InvalidRequest, message: `Invalid Request: the ${inBatch ? 'batch element' : 'line'} is JSON but not a JSON-RPC 2.0 message` };
  }

  private reply(id: RequestId | null, code: number, message: string): void {
    // A refusal is never held for a batch: it answers a message that came alone, or a refused batch's requests one by one.
    this.writeLine(JSON.stringify(errorResponse(id, code, message))).catch(() => {});
  }
}
