// The entries a scan finds and cannot index, counted by reason so the report names what was
// left out (READING-NOTES "Caps": "the answer names what was left out"; SPEC §init_workspace
// behaviour 1). A Linux name is bytes: one that is not valid UTF-8 reads back from a string
// readdir with U+FFFD in place of the bad bytes, and that name opens nothing. A path of
// PATH_MAX bytes or more, or a name over NAME_MAX, fails every call that takes it.
import { isUtf8 } from 'node:buffer';
import { readdirSync } from 'node:fs';
import { escapeControlChars } from '../process/control-chars.ts';

/** Linux PATH_MAX, counting the terminating NUL: a usable path has at most 4095 bytes. */
export const PATH_MAX = 4096;
/** Linux NAME_MAX: bytes of one path component. */
export const NAME_MAX = 255;
/** Examples a report shows of each reason. */
export const EXAMPLES_SHOWN = 3;

export type UnreadableReason = 'invalid_utf8' | 'path_too_long' | 'name_too_long';
export const UNREADABLE_REASONS: UnreadableReason[] = ['invalid_utf8', 'path_too_long', 'name_too_long'];

export interface UnreadableNames {
  counts: Record<UnreadableReason, number>;
  /** Up to EXAMPLES_SHOWN workspace-relative paths per reason, escaped and clipped to one short line. */
  examples: Record<UnreadableReason, string[]>;
}

export function noUnreadableNames(): UnreadableNames {
  return { counts: { invalid_utf8: 0, path_too_long: 0, name_too_long: 0 }, examples: { invalid_utf8: [], path_too_long: [], name_too_long: [] } };
}

export function unreadableTotal(names: UnreadableNames): number {
  return UNREADABLE_REASONS.reduce((sum, r) => sum + names.counts[r], 0);
}

const EXAMPLE_HEAD = 48;
const EXAMPLE_TAIL = 32;

/**
 * A path as an example: escaped, and a long one cut in the middle with its length, that of
 * `absPath` when given (the length PATH_MAX is measured on).
 */
function exampleOf(relPath: string, absPath?: string): string {
  const text = escapeControlChars(relPath);
  if (text.length <= EXAMPLE_HEAD + EXAMPLE_TAIL + 1) return text;
  const length = absPath === undefined ? `${Buffer.byteLength(relPath)} bytes` : `${Buffer.byteLength(absPath)}-byte absolute path`;
  return `${text.slice(0, EXAMPLE_HEAD)}…${text.slice(-EXAMPLE_TAIL)} (${length})`;
}

export function noteUnreadable(names: UnreadableNames, reason: UnreadableReason, relPath: string, absPath?: string): void {
  names.counts[reason]++;
  if (names.examples[reason].length < EXAMPLES_SHOWN) names.examples[reason].push(exampleOf(relPath, absPath));
}

/** Why `absPath` (ending in `name`) cannot be opened for its length, else undefined. */
export function tooLongReason(absPath: string, name: string | Buffer): UnreadableReason | undefined {
  if ((typeof name === 'string' ? Buffer.byteLength(name) : name.length) > NAME_MAX) return 'name_too_long';
  if (Buffer.byteLength(absPath) >= PATH_MAX) return 'path_too_long';
  return undefined;
}

/**
 * A name's bytes as text: valid UTF-8 as itself, each byte of an invalid sequence as `\xNN`,
 * control characters escaped, so the example is one line and names the bytes that are wrong.
 */
export function escapeNameBytes(bytes: Buffer): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const width = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    const piece = width > 0 ? bytes.subarray(i, i + width) : undefined;
    if (piece && piece.length === width && isUtf8(piece)) {
      out += piece.toString('utf8');
      i += width;
    } else {
      out += `\\x${lead.toString(16).padStart(2, '0')}`;
      i += 1;
    }
  }
  return escapeControlChars(out);
}

export interface BadlyEncodedEntry {
  /** The name as an example shows it (escapeNameBytes). */
  shown: string;
  isDirectory: boolean;
  isFile: boolean;
}

/**
 * A directory's names read as bytes, for a listing that showed U+FFFD: which decoded names
 * are real (a valid name may hold U+FFFD itself) and which entries are not valid UTF-8. Two bad
 * names can decode to the same string, so the bad ones are taken from the bytes, not the strings.
 */
export function namesAsBytes(dir: string): { valid: Set<string>; invalid: BadlyEncodedEntry[] } {
  const valid = new Set<string>();
  const invalid: BadlyEncodedEntry[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, encoding: 'buffer' });
  } catch {
    return { valid, invalid };
  }
  for (const entry of entries) {
    const bytes = entry.name as unknown as Buffer;
    if (isUtf8(bytes)) valid.add(bytes.toString('utf8'));
    else invalid.push({ shown: escapeNameBytes(bytes), isDirectory: entry.isDirectory(), isFile: entry.isFile() });
  }
  invalid.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
  return { valid, invalid };
}
