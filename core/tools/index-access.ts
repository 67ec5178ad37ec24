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
  const { tooLarge, overCap, pending } = index.skipped();
  const unresolved = index.graph?.stats.byOutcome.unresolved ?? 0;
  const parts: string[] = [];
  if (failures) parts.push(`${failures} file(s) failed to parse`);
  const partial = index.partial().length;
  if (partial) parts.push(`${partial} file(s) were parsed in part (init_workspace names the lines)`);
  if (tooLarge.length) parts.push(`${tooLarge.length} file(s) over 200 KB were skipped`);
  if (overCap.length) parts.push(`${overCap.length} file(s) past the 2000-file cap were skipped`);
  if (pending.length) parts.push(`${pending.length} file(s) are not parsed yet (the 20 s budget ran out; init_workspace resumes)`);
  if (unresolved) parts.push(`${unresolved} call site(s) stayed unresolved`);
  return {
    line: parts.length ? `Index gaps: ${parts.join('; ')}.` : undefined,
    data: {
      parse_failures: failures,
      partially_parsed: partial,
      too_large: tooLarge.length,
      over_cap: overCap.length,
      pending: pending.length,
      unresolved_calls: unresolved,
    },
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
