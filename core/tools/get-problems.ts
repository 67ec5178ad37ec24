// SPEC §get_problems
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedString, clipEcho } from './input-caps.ts';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { ledgerScope, ledgerStore, recallNotRunNotice, storeUnavailableNotice } from './ledger-scope.ts';
import { workspacePathOrGiven } from './workspace-path.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import type { RecallAnswer } from '../ledger/shared-ledger.ts';
import type { Cause } from '../process/cause.ts';
import { sharedLedgerOf } from './substrate-access.ts';
import { openGapsOnFilesLines } from './gap-activity.ts';
import { NO_SERVER_ANALYSIS, findingLines, openFindingsHeadline, type FindingGroup } from '../ledger/findings-text.ts';
import { openFindingsPage } from '../ledger/open-findings-page.ts';
import { recallSection } from '../ledger/recall-text.ts';
import type { SeedRow } from '../ledger/seed-table.ts';

const CLOSED_TASKS_SHOWN = 5;

function fixedTag(seed: SeedRow): string {
  const sha = /fix: commit ([0-9a-f]{7,40})/.exec(seed.resolution ?? '')?.[1];
  return sha ? `[FIXED in ${sha.slice(0, 12)}]` : '[FIXED]';
}

/** The Tasks section (SPEC §get_problems "Tasks, listed apart"), ordered so the next move comes first. */
export function tasksSection(open: FindingGroup[], closed: SeedRow[], claimsCause: string | undefined, now = Date.now()): string[] {
  if (open.length === 0 && closed.length === 0) return [];
  // Claims live in the shared ledger: without it every task reads unclaimed, and the header says so.
  const pending = open.filter((g) => g.seeds[0].pending_fix);
  const unclaimed = open.filter((g) => !g.seeds[0].pending_fix);
  const counts = [...(unclaimed.length ? [`${unclaimed.length} unclaimed`] : []), ...(pending.length ? [`${pending.length} with a fix pending`] : [])];
  const header =
    `Tasks (${open.length} open${counts.length ? `: ${counts.join(', ')}` : ''}${closed.length ? `; ${closed.length} closed` : ''})` +
    (claimsCause ? ` — claims not read (${claimsCause})` : '') +
    (open.length ? '; claim one with claim_finding before starting:' : ':');
  const lines = ['', header];
  [...unclaimed, ...pending].forEach((g, i) => lines.push(...findingLines(g, i + 1, now)));
  if (closed.length) {
    lines.push(`Closed tasks (${closed.length}):`);
    for (const seed of closed.slice(0, CLOSED_TASKS_SHOWN)) lines.push(`- ${fixedTag(seed)} ${seed.summary} (${seed.id}, ${seed.file})`);
  }
  return lines;
}

export default defineTool({
  name: 'get_problems',
  title: 'Open findings on this codebase',
  tier: 'mixed',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  description: `Problems recorded by agents on this codebase, ranked by severity: the local store plus findings other agents recorded. Call it for the files you are about to edit. There is no server-side analysis.`,
  inputSchema: z.object({
    limit: z.number().int().min(1).max(100).default(10).describe('Max results (max 100)'),
    severity: cappedArray(z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO']), INPUT_CAPS.enumList)
      .optional()
      .describe('Filter by severity'),
    category: cappedArray(cappedString(INPUT_CAPS.category), INPUT_CAPS.enumList).optional().describe('Filter by category slug'),
    file_path: cappedString(INPUT_CAPS.path).optional().describe('Substring match on the finding file path'),
    include_discarded: z.boolean().default(false).describe('Accepted; discarded findings are deleted locally'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const scope = await ledgerScope(ctx);
    const now = Date.now();
    // One form of the path for the store, the recall and the echo, whichever form was given.
    const filePath = args.file_path === undefined ? undefined : workspacePathOrGiven(scope.root, args.file_path) || undefined;
    // The recall runs first (it retires the local seeds of findings it shows closed).
    const shared = await sharedLedgerOf(ctx);
    let recallCause: Cause | undefined;
    let recalled: RecallAnswer | undefined;
    if ('cause' in shared) recallCause = shared.cause;
    else {
      const recall = await shared.ledger.recall({ repo: scope.repo.identity, repoName: scope.repo.name, filePath, limit: 10 });
      if (recall.ok) recalled = recall.value;
      else recallCause = recall.cause;
    }

    const tasksAreTheList = (args.category ?? []).some((c) => c.trim().toLowerCase() === 'task');
    let findings: FindingGroup[] = [];
    let total = 0;
    let openTasks: FindingGroup[] = [];
    let closedTasks: SeedRow[] = [];
    let storeCause: string | undefined;
    const opened = await ledgerStore(ctx);
    if (opened.ok) {
      try {
        const filter = { severity: args.severity, category: args.category, filePath };
        const page = openFindingsPage(opened.store, scope.scope, filter, args.limit, tasksAreTheList);
        ({ total, page: findings, tasks: openTasks } = page);
        if (!tasksAreTheList) {
          closedTasks = opened.store.closedSeeds(scope.scope, 'task', CLOSED_TASKS_SHOWN + 1).filter((s) => !filePath || s.file.includes(filePath));
        }
      } catch (err) {
        storeCause = storeErrorLine(err);
      }
    } else storeCause = opened.cause;

    const lines = [
      openFindingsHeadline({
        local: storeCause ? { cause: storeCause } : total,
        recall: recalled ? recalled.open.length : { cause: recallCause?.line ?? 'unknown' },
        openTasks: openTasks.length,
      }),
      '',
    ];
    if (storeCause) {
      lines.push(`The local store could not be read: ${storeCause}`);
    } else if (findings.length === 0) {
      const where = filePath ? ` on files matching "${clipEcho(filePath)}"` : ' for this workspace';
      lines.push(`No agent-recorded findings in the local store${where}.`);
      if (filePath) lines.push(`The system's own open gaps there are path_activity's: path_activity {"paths": ["${filePath}"]}.`);
    } else {
      lines.push(
        `Local store (${scope.repo.identity}): ${total} open${findings.length < total ? `, ${findings.length} shown` : ''}${filePath ? ` on files matching "${clipEcho(filePath)}"` : ''}`,
      );
      findings.forEach((g, i) => lines.push(...findingLines(g, i + 1, now, true)));
    }
    // SPEC §get_problems "The system's own gaps": from path_activity's cached read only.
    const gapFiles = filePath ? [filePath] : [...new Set(findings.flatMap((g) => g.seeds.map((s) => s.file)))].slice(0, 20);
    const gapLines = await openGapsOnFilesLines(ctx, scope.root, gapFiles);
    if (gapLines.length) lines.push('', ...gapLines);
    lines.push('', NO_SERVER_ANALYSIS, '', ...recallSection(recalled, recallCause?.line));
    lines.push(...tasksSection(openTasks, closedTasks, recallCause?.line, now));

    const empty = findings.length === 0 && openTasks.length === 0 && !(recalled && recalled.open.length);
    return {
      text: lines.join('\n'),
      ...(storeCause
        ? { emptyReason: 'store_unavailable' as const, diagnosis: [storeUnavailableNotice(ctx, storeCause)] }
        : empty
          ? { emptyReason: 'no_findings' as const }
          : {}),
      ...(recallCause ? { warnings: [recallNotRunNotice(recallCause, scope, filePath)] } : {}),
    };
  },
});
