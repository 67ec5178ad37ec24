// The warm-start cache file's layout (extraction-cache.ts), read and written in parts so that a
// workspace of tens of thousands of files never holds the server's thread for the whole file
// (SPEC §init_workspace: the server answers while it indexes) nor holds the file three times in
// memory (its bytes, one string, the parsed array):
//
//   <header JSON, padded with spaces to a fixed width>\n
//   <one extraction as JSON>\n      (one line per file, in path order)
//   ...
//
// The header says the format, extractor version, root, entry count, and the body's length and
// sha256; it is written last, at offset 0, into the room left for it, so the file is written
// front to back once. A reader checks the header first, then hashes the body as it parses it,
// and keeps nothing unless the count, length and checksum all match at the end.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { FileExtraction } from './extract-types.ts';

export interface CacheHeader {
  format: number;
  version: string;
  root: string;
  entries: number;
  bodyBytes: number;
  bodySha256: string;
}

/** Bytes read or written at a time: each await between them lets requests in. */
export const CHUNK_BYTES = 256 * 1024;
/** A header line longer than this is not one (the root path is at most a few KB). */
const MAX_HEADER_BYTES = 64 * 1024;

/** The room the header gets: its length with the largest counts and a full checksum, plus the newline. */
export function headerRoom(header: Omit<CacheHeader, 'entries' | 'bodyBytes' | 'bodySha256'>): number {
  const widest = { ...header, entries: Number.MAX_SAFE_INTEGER, bodyBytes: Number.MAX_SAFE_INTEGER, bodySha256: '0'.repeat(64) };
  return Buffer.byteLength(JSON.stringify(widest), 'utf8') + 1;
}

/** The header as written: padded with spaces (JSON ignores them) to `room` bytes, the last a newline. */
export function headerBytes(header: CacheHeader, room: number): Buffer {
  const text = JSON.stringify(header);
  return Buffer.from(`${text.padEnd(room - 1 - (Buffer.byteLength(text, 'utf8') - text.length), ' ')}\n`, 'utf8');
}

/** Too big to keep: the body would pass `maxBodyBytes`. */
export class CacheTooLarge extends Error {}

/**
 * Writes `entries` as the body, starting after the header's room, then the header at 0.
 * Serializes about CHUNK_BYTES at a time between writes; throws CacheTooLarge past `maxBodyBytes`.
 */
export async function writeCacheBody(
  handle: FileHandle,
  header: Omit<CacheHeader, 'entries' | 'bodyBytes' | 'bodySha256'>,
  entries: readonly FileExtraction[],
  maxBodyBytes: number,
): Promise<CacheHeader> {
  const room = headerRoom(header);
  const hash = createHash('sha256');
  let position = room;
  let lines: string[] = [];
  let pendingChars = 0;
  const flush = async () => {
    const bytes = Buffer.from(lines.join(''), 'utf8');
    lines = [];
    pendingChars = 0;
    if (position - room + bytes.length > maxBodyBytes) throw new CacheTooLarge(`${entries.length} extractions are over ${maxBodyBytes} bytes`);
    hash.update(bytes);
    await handle.write(bytes, 0, bytes.length, position);
    position += bytes.length;
  };
  for (const entry of entries) {
    // JSON escapes every newline inside a string, so a record is exactly one line.
    const line = `${JSON.stringify(entry)}\n`;
    lines.push(line);
    pendingChars += line.length;
    if (pendingChars >= CHUNK_BYTES) await flush();
  }
  if (lines.length > 0) await flush();
  const full: CacheHeader = { ...header, entries: entries.length, bodyBytes: position - room, bodySha256: hash.digest('hex') };
  const head = headerBytes(full, room);
  await handle.write(head, 0, head.length, 0);
  return full;
}

/** What a read found: the header, then either the records or why they cannot be used. */
export type BodyRead = { entries: Map<string, FileExtraction> } | { cause: string };

/**
 * Reads the header (checked by `accept`, which answers a cause to stop), then the body a chunk at
 * a time, each line parsed and checked by `isEntry`. Only a body whose count, length and sha256
 * match the header is answered; anything else is a cause.
 */
export async function readCacheFile(
  handle: FileHandle,
  size: number,
  accept: (header: CacheHeader) => string | undefined,
  isEntry: (value: unknown) => value is FileExtraction,
): Promise<BodyRead> {
  const first = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
  const { bytesRead } = await handle.read(first, 0, first.length, 0);
  const newline = first.subarray(0, bytesRead).indexOf(0x0a);
  if (newline < 0) return { cause: 'corrupt: no header' };
  let header: CacheHeader;
  try {
    header = JSON.parse(first.subarray(0, newline).toString('utf8')) as CacheHeader;
  } catch (err) {
    return { cause: `corrupt: ${(err as Error).message.split('\n')[0]}` };
  }
  const refused = accept(header);
  if (refused) return { cause: refused };
  const bodyStart = newline + 1;
  if (size - bodyStart !== header.bodyBytes)
    return { cause: `corrupt: the body is ${size - bodyStart} bytes, the header says ${header.bodyBytes} (truncated?)` };

  const hash = createHash('sha256');
  const entries = new Map<string, FileExtraction>();
  let count = 0;
  let carry: Buffer = Buffer.alloc(0);
  const chunk = Buffer.alloc(CHUNK_BYTES);
  for (let position = bodyStart; position < size;) {
    const { bytesRead: n } = await handle.read(chunk, 0, Math.min(CHUNK_BYTES, size - position), position);
    if (n === 0) return { cause: 'corrupt: the file ended early' };
    position += n;
    const got = chunk.subarray(0, n);
    hash.update(got);
    const data = carry.length > 0 ? Buffer.concat([carry, got]) : got;
    let start = 0;
    for (let end = data.indexOf(0x0a, start); end >= 0; end = data.indexOf(0x0a, start)) {
      let value: unknown;
      try {
        value = JSON.parse(data.toString('utf8', start, end));
      } catch (err) {
        return { cause: `corrupt: record ${count + 1}: ${(err as Error).message.split('\n')[0]}` };
      }
      if (!isEntry(value)) return { cause: `corrupt: record ${count + 1} is not an extraction` };
      entries.set(value.file, value);
      count++;
      start = end + 1;
    }
    // The chunk buffer is reused: what is left of it is copied.
    carry = Buffer.from(data.subarray(start));
  }
  if (carry.length > 0) return { cause: 'corrupt: the last record has no end' };
  if (hash.digest('hex') !== header.bodySha256) return { cause: 'corrupt: checksum mismatch' };
  if (count !== header.entries) return { cause: `corrupt: ${count} records, the header says ${header.entries}` };
  return { entries };
}
