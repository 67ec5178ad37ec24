// The local code graph's size, as the ledger's snapshot tools print it (SPEC §get_metrics
// "the local CPG size", §get_analysis_context "CPG index stats"). The graph lives in this
// process only, so a fresh process has none until init_workspace.
import type { IndexService } from '../index/index-service.ts';
import { indexStats } from '../index/index-report.ts';
import { shownName } from './shown-name.ts';
import { cancelledRunLine, indexGaps } from './index-access.ts';
import type { NextStep } from './define-tool.ts';

/**
 * `unavailable`: the index cannot be built in this process (local_index_unavailable), so
 * init_workspace would not help. `partial`: what the index left out, and the step that resumes
 * or widens it (SPEC §init_workspace: a budget-limited index says so and resumes on the next call).
 */
export type IndexSummary =
  | { built: true; line: string; partial?: { line: string; next: NextStep } }
  | { built: false; unavailable: boolean; line: string; partial?: { line: string; next: NextStep } };

/** The resume step after a cancelled init_workspace. */
const RESUME_CANCELLED: NextStep = { tool: 'init_workspace', args: {}, why: 'finish the cancelled index: it parses only the files not parsed yet' };

export function localIndexSummary(indexes: IndexService): IndexSummary {
  const broken = indexes.unavailable();
  if (broken) return { built: false, unavailable: true, line: `index: ${broken}` };
  const index = indexes.currentIndex();
  const cancelled = index ? cancelledRunLine(index) : undefined;
  if (!index?.graph) {
    if (cancelled)
      return {
        built: false,
        unavailable: false,
        line: 'index: PARTIAL, no graph yet',
        partial: { line: `The index is partial: ${cancelled}.`, next: RESUME_CANCELLED },
      };
    return { built: false, unavailable: false, line: 'index: not built in this process; call init_workspace' };
  }
  const s = indexStats(index);
  const line = `index: ${s.files} files, ${s.nodes} nodes, ${s.edges} edges (${shownName(index.root)}); calls ${s.calls.resolvedPct}% resolved; ${s.parseFailures.length} parse failures`;
  const gaps = indexGaps(index);
  const { pending, overCap, tooLarge, generated } = gaps.data;
  // A cancelled call after a complete one: the graph is whole, but not of the files on disk now.
  if (cancelled) return { built: true, line, partial: { line: `The index is the last complete call's: ${cancelled}.`, next: RESUME_CANCELLED } };
  if (pending + overCap + tooLarge + generated + gaps.data.partially_parsed === 0) return { built: true, line };
  const resume = pending > 0;
  const step = resume
    ? 'call init_workspace again to resume: it parses only the pending files'
    : 'call init_workspace with a narrower include or an exclude for the folders named to index what the caps left out; read skipped or partly parsed files directly';
  return {
    built: true,
    line: `${line}; PARTIAL`,
    partial: {
      line: `The index is partial: ${(gaps.line ?? '').replace(/^Index gaps: /, '').replace(/\.$/, '')}. Next: ${step}.`,
      next: {
        tool: 'init_workspace',
        args: {},
        why: resume ? `parse the ${pending} file(s) the 20 s budget left` : 'index what the caps left out, with a narrower include or exclude',
      },
    },
  };
}
