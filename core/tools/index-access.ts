// What every graph-reading tool checks first (SPEC §analyze_impact, §search_codebase,
// §assign_git_changes "Requires init_workspace"): the parser loaded, and this workspace was
// indexed in this process. Also maps the paths agents pass to the index's relative paths.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ToolAnswer, ToolContext } from './define-tool.ts';
import type { CodeGraph } from '../index/graph-types.ts';
import type { LocalIndex } from '../index/local-index.ts';
import { stalenessLine } from '../index/freshness.ts';
import { realPathOrSelf } from '../process/real-path.ts';
import { shownName } from './shown-name.ts';
import { MAX_FILE_BYTES, bytesText, countText } from '../index/index-caps.ts';
import { topFolders } from '../index/file-cap.ts';
import { lineRangesText } from '../index/index-report.ts';
import type { EmptyReason } from './empty-reason.ts';

export type IndexAccess = { ok: true; index: LocalIndex; graph: CodeGraph; root: string } | { ok: false; answer: ToolAnswer };

export async function requireIndex(ctx: ToolContext, tool: string): Promise<IndexAccess> {
  const unavailable = ctx.services.index.unavailable();
  if (unavailable) {
    return {
      ok: false,
      answer: {
        text: `${unavailable}; ${tool} needs the local code graph. The ledger and substrate tools still work.`,
        isError: true,
        emptyReason: 'local_index_unavailable',
        diagnosis: [{ code: 'local_index_unavailable', severity: 'error', message: unavailable, data: { tool } }],
      },
    };
  }
  const decision = ctx.workspace;
  const index = ctx.services.index.currentIndex();
  const cancelled = index && decision.decided && index.root === decision.path && !index.graph ? cancelledRunLine(index) : undefined;
  if (cancelled) {
    // SPEC §init_workspace: a cancelled first index built no graph; it resumes like a budget-limited one.
    const line = `index_pending: ${tool} needs the local code graph and ${cancelled}`;
    return {
      ok: false,
      answer: {
        text: line,
        isError: true,
        emptyReason: 'index_pending',
        nextSteps: [{ tool: 'init_workspace', args: {}, why: `resume the cancelled index so ${tool} can read the code graph` }],
        diagnosis: [{ code: 'index_pending', severity: 'error', message: line, data: { tool, workspace: index!.root, ...index!.cancelledRun } }],
      },
    };
  }
  if (!decision.decided || !index?.graph || index.root !== decision.path) {
    const where = decision.decided ? shownName(decision.path) : 'this workspace';
    const line = `no_workspace_indexed: ${tool} needs the local code graph and init_workspace has not indexed ${where} in this process (the index is not persisted across restarts); call init_workspace, then retry`;
    return {
      ok: false,
      answer: {
        text: line,
        isError: true,
        emptyReason: 'no_workspace_indexed',
        nextSteps: decision.decided ? [{ tool: 'init_workspace', args: {}, why: `index ${where} so ${tool} can read the code graph` }] : undefined,
        diagnosis: [
          {
            code: 'no_workspace_indexed',
            severity: 'error',
            message: line,
            data: { tool, workspace: decision.decided ? decision.path : null, indexed: index?.root ?? null },
          },
        ],
      },
    };
  }
  return { ok: true, index, graph: index.graph, root: index.root };
}

/**
 * SPEC §init_workspace: a cancelled call leaves the last complete graph, or none; this says so,
 * how far the cancelled call got, and the step that resumes it. Undefined when the last call was not cancelled.
 */
export function cancelledRunLine(index: LocalIndex): string | undefined {
  const run = index.cancelledRun;
  if (!run) return undefined;
  // Cancelled while listing the workspace, a first run knows no total yet.
  const got =
    run.total > 0
      ? `the last init_workspace was cancelled after parsing ${run.parsed} of ${run.total} file(s)`
      : 'the last init_workspace was cancelled before it had listed the files to parse';
  return index.graph
    ? `${got}: the graph is the last complete call's; call init_workspace again to finish (it parses only the rest)`
    : `${got}, before a graph was built: the index is partial; call init_workspace again to resume (it parses only the rest)`;
}

