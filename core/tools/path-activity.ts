// SPEC §path_activity: before editing shared files, what the substrate has in flight on them,
// from the gap store's whole-store read (core/tools/gap-activity.ts, cached per attachment).
// The paths are matched locally and never sent, so the outgoing guard does not check them.
import { z } from 'zod';
import { cappedArray, cappedPath, clipEcho } from './input-caps.ts';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { gapState, gapsOnPath, unplacedByCategory, type GapSnapshot, type PathMatch } from '../substrate/gap-activity.ts';
import { countStates, readGaps, stateText, whenText } from './gap-activity.ts';
import { gapCheckoutOf, pathMapper, type GapCheckout, type MappedPath } from './gap-paths.ts';
import { shownName } from './shown-name.ts';

/** What each path's block found, for the closing lines. */
interface BlockOutcome {
  lines: string[];
  landing: boolean;
  held: boolean;
  queued: boolean;
  /** No gap names the path: with how many unplaced gaps could concern it (0 = nothing in flight). */
  noGap?: { unplaced: number };
  unchecked?: boolean;
}

function gapLine(m: PathMatch, now: number): string {
  const g = m.gap;
  return `  ${g.id} [${g.category}, ${g.route}] ${m.how}: ${stateText(gapState(g, now), now)}`;
}

function categoryList(counts: Map<string, number>): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
}

function pathBlock(mapped: MappedPath, checkout: GapCheckout, open: GapSnapshot, closed: GapSnapshot | undefined, limit: number, now: number): BlockOutcome {
  const given = clipEcho(mapped.given);
  if (mapped.kind === 'unmapped') {
    return {
      lines: [`${given}: not checked: ${mapped.reason}; give it in the gap store's repos/<vessel>/<path> form to check it.`],
      landing: false,
      held: false,
      queued: false,
      unchecked: true,
    };
  }
  // The store path holds the workspace's folder in its repository and the vessel named by its origin.
  const storePath = shownName(mapped.storePath);
  const head = mapped.storePath === mapped.given ? storePath : `${storePath} (given as ${given})`;
  if (mapped.kind === 'vessel' && checkout.kind === 'vessel' && mapped.vessel === checkout.vessel && !open.vesselsNamed.has(checkout.vessel)) {
    return {
      lines: [
        `${head}: not checked: no open gap names repos/${shownName(checkout.vessel)}/, so this substrate may not mount this repository (no lookup of mounted repositories exists yet); "no open gaps" here would not mean nothing in flight.`,
      ],
      landing: false,
      held: false,
      queued: false,
      unchecked: true,
    };
  }
  const matches = mapped.kind === 'vessel' ? gapsOnPath(open, mapped.storePath).filter((m) => m.gap.status === 'open') : [];
  const lines: string[] = [];
  const counts = countStates(
    matches.map((m) => m.gap),
    now,
  );
  if (matches.length === 0) {
    const unplaced = unplacedByCategory(open, mapped.kind === 'vessel' ? mapped.vessel : undefined);
    const total = [...unplaced.values()].reduce((a, b) => a + b, 0);
    const where = mapped.kind === 'outside-repos' ? ' (outside repos/)' : '';
    lines.push(`${head}: no gap names this path${where}.`);
    if (total > 0) lines.push(`  ${total} open gap(s) carry no edit site and could concern it: ${categoryList(unplaced)}.`);
    lines.push(...closedLines(mapped, closed, limit));
    return { lines, landing: false, held: false, queued: false, noGap: { unplaced: total } };
  }
  const countText = open.truncated
    ? 'open gaps (no count: the store answered as many rows as the read asked for, so the read may be truncated)'
    : `${counts.open} open gap(s): ${counts.landing} being landed by the system now, ${counts.held} held, ${counts.queued} queued`;
  lines.push(`${head}: ${countText}`);
  const withState = matches.map((m) => ({ m, kind: gapState(m.gap, now).kind }));
  const landing = withState.filter((x) => x.kind === 'landing');
  const rest = [...withState.filter((x) => x.kind === 'held'), ...withState.filter((x) => x.kind === 'queued')];
  for (const x of landing) lines.push(gapLine(x.m, now));
  for (const x of rest.slice(0, limit)) lines.push(gapLine(x.m, now));
  if (rest.length > limit) lines.push(`  ... and ${rest.length - limit} more open gap(s) on this path not listed (limit ${limit})`);
  lines.push(...closedLines(mapped, closed, limit));
  return { lines, landing: counts.landing > 0, held: counts.held > 0, queued: counts.queued > 0 };
}

