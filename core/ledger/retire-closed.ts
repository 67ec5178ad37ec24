// SPEC §get_problems: the recall retires this session's seeds of every finding it shows closed,
// matched by the seed's linked concept id or by the agf_* ids the concept carries: a fixed
// finding's seeds go stale, a retracted finding's are deleted (mark_complete's retirement), so a
// verdict another session recorded removes the finding from this session's open list too. It
// also counts the findings held in both places, which the headline counts once.
import type { SeedTable } from './seed-table.ts';
import type { RecalledFindingRow } from './shared-ledger.ts';

function linkedSeeds(table: SeedTable, workspace: string, rows: RecalledFindingRow[]) {
  return table.openSeedsLinkedTo(
    workspace,
    rows.map((r) => r.conceptId),
    rows.flatMap((r) => r.findingIds),
  );
}

// @anchor retireClosedSeeds
export function retireClosedSeeds(table: SeedTable, workspace: string, closed: RecalledFindingRow[]): { retired: number; deleted: number } {
  let retired = 0;
  let deleted = 0;
  for (const row of closed) {
    const ids = linkedSeeds(table, workspace, [row]).map((s) => s.id);
    if (ids.length === 0) continue;
    if (row.closed?.retracted) {
      deleted += table.deleteSeeds(ids);
      continue;
    }
    const lines = [
      'verdict: endorsed',
      `recalled: ${row.conceptId}`,
      row.closed?.fixedIn ? `fix: commit ${row.closed.fixedIn}` : 'fix: recorded by another session',
    ];
    retired += table.retireStale(ids, lines.join('\n'));
  }
  return { retired, deleted };
}

/** Open local findings (not tasks) that are also recalled open: the headline's "N in both". */
export function findingsInBoth(table: SeedTable, workspace: string, open: RecalledFindingRow[]): number {
  if (open.length === 0) return 0;
  const seeds = linkedSeeds(table, workspace, open).filter((s) => (s as { is_task?: number }).is_task !== 1);
  return new Set(seeds.map((s) => s.concept_ref ?? s.finding_group)).size;
}
