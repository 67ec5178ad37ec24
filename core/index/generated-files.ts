// Files the index skips for what they are, not for their size (READING-NOTES "Where this
// project goes past the spec's numbers": caps): minified bundles, source maps, lockfiles and
// files a generator marks as its own. A hand-written file of the same size is indexed.
// Names decide for every file; content is read only from SNIFF_FROM_BYTES up, where the parse
// starts to cost: a small generated stub (a protobuf message, a parser table) is cheap, and
// calls in the workspace resolve to its definitions.
import { closeSync, openSync, readSync } from 'node:fs';
import { fdExhaustionCode } from './fd-exhaustion.ts';

export type GeneratedKind = 'minified' | 'generated' | 'source_map' | 'lockfile';

export const GENERATED_KINDS: readonly GeneratedKind[] = ['minified', 'generated', 'source_map', 'lockfile'];

export interface GeneratedFile {
  file: string;
  kind: GeneratedKind;
  /** What showed it, e.g. `a line of 48211 characters`, `"@generated" in its first lines`. */
  evidence: string;
}

/** Files from this size up have their first and last bytes read. */
export const SNIFF_FROM_BYTES = 32 * 1024;
const HEAD_BYTES = 8 * 1024;
const TAIL_BYTES = 1024;
/** Hand-written code, even wrapped data tables, stays well under these (a formatter's 80-160 columns). */
const LONGEST_LINE = 1000;
const MEAN_LINE = 250;
const MARKER_LINES = 5;
const MARKERS = ['@generated', 'DO NOT EDIT', 'Code generated', 'auto-generated'];

const LOCKFILES = new Set([
  'package-lock.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'go.sum',
  'composer.lock',
  'Gemfile.lock',
]);

/** By name alone: `*.min.js`, `*.map`, lockfiles. */
export function generatedByName(name: string): Omit<GeneratedFile, 'file'> | undefined {
  const lower = name.toLowerCase();
  if (/\.min\.[cm]?[jt]s$/.test(lower) || lower.endsWith('-min.js') || /\.bundle\.[cm]?js$/.test(lower))
    return { kind: 'minified', evidence: 'named as minified' };
  if (lower.endsWith('.map')) return { kind: 'source_map', evidence: 'named as a source map' };
  if (LOCKFILES.has(name)) return { kind: 'lockfile', evidence: 'a lockfile' };
  return undefined;
}

/** By the first 8 KB and the last 1 KB of the text. */
export function generatedByContent(head: string, tail: string): Omit<GeneratedFile, 'file'> | undefined {
  const firstLines = head.split('\n', MARKER_LINES);
  for (const marker of MARKERS) {
    const at = firstLines.findIndex((l) => l.includes(marker));
    if (at >= 0) return { kind: 'generated', evidence: `"${marker}" on line ${at + 1}` };
  }
  // A last line of the head that runs past it counts as long: the head was cut inside it.
  const lines = head.split('\n');
  const longest = Math.max(...lines.map((l) => l.length));
  if (longest > LONGEST_LINE) return { kind: 'minified', evidence: `a line of ${longest}+ characters in its first ${HEAD_BYTES / 1024} KB` };
  const mean = head.length / lines.length;
  if (mean > MEAN_LINE) return { kind: 'minified', evidence: `a mean line of ${Math.round(mean)} characters` };
  // A bundler's map comment after lines that are long, though not long enough above.
  if (/\/\/# sourceMappingURL=\S+\s*$/.test(tail) && mean > 120) return { kind: 'minified', evidence: 'a bundle with a sourceMappingURL' };
  return undefined;
}

/** Reads the head and tail of a file of `size` bytes; unreadable is not generated (the parse reports it). */
export function sniffGenerated(abs: string, size: number): Omit<GeneratedFile, 'file'> | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const headRead = readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(TAIL_BYTES, size));
    const tailRead = size > HEAD_BYTES ? readSync(fd, tail, 0, tail.length, size - tail.length) : 0;
    return generatedByContent(head.subarray(0, headRead).toString('utf8'), tail.subarray(0, tailRead).toString('utf8'));
  } catch (err) {
    if (fdExhaustionCode(err)) throw err;
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
