// SPEC §get_metrics
import { z } from 'zod';
import { defineTool, type ToolAnswer } from '../server/define-tool.ts';
import { ledgerScope, ledgerStore } from '../ledger/ledger-scope.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import { NO_SERVER_ANALYSIS, groupSeeds } from '../ledger/findings-text.ts';
import { SEVERITIES } from '../ledger/seed-table.ts';
import { localIndexSummary } from '../ledger/index-summary.ts';

export default defineTool({
  name: 'get_metrics',
  title: "This workspace's local analysis state",
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  description: `Open findings in the local store by severity, agent-recorded versus other, top categories, and the local code-graph size. Makes no request.`,
  inputSchema: z.object({}),
  // @anchor handle
  async handle(_args, ctx): Promise<ToolAnswer> {
    const scope = await ledgerScope(ctx);
    const index = localIndexSummary();
    const lines = [`Local analysis state: ${scope.root} (${scope.repo.identity})`];
    let storeCause: string | undefined;
    const opened = await ledgerStore();
    if (opened.ok) {
      try {
        const seeds = opened.store.openSeeds(scope.scope);
        const findings = groupSeeds(seeds);
        const bySeverity = SEVERITIES.map((sev) => `${sev} ${findings.filter((g) => g.seeds[0].severity === sev).length}`);
        const agf = findings.filter((g) => g.seeds[0].id.startsWith('agf_')).length;
        const categories = new Map<string, number>();
        for (const g of findings) categories.set(g.seeds[0].category, (categories.get(g.seeds[0].category) ?? 0) + 1);
        const top = [...categories].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
        lines.push(
          `Open findings in the local store: ${findings.length} (${seeds.length} seed${seeds.length === 1 ? '' : 's'}): ${bySeverity.join(', ')}`,
          `Agent-recorded (agf_*): ${agf}; other: ${findings.length - agf}`,
          `Top categories: ${top.length ? top.map(([c, n]) => `${c} ${n}`).join(', ') : 'none'}`,
        );
      } catch (err) {
        storeCause = storeErrorLine(err);
      }
    } else storeCause = opened.cause;
    if (storeCause) lines.push(`Open findings in the local store: not read (${storeCause})`);
    lines.push(`Local code graph: ${index.line.replace(/^index: /, '')}`, '', NO_SERVER_ANALYSIS);
    return {
      text: lines.join('\n'),
      ...(storeCause ? { emptyReason: 'store_unavailable' as const, diagnosis: [{ code: 'store_unavailable', severity: 'error' as const, message: storeCause }] } : {}),
    };
  },
});
