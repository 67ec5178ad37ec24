// The open findings of a workspace as get_problems and get_analysis_context show them: the
// count of findings (a multi-file finding is one), one page of them most severe first, and
// the open tasks apart (SPEC §get_problems). Counted and paged in SQL, so the answer stays
// fast with tens of thousands of findings in the store.
import { SEED_ORDER, type SeedFilter, type SeedRow, type SeedTable } from './seed-table.ts';
import { groupSeeds, type FindingGroup } from './findings-text.ts';

export interface OpenFindingsPage {
  /** Open findings (not tasks, unless tasks are the list) matching the filter. */
  total: number;
  page: FindingGroup[];
  /** Open tasks matching the filter, all of them (an empty list when tasks are the list). */
  tasks: FindingGroup[];
}

/** The first `limit` findings in seed order, reading only as many rows as they need. */
function firstGroups(table: SeedTable, from: string, where: string, params: unknown[], limit: number): FindingGroup[] {
  const rows: SeedRow[] = [];
  const keys = new Set<string>();
  for (const row of table.db.prepare(`SELECT * FROM ${from} WHERE ${where} ORDER BY ${SEED_ORDER}`).iterate(...params) as IterableIterator<SeedRow>) {
    const key = row.finding_group;
    if (!keys.has(key)) {
      if (keys.size === limit) break;
      keys.add(key);
    }
    rows.push(row);
  }
  return groupSeeds(rows);
}

export function openFindingsPage(table: SeedTable, workspace: string, filter: SeedFilter, limit: number, tasksAreTheList = false): OpenFindingsPage {
  // A multi-file finding is one finding: its seeds share finding_group (and, once shared, one concept).
  const findings = table.openWhere(workspace, tasksAreTheList ? filter : { ...filter, task: false });
  const total = (
    table.db.prepare(`SELECT COUNT(DISTINCT finding_group) AS n FROM ${findings.from} WHERE ${findings.where}`).get(...findings.params) as { n: number }
  ).n;
  const page = firstGroups(table, findings.from, findings.where, findings.params, limit);
  let tasks: FindingGroup[] = [];
  if (!tasksAreTheList) {
    const t = table.openWhere(workspace, { ...filter, task: true });
    tasks = groupSeeds(table.db.prepare(`SELECT * FROM ${t.from} WHERE ${t.where} ORDER BY ${SEED_ORDER}`).all(...t.params) as SeedRow[]);
  }
  return { total, page, tasks };
}
