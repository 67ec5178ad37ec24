// The statistics of one index run, as init_workspace and `metabob-mcp index` print them:
// files, nodes, edges by type, parse failures, skips, resolution rates and time.
import type { CallOutcome, CodeGraph } from './graph-types.ts';
import type { LocalIndex } from './local-index.ts';
import type { IndexRunReport, PartialFile } from './index-run.ts';
import { PATH_MAX, NAME_MAX, UNREADABLE_REASONS, unreadableTotal, type UnreadableNames, type UnreadableReason } from './unreadable-names.ts';
import { escapeControlChars } from '../process/control-chars.ts';
import { GENERATED_KINDS, type GeneratedKind } from './generated-files.ts';
import { topFolders } from './file-cap.ts';
import { MAX_FILE_BYTES, bytesText, countText } from './index-caps.ts';
import { graphCounts } from './graph-counts.ts';

export interface IndexStats {
  root: string;
  files: number;
  nodes: number;
  nodesByType: Record<string, number>;
  edges: number;
  edgesByType: Record<string, number>;
  parseFailures: string[];
  /** Files parsed in part, with the line ranges left unread. */
  partial: PartialFile[];
  tooLarge: number;
  overCap: number;
  /** The file cap in effect (index-caps.ts), and the folders holding the most files past it. */
  fileCap: number;
  overCapFolders: Array<[string, number]>;
  /** Files skipped for what they are (generated-files.ts), by kind. */
  generated: Record<GeneratedKind, number>;
  /** Names the scan found and could not open (unreadable-names.ts): counts by reason and a few examples, escaped. */
  unreadable: UnreadableNames;
  pending: number;
  calls: { sites: number; byOutcome: Record<CallOutcome, number>; resolvedPct: number };
  imports: { total: number; resolved: number; external: number };
  heritage: { total: number; resolved: number };
}

export function indexStats(index: LocalIndex): IndexStats {
  const graph = index.graph as CodeGraph;
  const s = graph.stats;
  const resolved = s.byOutcome.same_file + s.byOutcome.own_class + s.byOutcome.base_class + s.byOutcome.declared_type + s.byOutcome.import;
  const skipped = index.skipped();
  const { nodesByType, edgesByType } = graphCounts(graph);
  return {
    root: index.root,
    files: graph.componentsByFile.size,
    nodes: graph.nodes.size,
    nodesByType,
    edges: graph.edges.length,
    edgesByType,
    parseFailures: index.parseFailures(),
    partial: index.partial(),
    tooLarge: skipped.tooLarge.length,
    overCap: skipped.overCap.length,
    fileCap: skipped.cap,
    overCapFolders: topFolders(skipped.overCap),
    generated: Object.fromEntries(GENERATED_KINDS.map((k) => [k, skipped.generated.filter((g) => g.kind === k).length])) as Record<GeneratedKind, number>,
    unreadable: skipped.unreadable,
    pending: skipped.pending.length,
    calls: { sites: s.callSites, byOutcome: s.byOutcome, resolvedPct: pct(resolved, s.callSites) },
    imports: { total: s.importsTotal, resolved: s.importsResolved, external: s.importsExternal },
    heritage: { total: s.heritageTotal, resolved: s.heritageResolved },
  };
}

