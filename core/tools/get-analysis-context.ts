// SPEC §get_analysis_context
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedPath } from './input-caps.ts';
import { defineTool, type NextStep, type ToolAnswer } from './define-tool.ts';
import { ledgerScope, ledgerStore, recallNotRunNotice, storeUnavailableNotice } from './ledger-scope.ts';
import { workspacePathOrGiven } from './workspace-path.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import type { RecallAnswer } from '../ledger/shared-ledger.ts';
import type { Cause } from '../process/cause.ts';
import { attachmentStatusOf, sharedLedgerOf } from './substrate-access.ts';
import { NO_SERVER_ANALYSIS, findingLines, openFindingsHeadline, type FindingGroup } from '../ledger/findings-text.ts';
import { openFindingsPage } from '../ledger/open-findings-page.ts';
import { recalledLine } from '../ledger/recall-text.ts';
import { recalledOnly } from '../ledger/tasks-text.ts';
import type { SeedRow } from '../ledger/seed-table.ts';
import { reviseUncommittedFixTags } from '../ledger/uncommitted-fix-tags.ts';
import { findingsInBoth, retireClosedSeeds } from '../ledger/retire-closed.ts';
import { localIndexSummary } from './index-summary.ts';
import { withFreshness } from './index-access.ts';
import { mineGitCochanges } from '../git/git-cochange.ts';
import { shownName, shownNames } from './shown-name.ts';
import { escapeControlChars } from '../process/control-chars.ts';
import type { RepoIdentity } from '../identity/repo-identity.ts';

const COCHANGE_THRESHOLD = 0.3;
const COCHANGE_TOP = 8;
const RECALL_TOP = 5;

async function cochangeLines(root: string, given: string[]): Promise<string[]> {
  if (given.length === 0) return ['Co-change: no recently_changed_files given.'];
  const files = given.map((f) => workspacePathOrGiven(root, f));
  const answer = await mineGitCochanges(root, files, { limit: COCHANGE_TOP, threshold: COCHANGE_THRESHOLD });
  if (answer.status !== 'ok') return [`Co-change: ${shownName(answer.line)}`];
  const header = `Co-change with ${shownNames(files)} (git history, confidence >= ${COCHANGE_THRESHOLD}, top ${COCHANGE_TOP}):`;
  if (answer.predictions.length === 0) {
    return [header, answer.givenCommits === 0 ? '  none: the files have no commits in the history window' : '  none at or above the threshold'];
  }
  return [
    header,
    ...answer.predictions.map((p) => `  ${shownName(p.file)} (confidence ${p.confidence.toFixed(2)}, ${p.commits} commit${p.commits === 1 ? '' : 's'})`),
  ];
}

/** What the ledger is keyed by, and how that was found (SPEC §Repository identity). */
function repositoryLine(repo: RepoIdentity): string {
  if (repo.source === 'unknown') {
    return `Repository: unknown: git failed (${shownName(repo.failure ?? 'no answer')}); findings are not recorded or closed until git can read this checkout`;
  }
  return `Repository: ${shownName(repo.identity)}${repo.source === 'basename' ? ' (no origin remote: the workspace basename)' : ''}`;
}

