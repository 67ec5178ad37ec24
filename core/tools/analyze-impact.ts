// SPEC §analyze_impact
import { join } from 'node:path';
import { z } from 'zod';
import { INPUT_CAPS, cappedArray, cappedPath, cappedString } from './input-caps.ts';
import { defineTool, type Notice, type ToolAnswer } from './define-tool.ts';
import { indexGaps, requireIndex, unseenByEmptyAnswer, withFreshness } from './index-access.ts';
import { workspacePathOrGiven } from './workspace-path.ts';
import { emptyReasonOf, whyNotIndexed } from './not-indexed.ts';
import { impactOf, type ImpactHit } from '../index/impact-traversal.ts';
import { possibleDependents, type PossibleDependent } from '../index/possible-dependents.ts';
import { localFindingsForFiles } from '../ledger/local-findings.ts';
import type { LocalStoreService } from '../ledger/local-store.ts';
import { gapSummaryLines } from './gap-activity.ts';
import { shownName, shownNames, shownNode } from './shown-name.ts';
import { linkTarget } from '../index/symlinks.ts';

const ROWS_PER_DEPTH = 30;
const POSSIBLE_ROWS = 20;

function possibleBlock(shown: PossibleDependent[], total: number): string {
  const rows = shown.map(
    (p) => `    ${shownName(p.file)}:${p.line}  calls ${p.member ? `.${shownName(p.symbol)}()` : `${shownName(p.symbol)}()`}  in [${shownName(p.from)}]`,
  );
  const more = total > shown.length ? [`    ... and ${total - shown.length} more`] : [];
  return [`Possible dependents (${total}): call sites the resolver could not prove that name a changed symbol; unproven, not absent:`, ...rows, ...more].join(
    '\n',
  );
}

function depthBlocks(hits: ImpactHit[]): string[] {
  const blocks: string[] = [];
  for (const relation of ['dependent', 'dependency'] as const) {
    const ofRelation = hits.filter((h) => h.relation === relation);
    if (ofRelation.length === 0) continue;
    blocks.push(
      relation === 'dependent'
        ? 'Dependents (what calls, imports or extends the changed code):'
        : 'Dependencies (what the changed code calls, imports or extends):',
    );
    const depths = [...new Set(ofRelation.map((h) => h.depth))];
    for (const depth of depths) {
      const atDepth = ofRelation.filter((h) => h.depth === depth);
      const rows = atDepth.slice(0, ROWS_PER_DEPTH).map((h) => {
        const n = shownNode(h.node);
        return `    ${n.type.padEnd(9)} ${n.name}  ${n.file}:${n.startLine}  confidence ${h.confidence.toFixed(2)} via ${h.via}  [${n.id}]`;
      });
      const more = atDepth.length > ROWS_PER_DEPTH ? [`    ... and ${atDepth.length - ROWS_PER_DEPTH} more at depth ${depth}`] : [];
      blocks.push(`  Depth ${depth} (${atDepth.length}):\n${[...rows, ...more].join('\n')}`);
    }
  }
  return blocks;
}

async function findingsBlock(stores: LocalStoreService, root: string, files: string[]): Promise<string> {
  const found = await localFindingsForFiles(stores, root, files, 20);
  if (!found.ok) return `Local store findings for the changed files: ${found.cause}`;
  if (found.findings.length === 0) return 'Local store findings for the changed files: none open.';
  const more = found.total > found.findings.length ? `\n  (${found.total - found.findings.length} more not shown)` : '';
  return `Local store findings for the changed files (${found.total}):\n${found.findings.map((f) => `  ${f.line}`).join('\n')}${more}`;
}

