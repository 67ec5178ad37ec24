// SPEC §search_codebase
import { join } from 'node:path';
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedPath, cappedString } from './input-caps.ts';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { requireIndex, unseenByEmptyAnswer, withFreshness } from './index-access.ts';
import { emptyReasonOf, whyNotIndexed, type NotIndexed } from './not-indexed.ts';
import type { LocalIndex } from '../index/local-index.ts';
import type { EmptyReason } from './empty-reason.ts';
import { searchComponentsCounted } from '../index/component-search.ts';
import { searchLocalFindings } from '../ledger/local-findings.ts';
import { workspacePathOrGiven } from './workspace-path.ts';
import { shownNode } from './shown-name.ts';

const MAX_LIMIT = 50;
const NO_SERVER_ANALYSIS = 'There is no server-side analysis: problems are the findings agents recorded in the local store.';

/** `4`, or `2 of 4; 2 more not shown, ...` when the limit cut the list (a cut is always said). */
function countLine(shown: number, total: number): string {
  if (total <= shown) return `${shown}`;
  return `${shown} of ${total}; ${total - shown} more not shown, ${shown < MAX_LIMIT ? `raise limit up to ${MAX_LIMIT}` : 'narrow the query or file_filter'}`;
}

/**
 * The components section when nothing matched: "none" only when the index saw the whole
 * workspace (and every file the filter names); otherwise what it could not see, and why.
 */
function emptyComponents(
  index: LocalIndex,
  query: string,
  fileFilter: string[] | undefined,
): { text: string; unseen?: { emptyReason: EmptyReason; resume: boolean } } {
  const indexed = [...(index.graph?.componentsByFile.keys() ?? [])];
  const named: NotIndexed[] = (fileFilter ?? [])
    .filter((f) => !indexed.some((file) => file.includes(f)))
    .map((f) => whyNotIndexed(index, f))
    .filter((u) => u.kind !== 'not_found');
  if (named.length > 0) {
    return {
      text: `Components: none match "${query}" in the index, but the filter names files it does not hold: ${named.map((u) => u.reason).join('; ')}.`,
      unseen: { emptyReason: emptyReasonOf(named), resume: named.some((u) => u.reindexHelps) },
    };
  }
  const blind = unseenByEmptyAnswer(index);
  if (!blind) return { text: `Components: none match "${query}".` };
  return { text: `Components: none match "${query}" among the indexed files. ${blind.line}`, unseen: blind };
}

export default defineTool({
  name: 'search_codebase',
  title: 'Search components and findings by keyword',
  tier: 'local',
  complexity: 'lite',
  baseline: 'grep_recursive',
  description: `Search code components (local graph) and findings in the local store by keyword. Tokenised: camelCase, snake_case and kebab-case split; partial token containment.`,
  inputSchema: z.object({
    query: cappedString(INPUT_CAPS.query).min(1).describe('Keywords'),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(10).describe(`Max results (max ${MAX_LIMIT})`),
    target: z.enum(['components', 'problems', 'both']).default('both').describe('What to search'),
    file_filter: cappedArray(cappedPath(), INPUT_CAPS.filterList).optional().describe('Narrow to these file paths (substring)'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const sections: string[] = [];
    const baselineFiles: string[] = [];
    let found = 0;
    let componentsUnavailable: ToolAnswer | undefined;
    let unseen: { emptyReason: EmptyReason; resume: boolean } | undefined;
    let fresh: ((answer: ToolAnswer) => ToolAnswer) | undefined;
    const ws = ctx.workspace;
    const fileFilter = ws.decided ? args.file_filter?.map((f) => workspacePathOrGiven(ws.path, f)) : args.file_filter;

    if (args.target !== 'problems') {
      const access = await requireIndex(ctx, 'search_codebase');
      if (!access.ok) componentsUnavailable = access.answer;
      else {
        const { hits, total } = searchComponentsCounted(access.graph, args.query, args.limit, fileFilter);
        found += hits.length;
        if (hits.length === 0) {
          const blind = emptyComponents(access.index, args.query, fileFilter);
          sections.push(blind.text);
          unseen = blind.unseen;
        } else {
          const rows = hits.map(({ node }) => shownNode(node)).map((n) => `  ${n.type.padEnd(9)} ${n.name}  ${n.file}:${n.startLine}-${n.endLine}  [${n.id}]`);
          sections.push(`Components matching "${args.query}" (${countLine(hits.length, total)}):\n${rows.join('\n')}`);
          // The honest baseline: the files an agent would have opened to find these components.
          for (const file of new Set(hits.map((h) => h.node.file))) baselineFiles.push(join(access.root, file));
        }
        fresh = (answer) => withFreshness(answer, access.index, new Set(hits.map((h) => h.node.file)));
      }
    }

    if (args.target !== 'components') {
      const decision = ctx.workspace;
      const root = decision.decided ? decision.path : '';
      const problems = await searchLocalFindings(ctx.services.store, root, args.query, fileFilter, args.limit);
      if (!problems.ok) sections.push(`Problems: ${problems.cause}`);
      else if (problems.findings.length === 0) sections.push(`Problems: no open finding in the local store matches "${args.query}".`);
      else {
        found += problems.findings.length;
        sections.push(
          `Problems matching "${args.query}" (${countLine(problems.findings.length, problems.total)}):\n${problems.findings.map((f) => `  ${f.line}`).join('\n')}`,
        );
      }
      sections.push(NO_SERVER_ANALYSIS);
    }

    if (componentsUnavailable) {
      if (args.target === 'components') return componentsUnavailable;
      sections.unshift(`Components: ${componentsUnavailable.text}`);
    }
    const answer: ToolAnswer = {
      text: sections.join('\n\n'),
      emptyReason: found === 0 ? (componentsUnavailable?.emptyReason ?? unseen?.emptyReason ?? 'no_results_in_corpus') : undefined,
      nextSteps:
        componentsUnavailable?.nextSteps ??
        (unseen?.resume ? [{ tool: 'init_workspace', args: {}, why: 'parse the files the index has not seen yet, then search again' }] : undefined),
      baselineFiles: baselineFiles.length ? baselineFiles : undefined,
      result: `${found} result(s)`,
    };
    return fresh ? fresh(answer) : answer;
  },
});
