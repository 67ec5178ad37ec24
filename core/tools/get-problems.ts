// SPEC §get_problems
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedPath, cappedString, clipEcho } from './input-caps.ts';
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
import { CLOSED_TASKS_SHOWN, recalledOnly, tasksSection } from '../ledger/tasks-text.ts';
import { findingsInBoth, retireClosedSeeds } from '../ledger/retire-closed.ts';
import type { SeedRow } from '../ledger/seed-table.ts';
import { reviseUncommittedFixTags } from '../ledger/uncommitted-fix-tags.ts';

export default defineTool({
  name: 'get_problems',
  title: 'Open findings on this codebase',
  tier: 'mixed',
  complexity: 'standard',
  baseline: null,
  description: `Problems recorded by agents on this codebase, ranked by severity: the local store plus findings other agents recorded. Call it for the files you are about to edit. There is no server-side analysis.`,
  inputSchema: z.object({
    limit: z.number().int().min(1).max(100).default(10).describe('Max results (max 100)'),
    severity: cappedArray(z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO']), INPUT_CAPS.enumList)
      .optional()
      .describe('Filter by severity'),
    category: cappedArray(cappedString(INPUT_CAPS.category), INPUT_CAPS.enumList).optional().describe('Filter by category slug'),
    file_path: cappedPath().optional().describe('Substring match on the finding file path'),
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
      const recall = await shared.ledger.recall({
        root: scope.root,
        filePath,
        severity: args.severity,
        category: args.category,
        vesselId: ctx.services.author.of(scope.root).vesselId,
      });
      if (recall.ok) recalled = recall.value;
      else recallCause = recall.cause;
    }

    const tasksAreTheList = (args.category ?? []).some((c) => c.trim().toLowerCase() === 'task');
    let findings: FindingGroup[] = [];
    let total = 0;
    let openTasks: FindingGroup[] = [];
    let closedTasks: SeedRow[] = [];
    let storeCause: string | undefined;
    let both = 0;
    const opened = await ledgerStore(ctx);
    if (opened.ok) {
      try {
        if (recalled) {
          // SPEC @retireClosedSeeds: before the local list is read, so a finding closed elsewhere is not listed open here.
          retireClosedSeeds(opened.store, scope.scope, [...recalled.closed, ...recalled.closedTasks]);
          both = findingsInBoth(opened.store, scope.scope, tasksAreTheList ? [...recalled.open, ...recalled.openTasks] : recalled.open);
        }
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
    await reviseUncommittedFixTags(scope.root, [...findings, ...openTasks], recalled ? [...recalled.open, ...recalled.openTasks] : []);

    // With category task the recalled tasks are the list; otherwise they join the Tasks section.
    const recalledOpen = recalled ? (tasksAreTheList ? [...recalled.open, ...recalled.openTasks] : recalled.open) : undefined;
    const shownRecall =
      recalled && recalledOpen
        ? { ...recalled, open: recalledOpen, closed: tasksAreTheList ? [...recalled.closed, ...recalled.closedTasks] : recalled.closed }
        : undefined;
    const recalledTasks =
      recalled && !tasksAreTheList
        ? recalledOnly(
            recalled.openTasks,
            openTasks.flatMap((g) => g.seeds),
          )
        : [];
    const lines = [
      openFindingsHeadline({
        local: storeCause ? { cause: storeCause } : total,
        recall: recalledOpen ? recalledOpen.length : { cause: recallCause?.line ?? 'unknown' },
        both,
        openTasks: openTasks.length + recalledTasks.length,
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
    // The headline names the recall's cause in full; the sections after it name its token only, so the line is said once.
    const causeAgain = recallCause ? `${recallCause.code}, as the headline says` : undefined;
    lines.push('', NO_SERVER_ANALYSIS, '', ...recallSection(shownRecall, causeAgain, now));
    if (!tasksAreTheList) {
      const sources = { local: openTasks, localClosed: closedTasks, recalled: recalled?.openTasks ?? [], recalledClosed: recalled?.closedTasks ?? [] };
      lines.push(...tasksSection(sources, causeAgain, now));
    }

    const empty = findings.length === 0 && openTasks.length === 0 && !recalledOpen?.length && !recalledTasks.length;
    return {
      text: lines.join('\n'),
      ...(storeCause
        ? { emptyReason: 'store_unavailable' as const, diagnosis: [storeUnavailableNotice(ctx, storeCause)] }
        : empty
          ? // SPEC §get_problems: a recall that did not run is named rather than counted as zero, so "no findings" needs both halves.
            { emptyReason: recallCause ? ('recall_not_run' as const) : ('no_findings' as const) }
          : {}),
      ...(recallCause ? { warnings: [recallNotRunNotice(recallCause, scope, filePath)] } : {}),
    };
  },
});
