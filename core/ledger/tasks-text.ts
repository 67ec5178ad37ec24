// The Tasks section (SPEC §get_problems "Tasks, listed apart"): the open tasks from both sources,
// once each, ordered so the next move comes first (yours, unclaimed, claimed by others, a fix
// pending), then the closed ones, at most 5.
import { findingLines, type FindingGroup } from './findings-text.ts';
import { closedLine, recalledLine } from './recall-text.ts';
import type { SeedRow } from './seed-table.ts';
import { escapeControlChars } from '../process/control-chars.ts';
import type { RecalledFindingRow } from './shared-ledger.ts';

export const CLOSED_TASKS_SHOWN = 5;

type Group = 'yours' | 'unclaimed' | 'others' | 'pending';
const ORDER: Group[] = ['yours', 'unclaimed', 'others', 'pending'];
const LABEL: Record<Group, string> = { yours: 'yours', unclaimed: 'unclaimed', others: 'claimed by others', pending: 'with a fix pending' };

function groupOf(tags: string[], localPending: boolean): Group {
  if (tags.some((t) => t.startsWith('claimed by this checkout'))) return 'yours';
  if (tags.some((t) => t.startsWith('claimed by '))) return 'others';
  if (localPending || tags.some((t) => t.startsWith('fix pending'))) return 'pending';
  return 'unclaimed';
}

function fixedTag(seed: SeedRow): string {
  const sha = /fix: commit ([0-9a-f]{7,40})/.exec(seed.resolution ?? '')?.[1];
  return sha ? `[FIXED in ${sha.slice(0, 12)}]` : '[FIXED]';
}

export interface TaskSources {
  local: FindingGroup[];
  localClosed: SeedRow[];
  recalled: RecalledFindingRow[];
  recalledClosed: RecalledFindingRow[];
}

/** The recalled tasks not already held as local seeds (a task is listed once). */
export function recalledOnly(rows: RecalledFindingRow[], local: Array<{ concept_ref: string | null; id: string }>): RecalledFindingRow[] {
  const refs = new Set(local.map((s) => s.concept_ref).filter(Boolean));
  const ids = new Set(local.map((s) => s.id));
  return rows.filter((r) => !refs.has(r.conceptId) && !r.findingIds.some((id) => ids.has(id)));
}

export function tasksSection(t: TaskSources, claimsCause: string | undefined, now = Date.now()): string[] {
  const recalled = recalledOnly(
    t.recalled,
    t.local.flatMap((g) => g.seeds),
  );
  const closedRecalled = recalledOnly(t.recalledClosed, t.localClosed);
  const open = t.local.length + recalled.length;
  const closed = t.localClosed.length + closedRecalled.length;
  if (open === 0 && closed === 0) return [];
  const twinTags = new Map(t.recalled.map((r) => [r.conceptId, r.tags]));
  const items: Array<{ group: Group; lines: (index: number) => string[] }> = [
    ...t.local.map((g) => {
      const tags = twinTags.get(g.seeds[0].concept_ref ?? '') ?? [];
      return { group: groupOf(tags, Boolean(g.seeds[0].pending_fix)), lines: (i: number) => findingLines(g, i, now) };
    }),
    ...recalled.map((r) => ({ group: groupOf(r.tags, false), lines: (i: number) => [`${i}. ${recalledLine(r, now)}`] })),
  ];
  items.sort((a, b) => ORDER.indexOf(a.group) - ORDER.indexOf(b.group));
  const counts = ORDER.map((g) => [g, items.filter((i) => i.group === g).length] as const)
    .filter(([, n]) => n > 0)
    .map(([g, n]) => `${n} ${LABEL[g]}`);
  const header =
    `Tasks (${open} open${counts.length ? `: ${counts.join(', ')}` : ''}${closed ? `; ${closed} closed` : ''})` +
    (claimsCause ? ` — claims not read (${claimsCause})` : '') +
    (open ? '; claim one with claim_finding before starting:' : ':');
  const lines = ['', header];
  items.forEach((item, i) => lines.push(...item.lines(i + 1)));
  if (closed) {
    lines.push(`Closed tasks (${closed}):`);
    const rows = [
      ...t.localClosed.map((seed) => escapeControlChars(`- ${fixedTag(seed)} ${seed.summary} (${seed.id}, ${seed.file})`)),
      ...closedRecalled.map((r) => closedLine(r)),
    ];
    lines.push(...rows.slice(0, CLOSED_TASKS_SHOWN));
  }
  return lines;
}
