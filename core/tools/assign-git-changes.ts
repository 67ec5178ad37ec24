// SPEC §assign_git_changes
import { join } from 'node:path';
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedPath, cappedString, clipEcho } from './input-caps.ts';
import { defineTool, type Notice, type ToolAnswer } from './define-tool.ts';
import { requireIndex, withFreshness } from './index-access.ts';
import { workspacePathOrGiven } from './workspace-path.ts';
import { emptyReasonOf, whyNotIndexed, type NotIndexed } from './not-indexed.ts';
import { mineGitCochanges } from '../git/git-cochange.ts';
import { localFindingsForFiles } from '../ledger/local-findings.ts';
import { gapSummaryLines } from './gap-activity.ts';
import { shownName, shownNames, shownNode } from './shown-name.ts';

const COMPONENTS_PER_FILE = 40;
const COCHANGE_THRESHOLD = 0.3;

export default defineTool({
  name: 'assign_git_changes',
  title: 'Map changed files to components, with co-changes',
  tier: 'local',
  complexity: 'standard',
  baseline: 'read_all_changed',
  description: `Assign changed files to the code-graph components they affect, with the files that change together with them in git history. Requires init_workspace.`,
  inputSchema: z.object({
    changed_files: cappedArray(cappedPath(), INPUT_CAPS.fileList).min(1).describe('Changed file paths'),
    diff: cappedString(INPUT_CAPS.diff).optional().describe('Accepted for compatibility; not read'),
    include_cochange_predictions: z.boolean().default(true).describe('Include git-history co-changes'),
    prediction_limit: z.number().int().min(1).max(20).default(5).describe('Prediction budget per changed file (max 20)'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const access = await requireIndex(ctx, 'assign_git_changes');
    if (!access.ok) return access.answer;
    const { graph, root } = access;
    const files = [...new Set(args.changed_files.map((f) => workspacePathOrGiven(root, f)))];
    const warnings: Notice[] = [];
    // The first line is the outcome; it is filled in once the files are counted.
    const lines = [''];
    const missing: string[] = [];
    const unknown: NotIndexed[] = [];
    for (const file of files) {
      const components = graph.componentsByFile.get(file);
      if (!components) {
        const why = whyNotIndexed(access.index, file);
        missing.push(file);
        unknown.push(why);
        lines.push(`  ${clipEcho(file)}: not in the local index, so its components are unknown: ${clipEcho(why.reason)}`);
        continue;
      }
      lines.push(`  ${shownName(file)}: ${components.length} component(s)`);
      for (const node of components.slice(0, COMPONENTS_PER_FILE).map(shownNode))
        lines.push(`    ${node.type.padEnd(9)} ${node.name}  lines ${node.startLine}-${node.endLine}  [${node.id}]`);
      if (components.length > COMPONENTS_PER_FILE) lines.push(`    ... and ${components.length - COMPONENTS_PER_FILE} more`);
    }
    lines[0] = `Changed files -> components: ${files.length - missing.length} of ${files.length} file(s) in the local index`;
    if (missing.length)
      warnings.push({
        code: 'not_in_index',
        severity: 'warning',
        message: `not_in_index: ${shownNames(missing)}`,
        data: { files: missing, reasons: Object.fromEntries(unknown.map((u) => [u.file, u.kind])) },
      });
    // META-ENVELOPE §next_steps: init_workspace only for files re-indexing as before picks up.
    const reindexable = unknown.filter((u) => u.reindexHelps).map((u) => u.file);

    if (args.include_cochange_predictions) {
      const limit = args.prediction_limit * 2;
      const mined = await mineGitCochanges(root, files, { limit, threshold: COCHANGE_THRESHOLD });
      if (mined.status !== 'ok') lines.push('', `Co-changes: ${shownName(mined.line)}`);
      else {
        const pooled = mined.predictions.filter((p) => !files.includes(p.file));
        if (pooled.length === 0)
          lines.push(
            '',
            `Co-changes: none at confidence >= ${COCHANGE_THRESHOLD} (${mined.givenCommits} commit(s) of the last ${mined.scannedCommits} touched the changed files).`,
          );
        else {
          lines.push(
            '',
            `Files that change together with them in git history (pooled, up to ${limit}; confidence = share of the changed files' commits that also touched the file):`,
          );
          for (const p of pooled) lines.push(`  ${shownName(p.file)}  confidence ${p.confidence.toFixed(2)}  (${p.commits} of ${mined.givenCommits} commits)`);
        }
      }
    }

    const found = await localFindingsForFiles(ctx.services.store, root, files, 20);
    if (!found.ok) lines.push('', `Local store findings for the changed files: ${found.cause}`);
    else if (found.findings.length === 0) lines.push('', 'Local store findings for the changed files: none open.');
    else lines.push('', `Local store findings for the changed files (${found.total}):`, ...found.findings.map((f) => `  ${f.line}`));
    // SPEC §assign_git_changes: each changed file's open gaps and landing leases, as analyze_impact.
    const openGaps = await gapSummaryLines(ctx, root, files, { leases: true });
    if (openGaps.length) lines.push('', ...openGaps);

    const indexed = files.filter((f) => !missing.includes(f));
    return withFreshness(
      {
        text: lines.join('\n'),
        emptyReason: indexed.length === 0 ? emptyReasonOf(unknown) : undefined,
        warnings,
        nextSteps: reindexable.length ? [{ tool: 'init_workspace', args: {}, why: `index ${shownNames(reindexable)}` }] : undefined,
        baselineFiles: indexed.map((f) => join(root, f)),
        result: `${indexed.length} file(s) assigned`,
      },
      access.index,
      indexed,
    );
  },
});
