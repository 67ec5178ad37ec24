// SPEC §predict_cochanges
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedPath, clipEcho } from './input-caps.ts';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { COCHANGE_MAX_COMMITS, COCHANGE_MAX_FILES_PER_COMMIT, COCHANGE_MAX_LIMIT, mineGitCochanges, type CochangeAnswer } from '../git/git-cochange.ts';
import { localFindingsForFiles } from '../ledger/local-findings.ts';
import { workspacePathOrGiven } from './workspace-path.ts';
import type { LocalStoreService } from '../ledger/local-store.ts';
import { shownName } from './shown-name.ts';

type MinedOk = Extract<CochangeAnswer, { status: 'ok' }>;

/** SPEC §predict_cochanges: "the output caveats that history mining can miss files". */
export const COCHANGE_CAVEAT =
  `Caveat: history mining can miss files: it sees only the last ${COCHANGE_MAX_COMMITS} commits, skips commits touching more than ` +
  `${COCHANGE_MAX_FILES_PER_COMMIT} files, leaves out lockfiles and generated files, and knows nothing of files that must change together but have not yet.`;

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}

function historyLine(mined: MinedOk): string {
  const parts = [`${plural(mined.givenCommits, 'commit')} of the last ${plural(mined.scannedCommits, 'commit')} touched the given files`];
  if (mined.skippedLargeCommits > 0) {
    parts.push(`${plural(mined.skippedLargeCommits, 'more was', 'more were')} skipped for touching more than ${COCHANGE_MAX_FILES_PER_COMMIT} files`);
  }
  return `History: ${parts.join('; ')}.`;
}

/** A cut list is always said (the limit left out files that met the threshold). */
function pastLimitLine(mined: MinedOk, threshold: number, limit: number): string | undefined {
  if (mined.pastLimit === 0) return undefined;
  return `${plural(mined.pastLimit, 'more file')} at confidence ${threshold} or more ${mined.pastLimit === 1 ? 'is' : 'are'} not shown (limit ${limit}); raise limit (max ${COCHANGE_MAX_LIMIT}) to see them.`;
}

function belowLine(mined: MinedOk, threshold: number): string | undefined {
  if (mined.belowThreshold === 0) return undefined;
  return `${plural(mined.belowThreshold, 'more file')} changed with them below the confidence threshold ${threshold}.`;
}

/** The empty answers: which empty_reason and what to say (SPEC §predict_cochanges "it says so"). */
function emptyAnswer(mined: MinedOk, threshold: number): Pick<ToolAnswer, 'text' | 'emptyReason'> {
  if (mined.givenCommits === 0 && mined.skippedLargeCommits === 0) {
    return {
      emptyReason: 'no_git_history',
      text: `No co-change predictions: none of the given files changed in the last ${plural(mined.scannedCommits, 'commit')} of git history.`,
    };
  }
  if (mined.belowThreshold > 0) {
    return {
      emptyReason: 'below_threshold',
      text: `No co-change predictions at confidence ${threshold} or more: ${belowLine(mined, threshold)} ${historyLine(mined)}`,
    };
  }
  return {
    emptyReason: 'no_cochanges',
    text: `No co-change predictions: the given files never changed together with another predictable file in the window. ${historyLine(mined)}`,
  };
}

async function findingsBlock(stores: LocalStoreService, root: string, files: string[]): Promise<string> {
  const relFiles = files.map((f) => workspacePathOrGiven(root, f));
  const found = await localFindingsForFiles(stores, root, relFiles, 20);
  if (!found.ok) return `Local store findings for the changed files:\n${found.cause}`;
  if (found.findings.length === 0) return 'Local store findings for the changed files: none open.';
  const more = found.total > found.findings.length ? `\n(${found.total - found.findings.length} more not shown)` : '';
  return `Local store findings for the changed files (${found.total}):\n${found.findings.map((f) => f.line).join('\n')}${more}`;
}

export default defineTool({
  name: 'predict_cochanges',
  title: 'Files that change together with the given files (git history)',
  tier: 'local',
  complexity: 'standard',
  baseline: null,
  description: `Predict which files change together with the given files, from the last 500 commits of git history. Needs a git checkout, not init_workspace.`,
  inputSchema: z.object({
    changed_files: cappedArray(cappedPath(), INPUT_CAPS.fileList).min(1).describe('Files being changed'),
    limit: z.number().int().min(1).max(50).default(10).describe('Max suggestions (max 50)'),
    confidence_threshold: z.number().min(0).max(1).default(0.3).describe('Min co-change confidence (0.0-1.0)'),
  }),
  // @anchor handle
  async handle(args, ctx) {
    const decision = ctx.workspace;
    if (!decision.decided) return { text: `predict_cochanges: ${decision.refusal}`, isError: true, emptyReason: 'workspace_undetermined' };
    const root = decision.path;
    const threshold = args.confidence_threshold;
    const mined = await mineGitCochanges(root, args.changed_files, { limit: args.limit, threshold });

    if (mined.status === 'git_failed') {
      // git's own words can quote a path or the workspace folder.
      const line = shownName(mined.line);
      return {
        text: line,
        isError: true,
        diagnosis: [{ code: 'git_failed', severity: 'error', message: line, data: { workspace: root, changed_files: args.changed_files } }],
        result: 'git_failed',
      };
    }
    const findings = await findingsBlock(ctx.services.store, root, args.changed_files);
    if (mined.status === 'not_a_git_repository') {
      return {
        text: `${shownName(mined.line)}; co-change needs git history, so nothing is predicted.\n\n${findings}`,
        emptyReason: 'not_a_git_repository',
        result: 'not_a_git_repository',
      };
    }
    if (mined.predictions.length === 0) {
      const empty = emptyAnswer(mined, threshold);
      return { ...empty, text: `${empty.text}\n${COCHANGE_CAVEAT}\n\n${findings}`, result: empty.emptyReason };
    }

    const shown = mined.predictions.map((p) => ({ ...p, file: shownName(p.file) }));
    const width = Math.max(...shown.map((p) => p.file.length));
    const rows = shown.map(
      (p) => `  ${p.file.padEnd(width)}  confidence ${p.confidence.toFixed(2)}  (${p.commits} of ${plural(mined.givenCommits, 'commit')})`,
    );
    const lines = [
      `${plural(mined.predictions.length, 'file')} changed together with ${clipEcho(args.changed_files.join(', '), 1000)} (confidence = share of the given files' commits that also touched the file):`,
      ...rows,
      pastLimitLine(mined, threshold, args.limit),
      historyLine(mined),
      belowLine(mined, threshold),
      COCHANGE_CAVEAT,
    ].filter((line): line is string => line !== undefined);
    return { text: `${lines.join('\n')}\n\n${findings}`, result: `${plural(mined.predictions.length, 'prediction')}` };
  },
});
