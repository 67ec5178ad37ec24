// Why a file an agent named is not in the local index, and what would include it (SPEC
// §init_workspace behaviour 1: included extensions outside excluded and dot-directories; the
// caps are this project's, core/index/index-caps.ts). META-ENVELOPE §next_steps offers
// init_workspace only when re-indexing as before picks the file up; for the rest the reason
// says how to include it.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalIndex } from '../index/local-index.ts';
import { MAX_FILE_BYTES, bytesText, countText } from '../index/index-caps.ts';
import type { EmptyReason } from './empty-reason.ts';
import { LANGUAGE_MODULES } from '../index/extract/languages/registry.ts';
import { shownName } from './shown-name.ts';
import { linkTarget } from '../index/symlinks.ts';

const EXTRACTED: ReadonlySet<string> = new Set(LANGUAGE_MODULES.flatMap((m) => Object.keys(m.extensions)));

export type NotIndexedKind =
  | 'not_found'
  | 'new'
  | 'pending'
  | 'too_large'
  | 'over_cap'
  | 'generated'
  | 'parse_failed'
  | 'excluded_directory'
  | 'extension_not_included'
  | 'unsupported_extension'
  | 'symbolic_link';

export interface NotIndexed {
  file: string;
  kind: NotIndexedKind;
  /** `<file> is ...; <how to include it>`, one line: the file and its folders are shown escaped. */
  reason: string;
  /** Whether init_workspace with the same settings would index it. */
  reindexHelps: boolean;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function whyNotIndexed(index: LocalIndex, file: string): NotIndexed {
  const of = (kind: NotIndexedKind, reason: string, reindexHelps = false): NotIndexed => ({ file, kind, reason: shownName(`${file} ${reason}`), reindexHelps });
  const skipped = index.skipped();
  if (skipped.pending.includes(file)) return of('pending', 'is not parsed yet (the 20 s budget ran out); init_workspace resumes it', true);
  if (skipped.tooLarge.includes(file))
    return of('too_large', `is over the ${bytesText(MAX_FILE_BYTES)} size bound, which init_workspace never parses; only a smaller file is indexed`);
  const generated = skipped.generated.find((g) => g.file === file);
  if (generated) return of('generated', `was skipped as ${generated.kind.replace('_', ' ')} (${generated.evidence}), not hand-written code; read it directly`);
  if (skipped.overCap.includes(file))
    return of(
      'over_cap',
      `is past the ${countText(skipped.cap)}-file cap (files the agent works on were kept first); init_workspace with a narrower include or exclude list brings it under the cap`,
    );
  if (index.parseFailures().includes(file)) return of('parse_failed', 'failed to parse; fix its syntax, then init_workspace re-parses it', true);
  // Before the file checks, which follow links: a link is answered by where it leads (core/index/symlinks.ts).
  const link = linkTarget(index.root, file);
  if (link && !link.inside)
    return of('symbolic_link', 'is reached through a symbolic link that leads outside the workspace; the index never follows a link out of the workspace');
  if (link?.inside) {
    const target = whyNotIndexed(index, link.file);
    const where = index.has(link.file) ? 'which is indexed: ask about it by that path' : target.reason;
    return of('symbolic_link', `is reached through a symbolic link; the index holds files where they really are, and this one is ${link.file}, ${where}`);
  }
  if (!isFile(join(index.root, file))) return of('not_found', 'is not in the workspace (no such file); check the path');
  const dirs = file.split('/').slice(0, -1);
  const dotDir = dirs.find((d) => d.startsWith('.'));
  if (dotDir) return of('excluded_directory', `is in a dot-directory (${dotDir}), which init_workspace always skips`);
  const excluded = dirs.find((d) => index.exclude.includes(d));
  if (excluded)
    return of('excluded_directory', `is in an excluded directory (${excluded}); init_workspace with an exclude list that leaves out ${excluded} includes it`);
  const name = file.split('/').pop() ?? file;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
  if (!EXTRACTED.has(ext))
    return of('unsupported_extension', `has an extension (${ext || 'none'}) no language module of this server extracts; it cannot be indexed`);
  if (!index.include.includes(ext))
    return of(
      'extension_not_included',
      `has an extension (${ext}) the last init_workspace did not include; init_workspace with include naming ${ext} indexes it`,
    );
  return of('new', 'is new since the last init_workspace; init_workspace indexes it', true);
}

/**
 * The empty_reason for an answer that covers files the index could not see: pending and stale
 * ones are seen after init_workspace, the rest are not indexed (META-ENVELOPE §empty_reason).
 */
export function emptyReasonOf(unknown: readonly NotIndexed[]): EmptyReason {
  if (unknown.some((u) => u.kind === 'pending')) return 'index_pending';
  if (unknown.length > 0 && unknown.every((u) => u.kind === 'new')) return 'index_stale';
  return 'not_in_index';
}
