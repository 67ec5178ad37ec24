// SPEC §init_workspace
import { z } from 'zod';
import { INPUT_CAPS, LINE_FIX, cappedArray, cappedPath, cappedString, oneLine } from './input-caps.ts';
import { resolve } from 'node:path';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { causeNotice } from '../process/cause.ts';
import { cancelledRunLine, indexGaps } from './index-access.ts';
import { describeIndexRun } from '../index/index-report.ts';
import { DEFAULT_INCLUDE } from '../index/scan-workspace.ts';
import { FD_EXHAUSTED } from '../index/fd-exhaustion.ts';
import { INDEX_BUDGET_MS, INDEX_CANCELLED } from '../index/index-run.ts';
import { mineGitCochanges } from '../git/git-cochange.ts';
import { trackedFiles } from '../git/tracked-files.ts';
import { workspacePathOrGiven } from './workspace-path.ts';

const COCHANGE_THRESHOLD = 0.3;
const PROGRESS_INTERVAL_MS = 50;
/** Less time than this left in the call, and the co-change count is left to predict_cochanges. */
const COCHANGE_MIN_MS = 250;

export const NOTHING_LEFT_THE_MACHINE =
  'No file content left this machine: indexing is local and made no request (batch_size and sync_api are accepted and change nothing).';