export default defineTool({
  name: 'get_analysis_context',
  title: 'Snapshot: attachment, index, problems, co-change',
  tier: 'mixed',
  complexity: 'heavy',
  baseline: null,
  description: `The current analysis state in one snapshot: attachment line, code-graph stats, open problems, co-change hints for recently changed files, and findings other agents recorded. Call first in a session.`,
  inputSchema: z.object({
    recently_changed_files: cappedArray(cappedPath(), INPUT_CAPS.fileList).default([]).describe('Files whose git co-changes are listed'),
    problem_limit: z.number().int().min(1).max(50).default(10).describe('Max open problems (max 50)'),
    scope: z.enum(['session', 'project', 'org']).default('session').describe('Accepted for compatibility; not read'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const decision = ctx.workspace;
    const scope = await ledgerScope(ctx);
    const author = ctx.services.author.of(scope.root);
    const status = await attachmentStatusOf(ctx);

    // @anchor attachment-line
    const lines = [
      `Attachment: ${status.summary}`,
      `  as: ${author.vesselId ? shownName(author.vesselId) : 'no vessel identity (no VESSEL_ID, no METABOB_API_KEY)'} (session ${ctx.sessionId})`,
    ];
    if (decision.decided) {
      lines.push(
        `Workspace: ${shownName(decision.path)} (from ${decision.source})${decision.otherRoots.length ? `; other roots: ${shownNames(decision.otherRoots)}` : ''}`,
      );
      if (author.workspace !== decision.path) lines.push(`  identity derived from: ${shownName(author.workspace)}`);
    }
    lines.push(repositoryLine(scope.repo));
    const index = localIndexSummary(ctx.services.index);
    lines.push(index.line[0].toUpperCase() + index.line.slice(1));
    if (index.partial) lines.push(index.partial.line);
    lines.push('');

    // The recall runs first (it retires the local seeds of findings it shows closed).
    const shared = await sharedLedgerOf(ctx);
    let recallCause: Cause | undefined;
    let recalled: RecallAnswer | undefined;
    if ('cause' in shared) recallCause = shared.cause;
    else {
      const r = await shared.ledger.recall({ root: scope.root, vesselId: author.vesselId });
      if (r.ok) recalled = r.value;
      else recallCause = r.cause;
    }

    let problems: FindingGroup[] = [];
    let total = 0;
    let critical = 0;
    let high = 0;
    let openTasks = 0;
    let taskSeeds: SeedRow[] = [];
    let storeCause: string | undefined;
    let both = 0;
    const opened = await ledgerStore(ctx);
    if (opened.ok) {
      try {
        if (recalled) {
          // As get_problems: the recall retires the local seeds of findings it shows closed (SPEC @retireClosedSeeds).
          retireClosedSeeds(opened.store, scope.scope, [...recalled.closed, ...recalled.closedTasks]);
          both = findingsInBoth(opened.store, scope.scope, recalled.open);
        }
        const page = openFindingsPage(opened.store, scope.scope, {}, args.problem_limit);
        ({ total, page: problems } = page);
        openTasks = page.tasks.length;
        taskSeeds = page.tasks.flatMap((g) => g.seeds);
        critical = openFindingsPage(opened.store, scope.scope, { severity: ['CRITICAL'] }, 0).total;
        high = openFindingsPage(opened.store, scope.scope, { severity: ['HIGH'] }, 0).total;
      } catch (err) {
        storeCause = storeErrorLine(err);
      }
    } else storeCause = opened.cause;
    await reviseUncommittedFixTags(scope.root, problems, recalled?.open.slice(0, RECALL_TOP) ?? []);

    // The cause line is said once: the Attachment line already says it when the attachment is why the recall did not run.
    const saidAbove = recallCause !== undefined && status.summary.includes(recallCause.line);
    const recallNotRun = recallCause ? (saidAbove ? `${recallCause.code}, as the Attachment line says` : recallCause.line) : 'unknown';
    lines.push(
      'Problems:',
      openFindingsHeadline({
        local: storeCause ? { cause: storeCause } : total,
        recall: recalled ? recalled.open.length : { cause: recallNotRun },
        both,
        openTasks: openTasks + (recalled ? recalledOnly(recalled.openTasks, taskSeeds).length : 0),
      }),
    );
    if (storeCause) lines.push(`local store: not read (${storeCause})`);
    else {
      lines.push(`local store: ${total} open (${critical} critical, ${high} high)`);
      problems.forEach((g, i) => lines.push(...findingLines(g, i + 1)));
    }
    lines.push(NO_SERVER_ANALYSIS, '', ...(await cochangeLines(scope.root, args.recently_changed_files)), '');

    if (recalled) {
      lines.push(`Findings recorded by agents on this codebase (top ${RECALL_TOP} of ${recalled.open.length}):`);
      recalled.open.slice(0, RECALL_TOP).forEach((f, i) => lines.push(`${i + 1}. ${recalledLine(f)}`));
    } else
      lines.push(`Findings recorded by agents on this codebase: not read (${recallCause?.code}, as the ${saidAbove ? 'Attachment line' : 'headline'} says).`);

    const next: string[] = [];
    const nextSteps: NextStep[] = [];
    for (const g of problems.filter((p) => ['CRITICAL', 'HIGH'].includes(p.seeds[0].severity)).slice(0, 5))
      next.push(`fix or record progress on [${g.seeds[0].severity}] ${escapeControlChars(g.seeds[0].summary)} (${g.seeds[0].id})`);
    for (const f of recalled?.open.slice(0, 3) ?? []) next.push(`look at the shared finding ${escapeControlChars(f.summary)} (${f.conceptId})`);
    if (!index.built && !index.unavailable && !index.partial) {
      next.push('call init_workspace to build the local code graph');
      nextSteps.push({ tool: 'init_workspace', args: {}, why: 'the local code graph is not built in this process' });
    }
    if (index.partial) {
      next.push(`call init_workspace to ${index.partial.next.why}`);
      nextSteps.push(index.partial.next);
    }
    next.push('call get_problems with file_path for the files you are about to edit');
    lines.push('', 'Suggested next actions:', ...next.map((n) => `- ${n}`));
    const answer: ToolAnswer = {
      text: lines.join('\n'),
      ...(nextSteps.length ? { nextSteps } : {}),
      ...(storeCause ? { diagnosis: [storeUnavailableNotice(ctx, storeCause)] } : {}),
      ...(recallCause ? { warnings: [recallNotRunNotice(recallCause, scope)] } : {}),
    };
    // The snapshot covers the whole index: it says first when any indexed file changed on disk since.
    const built = ctx.services.index.currentIndex();
    return built?.graph && built.root === scope.root ? withFreshness(answer, built, built.graph.componentsByFile.keys()) : answer;
  },
});