function pct(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

function list(record: Record<string, number>): string {
  return Object.entries(record)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** The statistics lines shared by init_workspace and `metabob-mcp index`. */
export function statsLines(stats: IndexStats): string[] {
  const o = stats.calls.byOutcome;
  const lines = [
    `Graph: ${stats.nodes} nodes (${list(stats.nodesByType)}); ${stats.edges} edges (${list(stats.edgesByType)}).`,
    `Calls: ${stats.calls.sites} call sites, ${stats.calls.resolvedPct}% resolved (same file ${o.same_file}, own class ${o.own_class}, base class ${o.base_class}, declared type ${o.declared_type}, import ${o.import}); ${o.external} to packages or built-ins outside the workspace; ${o.unresolved + o.fallback} unresolved (${o.fallback} of them name a definition in an imported file).`,
    `Imports: ${stats.imports.resolved} of ${stats.imports.total} resolved to workspace files (${stats.imports.external} external or unresolvable); inheritance: ${stats.heritage.resolved} of ${stats.heritage.total} bases resolved.`,
  ];
  if (stats.parseFailures.length) {
    const shown = stats.parseFailures.slice(0, 5).map(escapeControlChars).join(', ');
    lines.push(`Parse failures: ${stats.parseFailures.length} (${shown}${stats.parseFailures.length > 5 ? ', ...' : ''}).`);
  } else lines.push('Parse failures: 0.');
  if (stats.partial.length) lines.push(partialLine(stats.partial));
  const generated = generatedText(stats.generated);
  if (generated) lines.push(`Skipped as not hand-written: ${generated}; their definitions are not in the graph.`);
  if (stats.tooLarge) lines.push(`Skipped: ${stats.tooLarge} file(s) over the ${bytesText(MAX_FILE_BYTES)} size bound, not parsed.`);
  if (stats.overCap) lines.push(overCapLine(stats.overCap, stats.fileCap, stats.overCapFolders));
  const unreadable = unreadableLine(stats.unreadable);
  if (unreadable) lines.push(unreadable);
  return lines;
}

/** `3 (minified 2, generated 1)`, or undefined when none was skipped. */
export function generatedText(counts: Record<GeneratedKind, number>): string | undefined {
  const total = GENERATED_KINDS.reduce((n, k) => n + counts[k], 0);
  if (total === 0) return undefined;
  const kinds = GENERATED_KINDS.filter((k) => counts[k] > 0).map((k) => `${k.replace('_', ' ')} ${counts[k]}`);
  return `${total} file(s) (${kinds.join(', ')})`;
}

/** The cap line: how many files were left out, of which folders, what was kept first, and how to index them. */
export function overCapLine(overCap: number, cap: number, folders: Array<[string, number]>): string {
  const shown = folders.map(([d, n]) => `${escapeControlChars(d)} ${n}`).join(', ');
  const rest = overCap - folders.reduce((n, [, c]) => n + c, 0);
  return `File cap: ${overCap} file(s) past the ${countText(cap)}-file cap were not indexed (left out: ${shown}${rest > 0 ? `, ${rest} more elsewhere` : ''}); kept first were recently changed files, files git tracks, and the workspace's own sources before vendored and fixture folders. init_workspace with a narrower include or an exclude for those folders indexes the rest.`;
}

/** Line ranges as `a.ts 3-9, 40` (a one-line range by its number). */
export function lineRangesText(lines: ReadonlyArray<[number, number]>): string {
  return lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
}

/** The files parsed in part, five at most by name, with the lines the parser could not read. */
export function partialLine(partial: readonly PartialFile[]): string {
  const shown = partial
    .slice(0, 5)
    .map((p) => `${escapeControlChars(p.file)} lines ${lineRangesText(p.lines)}`)
    .join('; ');
  return `Partly parsed: ${partial.length} file(s) kept what the parser read; definitions in the lines it could not read may be missing (${shown}${partial.length > 5 ? '; ...' : ''}).`;
}

const REASON_TEXT: Record<UnreadableReason, string> = {
  invalid_utf8: 'not valid UTF-8',
  path_too_long: `a path of PATH_MAX (${PATH_MAX}) bytes or more`,
  name_too_long: `a name over NAME_MAX (${NAME_MAX}) bytes`,
};

/**
 * `Unreadable names: 2 not indexed (1 not valid UTF-8: bad\xff.ts; ...); rename them to index them.`
 * A directory (shown with a trailing `/`) counts once and nothing under it is read.
 */
export function unreadableLine(names: UnreadableNames): string | undefined {
  const total = unreadableTotal(names);
  if (total === 0) return undefined;
  const parts = UNREADABLE_REASONS.filter((r) => names.counts[r] > 0).map(
    (r) => `${names.counts[r]} ${REASON_TEXT[r]}: ${names.examples[r].join(', ')}${names.counts[r] > names.examples[r].length ? ', ...' : ''}`,
  );
  return `Unreadable names: ${total} file(s) or folder(s) not indexed (${parts.join('; ')}); a folder's contents are not read. Rename or move them up to index them.`;
}

export function describeIndexRun(index: LocalIndex, report: IndexRunReport): string[] {
  const stats = indexStats(index);
  const seconds = (report.ms / 1000).toFixed(2);
  // A workspace's folder name is the workspace's to choose: shown on one line (control-chars.ts).
  const root = escapeControlChars(index.root);
  const fromCache = report.extractionCache?.fromCache ?? 0;
  const head =
    fromCache > 0
      ? `Indexed ${root}: ${stats.files} files in ${seconds} s, ${report.parsed} parsed and ${fromCache} from the extraction cache.`
      : report.reused === 0 && report.removed === 0
        ? `Indexed ${root}: ${stats.files} files parsed in ${seconds} s.`
        : `Re-indexed ${root}: ${report.parsed} changed or new file(s) parsed, ${report.reused} unchanged reused, ${report.removed} deleted dropped (${stats.files} files) in ${seconds} s; the graph is re-resolved whole, as a fresh index would build it.`;
  const lines = [head, ...statsLines(stats)];
  if (report.resumedFrom > 0) lines.push(`Resumed: this call finished ${report.resumedFrom} file(s) a previous call's 20 s budget had left.`);
  if (report.pending > 0) {
    lines.push(
      `Budget: the 20 s budget ran out with ${report.pending} file(s) not parsed; they are not in the graph yet. Call init_workspace again to resume.`,
    );
  }
  return lines;
}