export default defineTool({
  name: 'analyze_impact',
  title: 'Components affected by changing files',
  tier: 'local',
  complexity: 'standard',
  baseline: 'full_file_read',
  description: `Components affected by changing the given files: a BFS over call and import edges of the local code graph, grouped by depth with confidence. Requires init_workspace.`,
  inputSchema: z.object({
    changed_files: cappedArray(cappedPath(), INPUT_CAPS.fileList).min(1).describe('Files being changed'),
    diff: cappedString(INPUT_CAPS.diff).optional().describe('Accepted for compatibility; not read'),
    direction: z.enum(['forward', 'backward', 'both']).default('backward').describe('forward=dependencies, backward=dependents'),
    max_depth: z.number().int().min(1).max(10).default(5).describe('Max traversal depth (max 10)'),
    include_tests: z.boolean().default(true).describe('Include test files'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const access = await requireIndex(ctx, 'analyze_impact');
    if (!access.ok) return access.answer;
    const { index, graph, root } = access;
    // A path through a symbolic link to an indexed file is that file (core/index/symlinks.ts).
    const viaLinks = new Map<string, string>();
    const asked = args.changed_files.map((f) => workspacePathOrGiven(root, f));
    const files = [
      ...new Set(
        asked.map((f) => {
          const link = graph.componentsByFile.has(f) ? undefined : linkTarget(root, f);
          if (!link?.inside || !graph.componentsByFile.has(link.file)) return f;
          viaLinks.set(f, link.file);
          return link.file;
        }),
      ),
    ];
    const indexed = files.filter((f) => graph.componentsByFile.has(f));
    const missing = files.filter((f) => !graph.componentsByFile.has(f));
    const warnings: Notice[] = [];
    const lines: string[] = [];
    if (viaLinks.size > 0) {
      const pairs = [...viaLinks].map(([link, target]) => `${shownName(link)} -> ${shownName(target)}`).join(', ');
      lines.push(`Through symbolic links, answered for the files they lead to: ${pairs}.`);
    }
    const unknown = missing.map((f) => whyNotIndexed(index, f));
    if (missing.length > 0) {
      const line = `not_in_index: ${shownNames(missing)} ${missing.length === 1 ? 'is' : 'are'} not in the local index, so ${missing.length === 1 ? 'its' : 'their'} dependents are unknown, not none`;
      lines.push(`${line}: ${unknown.map((u) => u.reason).join('; ')}.`);
      warnings.push({
        code: 'not_in_index',
        severity: 'warning',
        message: line,
        data: { files: missing, reasons: Object.fromEntries(unknown.map((u) => [u.file, u.kind])) },
      });
    }
    // META-ENVELOPE §next_steps: init_workspace only for files re-indexing as before picks up.
    const reindexable = unknown.filter((u) => u.reindexHelps).map((u) => u.file);
    const nextSteps = reindexable.length ? [{ tool: 'init_workspace', args: {}, why: `index ${shownNames(reindexable)}` }] : undefined;
    const gaps = indexGaps(index);
    const findings = await findingsBlock(ctx.services.store, root, files);
    // SPEC §analyze_impact: the changed files' open gaps, from path_activity's cached read only.
    const openGaps = (await gapSummaryLines(ctx, root, files)).join('\n');
    if (indexed.length === 0) {
      return withFreshness(
        {
          text: [...lines, gaps.line, findings, openGaps].filter(Boolean).join('\n\n'),
          emptyReason: emptyReasonOf(unknown),
          warnings,
          nextSteps,
          result: 'not_in_index',
        },
        index,
        files,
      );
    }

    const hits = impactOf(graph, indexed, args.direction, args.max_depth, args.include_tests);
    const directionWord = args.direction === 'backward' ? 'dependents' : args.direction === 'forward' ? 'dependencies' : 'dependents and dependencies';
    const affectedFiles = [...new Set(hits.map((h) => h.node.file))];
    // SPEC §analyze_impact: an unproven call naming a changed symbol is a possible dependent.
    const possible =
      args.direction === 'forward'
        ? { shown: [], total: 0 }
        : possibleDependents(graph, indexed, new Set(hits.filter((h) => h.relation === 'dependent').map((h) => h.node.id)), args.include_tests, POSSIBLE_ROWS);
    // SPEC §analyze_impact: "none" only when the index saw the whole workspace.
    const unseen = hits.length === 0 && missing.length === 0 && possible.total === 0 ? unseenByEmptyAnswer(index) : undefined;
    lines.push(`Impact of changing ${shownNames(indexed)} (${directionWord}, max depth ${args.max_depth}${args.include_tests ? '' : ', tests excluded'}):`);
    if (hits.length === 0 && missing.length > 0) {
      // An answer that covers a file not in the index never reads as "none".
      lines.push(
        `No ${directionWord} of ${shownNames(indexed)}: nothing in the graph reaches ${indexed.length === 1 ? 'it' : 'them'} in this direction; those of ${shownNames(missing)} are unknown.`,
      );
    } else if (hits.length === 0 && possible.total > 0) {
      lines.push(
        `No proven ${directionWord}: no edge in the graph reaches ${shownNames(indexed)}, but ${possible.total} unproven call site(s) name a changed symbol.`,
      );
    } else if (hits.length === 0 && unseen) {
      lines.push(`No ${directionWord} among the indexed files: nothing in the graph reaches ${shownNames(indexed)} in this direction. ${unseen.line}`);
    } else if (hits.length === 0) {
      lines.push(`No ${directionWord}: the files are indexed and nothing in the graph reaches them in this direction.`);
    } else {
      lines.push(...depthBlocks(hits));
      lines.push(
        `Affected: ${hits.length} component(s) in ${affectedFiles.length} file(s). Confidence is the product of edge confidences along the path; an edge's confidence is how often its kind of edge (import, declared type, base class) was right when measured on real code in its language, 1.0 only where the file itself proves it (docs/call-confidence.md); by-name guesses make no edge and are listed as possible dependents.`,
      );
    }
    if (possible.total > 0) lines.push(possibleBlock(possible.shown, possible.total));
    if (gaps.line) lines.push(`${gaps.line} Dependents through those are not shown.`);
    lines.push(findings);
    if (openGaps) lines.push(openGaps);
    return withFreshness(
      {
        text: lines.join('\n'),
        emptyReason:
          hits.length > 0
            ? undefined
            : missing.length > 0
              ? emptyReasonOf(unknown)
              : possible.total > 0
                ? 'no_proven_dependents'
                : (unseen?.emptyReason ?? 'no_dependents'),
        warnings,
        nextSteps:
          nextSteps ?? (unseen?.resume ? [{ tool: 'init_workspace', args: {}, why: 'parse the files the index has not seen, then ask again' }] : undefined),
        diagnosis: gaps.line ? [{ code: 'index_gaps', severity: 'info', message: gaps.line, data: gaps.data }] : undefined,
        baselineFiles: affectedFiles.map((f) => join(root, f)),
        result: `${hits.length} affected${possible.total ? `, ${possible.total} possible` : ''}`,
      },
      index,
      [...indexed, ...affectedFiles, ...possible.shown.map((p) => p.file)],
    );
  },
});