/** A path as an agent passes it (workspace-relative, ./-prefixed or absolute) as the index's relative path. */
export function toIndexPath(root: string, given: string): string {
  let rel = given.trim().replace(/\\/g, '/');
  if (isAbsolute(rel)) {
    let abs = rel;
    try {
      abs = realpathSync(rel);
    } catch {
      // a deleted file keeps its given path
    }
    const realRoot = realPathOrSelf(root);
    const fromReal = relative(realRoot, abs);
    rel = fromReal.startsWith('..') ? relative(root, resolve(rel)) : fromReal;
    rel = rel.split('\\').join('/');
  }
  return rel.replace(/^\.\//, '').replace(/(?<!\/)\/+$/, '');
}

/** One-line summary of what the index could not see, for honest answers. */
export function indexGaps(index: LocalIndex): { line: string | undefined; data: Record<string, number> } {
  const failures = index.parseFailures().length;
  const { tooLarge, overCap, generated, pending, cap } = index.skipped();
  const unresolved = index.graph?.stats.byOutcome.unresolved ?? 0;
  const parts: string[] = [];
  if (failures) parts.push(`${failures} file(s) failed to parse`);
  const partial = index.partial().length;
  if (partial) parts.push(`${partial} file(s) were parsed in part (init_workspace names the lines)`);
  if (generated.length) parts.push(`${generated.length} file(s) were skipped as generated or minified`);
  if (tooLarge.length) parts.push(`${tooLarge.length} file(s) over the ${bytesText(MAX_FILE_BYTES)} size bound were skipped`);
  if (overCap.length) parts.push(`${overCap.length} file(s) past the ${countText(cap)}-file cap were skipped (${foldersLine(overCap)})`);
  if (pending.length) parts.push(`${pending.length} file(s) are not parsed yet (the 20 s budget ran out; init_workspace resumes)`);
  if (unresolved) parts.push(`${unresolved} call site(s) stayed unresolved`);
  return {
    line: parts.length ? `Index gaps: ${parts.join('; ')}.` : undefined,
    data: {
      parse_failures: failures,
      partially_parsed: partial,
      generated: generated.length,
      too_large: tooLarge.length,
      over_cap: overCap.length,
      pending: pending.length,
      unresolved_calls: unresolved,
    },
  };
}

/** `third_party/zlib/ 300, test/fixtures/ 115, ...`: where the files past the cap are. */
export function foldersLine(files: readonly string[]): string {
  const top = topFolders(files, 3);
  const more = files.length - top.reduce((n, [, c]) => n + c, 0);
  return shownName(`${top.map(([d, n]) => `${d} ${n}`).join(', ')}${more > 0 ? `, ${more} elsewhere` : ''}`);
}

/**
 * What an empty answer could not see (SPEC §search_codebase: an empty answer never reads as
 * "none" when part of the workspace was not looked at): files pending from the budget, stale
 * on disk, not indexed, parsed in part; most actionable first. Stale is checked by stat over
 * every indexed file, which an empty answer can afford (freshness.ts: one stat a file).
 */
export function unseenByEmptyAnswer(index: LocalIndex): { line: string; emptyReason: EmptyReason; resume: boolean } | undefined {
  const { tooLarge, overCap, generated, pending, cap } = index.skipped();
  const stale = index.staleness(index.graph?.componentsByFile.keys() ?? []);
  const changed = stale.changed.length + stale.deleted.length + stale.added.length;
  const partial = index.partial();
  const parts: string[] = [];
  if (pending.length) parts.push(`${pending.length} file(s) pending (the 20 s budget ran out before they were parsed; init_workspace resumes)`);
  if (changed) parts.push(`${changed} file(s) stale (changed, deleted or added on disk after indexing; init_workspace re-indexes)`);
  if (overCap.length) parts.push(`${overCap.length} file(s) not indexed past the ${countText(cap)}-file cap (${foldersLine(overCap)})`);
  if (tooLarge.length) parts.push(`${tooLarge.length} file(s) not indexed over the ${bytesText(MAX_FILE_BYTES)} size bound`);
  if (generated.length) parts.push(`${generated.length} file(s) not indexed as generated or minified`);
  if (partial.length)
    parts.push(
      `${partial.length} file(s) partial (${shownName(
        partial
          .slice(0, 3)
          .map((p) => `${p.file} lines ${lineRangesText(p.lines)}`)
          .join('; '),
      )})`,
    );
  if (parts.length === 0) return undefined;
  const emptyReason: EmptyReason = pending.length
    ? 'index_pending'
    : changed
      ? 'index_stale'
      : overCap.length + tooLarge.length + generated.length
        ? 'files_not_indexed'
        : 'partially_parsed';
  return {
    line: `The index could not see all of the workspace, so this is not "none": ${parts.join('; ')}.`,
    emptyReason,
    resume: pending.length + changed > 0,
  };
}

/**
 * An answer from the index, checked by stat against the disk (READING-NOTES "Staleness is
 * reported, not repaired"): when a file it covers changed or is gone, or files were added beside
 * indexed ones, the answer says so first, warns `index_stale` with the files, and names
 * init_workspace as the next step.
 */
export function withFreshness(answer: ToolAnswer, index: LocalIndex, covered: Iterable<string>): ToolAnswer {
  const stale = index.staleness(covered);
  const listed = stalenessLine(stale);
  if (!listed) return answer;
  // The line names files as found on disk, a new one included, whatever their names hold.
  const line = shownName(listed);
  return {
    ...answer,
    text: `${line}\n\n${answer.text}`,
    warnings: [...(answer.warnings ?? []), { code: 'index_stale', severity: 'warning', message: line, data: { ...stale } }],
    nextSteps: [
      { tool: 'init_workspace', args: {}, why: 're-index the files that changed on disk since indexing' },
      ...(answer.nextSteps ?? []).filter((s) => s.tool !== 'init_workspace'),
    ],
  };
}