export default defineTool({
  name: 'init_workspace',
  title: 'Index the workspace into the local code graph',
  tier: 'local',
  complexity: 'heavy',
  baseline: null,
  description: `Index the workspace into the local code graph (tree-sitter; nothing leaves the machine). Call once per session before analyze_impact, search_codebase and assign_git_changes; a later call re-parses changed files.`,
  inputSchema: z.object({
    workspace_path: cappedPath().optional().describe('Absolute path to the workspace root; an existing directory'),
    recently_changed_files: cappedArray(cappedPath(), INPUT_CAPS.fileList)
      .default([])
      .describe('Changed files; the output counts their git co-change neighbours'),
    batch_size: z.number().int().min(1).max(20).default(20).describe('Accepted (1-20) and ignored'),
    include: cappedArray(oneLine(cappedString(INPUT_CAPS.extension), LINE_FIX), INPUT_CAPS.nameList)
      .optional()
      .describe(`Extensions to index, with or without the dot (default ${DEFAULT_INCLUDE.join(',')})`),
    exclude: cappedArray(oneLine(cappedString(INPUT_CAPS.dirName), LINE_FIX), INPUT_CAPS.nameList)
      .optional()
      .describe('Directory names to skip; dot-directories are always skipped'),
    sync_api: z.boolean().default(true).describe('Accepted and ignored'),
  }),
  // SPEC §workspace: the one call allowed before the workspace is decided.
  allowedWhenWorkspaceUndetermined: (args) => args.workspace_path !== undefined,
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    // SPEC §init_workspace behaviour 1: the 20 s budget is the whole call's, so it starts now.
    const deadline = Date.now() + INDEX_BUDGET_MS;
    const state = ctx.services.workspace;
    let root: string;
    if (args.workspace_path !== undefined) {
      const refusal = state.bindInitPath(args.workspace_path);
      if (refusal) {
        return {
          text: refusal.line,
          isError: true,
          emptyReason: refusal.code === 'workspace_undetermined' ? 'workspace_undetermined' : undefined,
          diagnosis: [causeNotice(refusal)],
        };
      }
      root = resolve(state.launchDir, args.workspace_path);
    } else {
      const decision = ctx.workspace;
      if (!decision.decided) {
        const notice = {
          code: 'workspace_undetermined',
          severity: 'error' as const,
          message: decision.refusal,
          data: { tool: 'init_workspace', ...decision.refusalData },
        };
        return { text: decision.refusal, isError: true, emptyReason: 'workspace_undetermined', diagnosis: [notice] };
      }
      root = decision.path;
      // SPEC §init_workspace behaviour 2: the indexed root is the workspace from now on; it
      // still came from where the decision found it.
      state.bindInitPath(root, decision.source);
    }

    let lastProgress = 0;
    // MCP progress: each notification's progress is larger than the last one's.
    let lastDone = 0;
    const { index, result } = await ctx.services.index.indexWorkspace(root, {
      include: args.include,
      exclude: args.exclude,
      deadline,
      signal: ctx.signal,
      // When the file cap binds, the files the agent works on are kept first (core/index/file-cap.ts).
      recent: args.recently_changed_files.map((f) => workspacePathOrGiven(root, f)),
      trackedFiles: () => trackedFiles(root),
      onProgress: (done, total) => {
        const now = Date.now();
        if (done > lastDone && (done === total || now - lastProgress >= PROGRESS_INTERVAL_MS)) {
          lastProgress = now;
          lastDone = done;
          ctx.progress(done, total, `parsed ${done} of ${total} files`);
        }
      },
    });
    if (!result.ok && result.code === INDEX_CANCELLED) {
      // MCP cancellation: the client no longer reads this answer (the SDK sends none for a
      // cancelled request); the headless and loopback planes, which cannot cancel, never get here.
      const line = cancelledRunLine(index) ?? result.cause;
      return {
        text: `init_workspace: ${line}.\n${NOTHING_LEFT_THE_MACHINE}`,
        emptyReason: index.graph ? undefined : 'index_pending',
        nextSteps: [{ tool: 'init_workspace', args: {}, why: 'finish the cancelled index: it parses only the files not parsed yet' }],
        warnings: [{ code: INDEX_CANCELLED, severity: 'warning', message: line, data: { ...index.cancelledRun } }],
      };
    }
    if (!result.ok && result.code === FD_EXHAUSTED) {
      // A failure, never "0 files parsed"; and not local_index_unavailable, whose answer is not
      // to retry: once descriptors are free the next call indexes as usual.
      return {
        text: `${result.cause}\n${NOTHING_LEFT_THE_MACHINE}`,
        isError: true,
        diagnosis: [{ code: FD_EXHAUSTED, severity: 'error', message: result.cause, data: { workspace: root } }],
      };
    }
    if (!result.ok) {
      return {
        text: `${result.cause}; the local code graph is unavailable in this process. The ledger and substrate tools still work.\n${NOTHING_LEFT_THE_MACHINE}`,
        isError: true,
        emptyReason: 'local_index_unavailable',
        diagnosis: [{ code: 'local_index_unavailable', severity: 'error', message: result.cause, data: { workspace: root } }],
      };
    }
    const report = result.report;
    const lines = describeIndexRun(index, report);
    const warm = report.extractionCache;
    if (warm) {
      lines.push(
        `Extraction cache: ${warm.fromCache} of ${report.scanned} file(s) came from it (${warm.dir})${warm.cause ? `, none: ${warm.cause}` : ''}; ${report.parsed} extracted; the graph was resolved whole, as a cold index resolves it.`,
      );
    }
    const gaps = indexGaps(index);

    const left = deadline - Date.now();
    if (args.recently_changed_files.length > 0 && left < COCHANGE_MIN_MS) {
      lines.push(`Co-change: not counted, the call's ${INDEX_BUDGET_MS / 1000} s budget is spent; predict_cochanges lists them.`);
    } else if (args.recently_changed_files.length > 0) {
      const cochange = await mineGitCochanges(root, args.recently_changed_files, { limit: 50, threshold: COCHANGE_THRESHOLD, timeoutMs: left });
      if (cochange.status === 'ok') {
        const n = cochange.predictions.length;
        lines.push(
          `Co-change: the ${args.recently_changed_files.length} recently changed file(s) have ${n === 50 ? 'at least 50' : n} co-change neighbour(s) at confidence >= ${COCHANGE_THRESHOLD} in git history (${cochange.givenCommits} of their commits in the last ${cochange.scannedCommits}; ${cochange.belowThreshold} more below the threshold); predict_cochanges lists them.`,
        );
      } else lines.push(`Co-change: ${cochange.line}`);
    }
    lines.push(NOTHING_LEFT_THE_MACHINE);

    const warnings = [];
    if (report.pending > 0) {
      warnings.push({
        code: 'index_budget_exhausted',
        severity: 'warning' as const,
        message: `${report.pending} file(s) not parsed within the 20 s budget; call init_workspace again to resume`,
        data: { pending: report.pending },
      });
    }
    let emptyReason: ToolAnswer['emptyReason'];
    if (report.scanned === 0) emptyReason = 'all_files_excluded';
    else if (report.parsed === 0 && report.removed === 0 && report.reused > 0 && report.resumedFrom === 0) emptyReason = 'incremental_no_change';
    return {
      text: lines.join('\n'),
      emptyReason,
      warnings,
      diagnosis: gaps.line ? [{ code: 'index_gaps', severity: 'info', message: gaps.line, data: gaps.data }] : undefined,
      result: `${report.scanned} files, ${index.graph?.nodes.size ?? 0} nodes, ${index.graph?.edges.length ?? 0} edges`,
    };
  },
});
