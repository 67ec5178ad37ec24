// JSON-RPC batches on stdio, per the protocol version of the connection. MCP 2025-03-26 made them
// part of the protocol (basic "Batching": implementations MUST support receiving them) and
// 2025-06-18 removed them again; the 2024-11-05 schema has no batch, nor has the 2026-07-28
// revision. Under 2025-03-26 a batch is answered as JSON-RPC 2.0 says: each element as if it
// came alone, the responses to its requests in one array once the last is in, nothing for a
// batch of notifications. Under any other version every request in it is refused with its own
// id, so none waits for an answer that never comes.
import { ProtocolErrorCode as ErrorCode, type RequestId } from '@modelcontextprotocol/server';
import { BATCH_VERSION } from './lifecycle.ts';

export interface ErrorResponse {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

export function errorResponse(id: RequestId | null, code: number, message: string): ErrorResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** Whether this connection's version takes batches. */
export function acceptsBatches(version: string | undefined): boolean {
  return version === BATCH_VERSION;
}

/** The one line a refused batch's requests are answered with. */
export function batchRefusalLine(version: string | undefined): string {
  if (version === undefined) {
    return 'Invalid Request: a JSON-RPC batch before initialize; initialize comes first and alone, and only protocol 2025-03-26 takes batches';
  }
  if (version > BATCH_VERSION) {
    return `Invalid Request: protocol ${version}, this connection's, has no JSON-RPC batches (2025-06-18 removed them); send one message per line`;
  }
  return `Invalid Request: protocol ${version}, this connection's, has no JSON-RPC batches (only 2025-03-26 has them); send one message per line`;
}

/** The ids of a batch's requests, for answering each when the batch is refused. */
export function requestIds(batch: unknown[]): RequestId[] {
  const ids: RequestId[] = [];
  for (const element of batch) {
    const e = element as { id?: unknown; method?: unknown } | null;
    if (!e || typeof e !== 'object' || typeof e.method !== 'string') continue;
    if (typeof e.id === 'string' || (typeof e.id === 'number' && Number.isFinite(e.id))) ids.push(e.id);
  }
  return ids;
}

/** One accepted batch: its responses, held until the last of its requests is answered, then written as one array. */
export class PendingBatch {
  private readonly responses: unknown[] = [];
  private readonly waiting = new Set<RequestId>();
  private sealed = false;
  private written = false;

  constructor(private readonly write: (responses: unknown[]) => void) {}

  /** An element answered at once (refused before the protocol saw it). */
  add(response: unknown): void {
    this.responses.push(response);
  }

  /** A request handed to the protocol, whose response this batch waits for; false when the batch already holds that id. */
  expect(id: RequestId): boolean {
    if (this.waiting.has(id)) return false;
    this.waiting.add(id);
    return true;
  }

  waitsFor(id: RequestId): boolean {
    return this.waiting.has(id);
  }

  /** A response to one of this batch's requests. */
  answer(id: RequestId, response: unknown): void {
    if (!this.waiting.delete(id)) return;
    this.responses.push(response);
    this.flush();
  }

  /** A request the client cancelled: no response comes, and the batch no longer waits for it. */
  forget(id: RequestId): void {
    if (this.waiting.delete(id)) this.flush();
  }

  /** Every element has been handed out; the batch is written once nothing more is awaited. */
  seal(): void {
    this.sealed = true;
    this.flush();
  }

  private flush(): void {
    if (!this.sealed || this.written || this.waiting.size > 0) return;
    this.written = true;
    // A batch of notifications alone gets no answer at all (JSON-RPC 2.0 §6).
    if (this.responses.length > 0) this.write(this.responses);
  }
}

/** An empty array is no batch: JSON-RPC 2.0 answers it with one error. */
export const EMPTY_BATCH = errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty JSON-RPC batch');