function closedLines(mapped: MappedPath, closed: GapSnapshot | undefined, limit: number): string[] {
  if (!closed || mapped.kind !== 'vessel') return [];
  const matches = gapsOnPath(closed, mapped.storePath).filter((m) => m.gap.status !== 'open');
  if (matches.length === 0) return ['  Closed gaps that named it: none.'];
  const lines = [`  Closed gaps that named it (${matches.length}):`];
  for (const m of matches.slice(0, limit))
    lines.push(`    ${m.gap.id} [${m.gap.category}, ${m.gap.route}] ${m.how}: ${m.gap.status}${m.gap.closedAt ? ` ${m.gap.closedAt}` : ''}`);
  if (matches.length > limit) lines.push(`    ... and ${matches.length - limit} more`);
  return lines;
}

function closingLines(outcomes: BlockOutcome[], paths: MappedPath[]): string[] {
  const named = (pick: (o: BlockOutcome) => boolean) =>
    paths
      .filter((_, i) => pick(outcomes[i]))
      .map((p) => clipEcho(p.given))
      .join(', ');
  const lines = ['What to do:'];
  if (outcomes.some((o) => o.landing))
    lines.push(`- Being landed on ${named((o) => o.landing)}: wait for the lease to end, then call path_activity again before editing.`);
  if (outcomes.some((o) => o.queued))
    lines.push(
      `- Queued on ${named((o) => o.queued)}: prefer letting the system land the gap, or dispatching it (run_goal_async with its goal), over editing the same site yourself.`,
    );
  if (outcomes.some((o) => o.held)) lines.push(`- Held on ${named((o) => o.held)}: a held gap is not open work; it waits on its operator ruling.`);
  if (outcomes.some((o) => o.noGap && o.noGap.unplaced === 0))
    lines.push(
      `- Nothing in flight on ${named((o) => o.noGap?.unplaced === 0)}: make the change and record it (record_finding for what you leave, mark_complete for what you fix).`,
    );
  if (outcomes.some((o) => o.noGap && o.noGap.unplaced > 0))
    lines.push(
      `- No gap names ${named((o) => (o.noGap?.unplaced ?? 0) > 0)}, but gaps with no edit site could concern it (counted above): make the change and record it; this is not "nothing in flight".`,
    );
  if (outcomes.some((o) => o.unchecked)) lines.push(`- Not checked: ${named((o) => Boolean(o.unchecked))}: what is in flight there is unknown, not none.`);
  return lines;
}

export default defineTool({
  name: 'path_activity',
  title: 'What the substrate has in flight on files',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description: `Before editing shared files: the open gaps the substrate has on them, which are being landed, held or queued.`,
  inputSchema: z.object({
    paths: cappedArray(cappedPath(), 50).min(1).describe('Files or directories, workspace-relative or repos/<vessel>/<path>'),
    limit: z.number().int().min(1).max(100).default(10).describe('Most gaps listed per path besides those being landed'),
    include_closed: z.boolean().default(false).describe('Also list closed gaps that named the paths'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const root = ctx.workspace.decided ? ctx.workspace.path : process.cwd();
    const [checkout, open, closed] = await Promise.all([
      gapCheckoutOf(root),
      readGaps(ctx.services, 'open'),
      args.include_closed ? readGaps(ctx.services, 'closed') : Promise.resolve(undefined),
    ]);
    if (!open.ok) {
      if (open.failure.cause === 'no_producer') {
        return {
          text: `${open.failure.line}\nThis substrate serves no gap store, so there is nothing in flight to check: go ahead with the change and record it.`,
          result: 'no gap store',
        };
      }
      return { text: open.failure.line, isError: true, result: open.failure.cause };
    }
    const now = ctx.services.clock.now();
    const mapped = args.paths.map((p) => pathMapper(checkout, root, p));
    const closedSnapshot = closed?.ok ? closed.snapshot : undefined;
    const outcomes = mapped.map((m) => pathBlock(m, checkout, open.snapshot, closedSnapshot, args.limit, now));
    const where =
      checkout.kind === 'super-repo'
        ? 'the super-repo'
        : checkout.kind === 'vessel'
          ? `a checkout of vessel ${shownName(checkout.vessel)}`
          : 'a repository that is neither the super-repo nor a vessel checkout, so only paths in repos/<vessel>/<path> form are checked';
    const lines = [`Gap store read of ${whenText(open.readAt, now)}${open.stale ? ', served stale while a refresh runs' : ''}; this workspace is ${where}.`];
    if (closed && !closed.ok) lines.push(`Closed gaps: ${closed.failure.line}`);
    for (const o of outcomes) lines.push('', ...o.lines);
    lines.push('', ...closingLines(outcomes, mapped));
    const anyGap = outcomes.some((o) => o.landing || o.held || o.queued);
    // SPEC §path_activity "Path mapping": a path not checked is no "nothing in flight", so it is not an empty corpus either.
    const unchecked = outcomes.some((o) => o.unchecked);
    return {
      text: lines.join('\n'),
      emptyReason: anyGap ? undefined : unchecked ? 'paths_not_checked' : 'no_results_in_corpus',
      result: `${outcomes.filter((o) => o.landing || o.held || o.queued).length} of ${mapped.length} path(s) with gaps`,
    };
  },
});
