// The local code graph's size, as the ledger's snapshot tools print it (SPEC §get_metrics
// "the local CPG size", §get_analysis_context "CPG index stats"). The graph lives in this
// process only, so a fresh process has none until init_workspace.
import type { IndexService } from '../index/local-index.ts';
import { indexStats } from '../index/index-report.ts';
import { shownName } from './shown-name.ts';

/** `unavailable`: the index cannot be built in this process (local_index_unavailable), so init_workspace would not help. */
export type IndexSummary = { built: true; line: string } | { built: false; unavailable: boolean; line: string };

export function localIndexSummary(indexes: IndexService): IndexSummary {
  const broken = indexes.unavailable();
  if (broken) return { built: false, unavailable: true, line: `index: ${broken}` };
  const index = indexes.currentIndex();
  if (!index?.graph) return { built: false, unavailable: false, line: 'index: not built in this process; call init_workspace' };
  const s = indexStats(index);
  return {
    built: true,
    line: `index: ${s.files} files, ${s.nodes} nodes, ${s.edges} edges (${shownName(index.root)}); calls ${s.calls.resolvedPct}% resolved; ${s.parseFailures.length} parse failures`,
  };
}
