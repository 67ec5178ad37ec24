// SPEC §get_metrics
import { z } from 'zod';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { ledgerScope, ledgerStore, storeUnavailableNotice } from './ledger-scope.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import { NO_SERVER_ANALYSIS } from '../ledger/findings-text.ts';
import { SEVERITIES } from '../ledger/seed-table.ts';
import { localIndexSummary } from './index-summary.ts';
import { shownName } from './shown-name.ts';

export default defineTool({
  name: 'get_metrics',
  title: "This workspace's local analysis state",
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  description: `Open findings in the local store by severity, agent-recorded versus other, top categories, and the local code-graph size. Makes no request.`,
  inputSchema: z.object({}),
  // @anchor handle
  async handle(_args, ctx): Promise<ToolAnswer> {
    const scope = await ledgerScope(ctx);
    const index = localIndexSummary(ctx.services.index);
    const lines = [`Local analysis state: ${shownName(scope.root)} (${shownName(scope.repo.identity)})`];
    let storeCause: string | undefined;
    const opened = await ledgerStore(ctx);
    if (opened.ok) {
      try {
        const c = opened.store.openCounts(scope.scope);
        lines.push(
          `Open findings in the local store: ${c.findings} (${c.seeds} seed${c.seeds === 1 ? '' : 's'}): ${SEVERITIES.map((sev) => `${sev} ${c.bySeverity[sev] ?? 0}`).join(', ')}`,
          `Agent-recorded (agf_*): ${c.agf}; other: ${c.findings - c.agf}`,
          `Top categories: ${c.topCategories.length ? c.topCategories.map(([cat, n]) => `${shownName(cat)} ${n}`).join(', ') : 'none'}`,
          `Open tasks in the local store: ${c.tasks} (listed apart by get_problems)`,
        );
      } catch (err) {
        storeCause = storeErrorLine(err);
      }
    } else storeCause = opened.cause;
    if (storeCause) lines.push(`Open findings in the local store: not read (${storeCause})`);
    lines.push(`Local code graph: ${index.line.replace(/^index: /, '')}`);
    const partial = index.partial;
    if (partial) lines.push(partial.line);
    lines.push('', NO_SERVER_ANALYSIS);
    return {
      text: lines.join('\n'),
      ...(partial ? { nextSteps: [partial.next] } : {}),
      ...(storeCause ? { emptyReason: 'store_unavailable' as const, diagnosis: [storeUnavailableNotice(ctx, storeCause)] } : {}),
    };
  },
});
