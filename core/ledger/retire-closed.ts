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
  if (closed.length === 0) return { retired, deleted };
  // One read for every closed finding, then each seed goes to the finding that names it.
  const byConcept = new Map(closed.map((r) => [r.conceptId, r]));
  const byId = new Map(closed.flatMap((r) => r.findingIds.map((id) => [id, r] as const)));
  const seedsOf = new Map<RecalledFindingRow, string[]>();
  for (const seed of linkedSeeds(table, workspace, closed)) {
    const row = (seed.concept_ref ? byConcept.get(seed.concept_ref) : undefined) ?? byId.get(seed.id);
    if (row) seedsOf.set(row, [...(seedsOf.get(row) ?? []), seed.id]);
  }
  for (const [row, ids] of seedsOf) {
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
