// The seeds table: one row per file of a finding (SPEC §record_finding "one LocalStore seed
// per file"), grouped by finding_group (and by concept_ref once the shared half mints one),
// scoped by workspace. Queries only; text is built by the tools.
import type BetterSqlite3 from 'better-sqlite3';
import { SCHEMA_VERSION } from './schema-version.ts';
import { isTask } from './findings-text.ts';

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;
export type FindingSeverity = (typeof SEVERITIES)[number];

export interface SeedRow {
  id: string;
  workspace: string;
  repo: string;
  file: string;
  line_start: number | null;
  line_end: number | null;
  severity: string;
  category: string;
  summary: string;
  details: string | null;
  status: string;
  stale: number;
  confidence: number;
  finding_group: string;
  concept_ref: string | null;
  refs_json: string;
  recorded_by: string | null;
  session: string | null;
  pending_fix: string | null;
  resolution: string | null;
  created_at: number;
  updated_at: number;
  schema_version: number;
}

export type NewSeed = Pick<
  SeedRow,
  | 'id'
  | 'workspace'
  | 'repo'
  | 'file'
  | 'line_start'
  | 'line_end'
  | 'severity'
  | 'category'
  | 'summary'
  | 'details'
  | 'status'
  | 'finding_group'
  | 'recorded_by'
  | 'session'
  | 'created_at'
>;

export interface SeedFilter {
  severity?: string[];
  category?: string[];
  /** Substring of the seed's file path. */
  filePath?: string;
  /** Exact workspace-relative files. */
  files?: string[];
  /** Only tasks (true) or only non-tasks (false); both when absent. */
  task?: boolean;
}

/** Most severe first: the stored sev_rank column, so the open-seeds index gives the order. */
export function severityRank(severity: string): number {
  const rank = (SEVERITIES as readonly string[]).indexOf(severity);
  return rank === -1 ? SEVERITIES.length : rank;
}
export const SEED_ORDER = 'sev_rank, created_at DESC, finding_group, rowid';

export class SeedTable {
  constructor(readonly db: BetterSqlite3.Database) {}

  /** Writes every seed of one finding in one transaction, and stamps the workspace's schema version. */
  insertFinding(seeds: NewSeed[]): void {
    const insert = this.db.prepare(
      `INSERT INTO seeds (id, workspace, repo, file, line_start, line_end, severity, sev_rank, is_task, category, summary, details, status,
         stale, confidence, finding_group, recorded_by, session, created_at, updated_at, schema_version)
       VALUES (@id, @workspace, @repo, @file, @line_start, @line_end, @severity, @sev_rank, @is_task, @category, @summary, @details, @status,
         @stale, 1, @finding_group, @recorded_by, @session, @created_at, @created_at, ${SCHEMA_VERSION})`,
    );
    const touch = this.db.prepare(
      `INSERT INTO workspaces (path, repo, schema_version, first_written, last_written) VALUES (?, ?, ${SCHEMA_VERSION}, ?, ?)
       ON CONFLICT(path) DO UPDATE SET repo = excluded.repo, schema_version = excluded.schema_version, last_written = excluded.last_written`,
    );
    this.db
      .transaction(() => {
        for (const seed of seeds)
          insert.run({
            ...seed,
            sev_rank: severityRank(seed.severity),
            is_task: isTask(seed.category, seed.summary) ? 1 : 0,
            stale: seed.status === 'open' ? 0 : 1,
          });
        if (seeds[0]) touch.run(seeds[0].workspace, seeds[0].repo, seeds[0].created_at, seeds[0].created_at);
      })
      .immediate();
  }

  /** Writes the finding unless `duplicateOf` finds it already open; both in one write transaction. */
  insertUnlessDuplicate(seeds: NewSeed[], duplicateOf: () => SeedRow | undefined): SeedRow | undefined {
    return this.db
      .transaction(() => {
        const dup = duplicateOf();
        if (!dup) this.insertFinding(seeds);
        return dup;
      })
      .immediate();
  }

  /** Open (non-stale) seeds of a workspace, most severe first, then newest. */
  openSeeds(workspace: string, filter: SeedFilter = {}, limit = 1_000_000): SeedRow[] {
    const { from, where, params } = this.openWhere(workspace, filter);
    return this.db.prepare(`SELECT * FROM ${from} WHERE ${where} ORDER BY ${SEED_ORDER} LIMIT ?`).all(...params, limit) as SeedRow[];
  }

  /** The FROM and WHERE clauses and parameters selecting a workspace's open seeds through a filter. */
  openWhere(workspace: string, filter: SeedFilter = {}): { from: string; where: string; params: unknown[] } {
    const where = ['workspace = ?', 'stale = 0'];
    const params: unknown[] = [workspace];
    if (filter.task !== undefined) where.push(`is_task = ${filter.task ? 1 : 0}`);
    if (filter.severity?.length) {
      where.push(`severity IN (${filter.severity.map(() => '?').join(',')})`);
      params.push(...filter.severity);
    }
    if (filter.category?.length) {
      where.push(`lower(category) IN (${filter.category.map(() => '?').join(',')})`);
      params.push(...filter.category.map((c) => c.toLowerCase()));
    }
    if (filter.filePath) {
      // Substring of the path: matched against the workspace's files with open seeds (the
      // open_files table) rather than row by row, then selected through the file index.
      const needle = filter.filePath;
      const files = (this.db.prepare(`SELECT file FROM open_files WHERE workspace = ? AND open_seeds > 0`).pluck().all(workspace) as string[]).filter((f) =>
        f.includes(needle),
      );
      where.push(files.length ? `file IN (${files.map(() => '?').join(',')})` : '0');
      params.push(...files);
    }
    if (filter.files?.length) {
      where.push(`file IN (${filter.files.map(() => '?').join(',')})`);
      params.push(...filter.files);
    }
    // A file filter is selective: the planner, without statistics, would walk the order index instead.
    const byFile = Boolean(filter.filePath || filter.files?.length);
    return { from: byFile ? 'seeds INDEXED BY seeds_workspace_file' : 'seeds', where: where.join(' AND '), params };
  }

  /**
   * get_metrics' counts of a workspace's open findings (a multi-file finding counts once); tasks
   * are work assigned on the ledger, not findings (SPEC §get_problems), so they are counted apart.
   */
  openCounts(workspace: string): {
    findings: number;
    seeds: number;
    agf: number;
    tasks: number;
    bySeverity: Record<string, number>;
    topCategories: [string, number][];
  } {
    const base = 'FROM seeds WHERE workspace = ? AND stale = 0 AND is_task = 0';
    const totals = this.db
      .prepare(
        `SELECT COUNT(DISTINCT finding_group) AS findings, COUNT(*) AS seeds, COUNT(DISTINCT CASE WHEN id LIKE 'agf\\_%' ESCAPE '\\' AND id = finding_group THEN finding_group END) AS agf ${base}`,
      )
      .get(workspace) as { findings: number; seeds: number; agf: number };
    const bySeverity: Record<string, number> = Object.fromEntries(SEVERITIES.map((s) => [s, 0]));
    for (const row of this.db.prepare(`SELECT severity, COUNT(DISTINCT finding_group) AS n ${base} GROUP BY severity`).all(workspace) as {
      severity: string;
      n: number;
    }[]) {
      bySeverity[row.severity] = row.n;
    }
    const topCategories = (
      this.db.prepare(`SELECT category, COUNT(DISTINCT finding_group) AS n ${base} GROUP BY category ORDER BY n DESC, category LIMIT 5`).all(workspace) as {
        category: string;
        n: number;
      }[]
    ).map((r) => [r.category, r.n] as [string, number]);
    const tasks = (
      this.db.prepare('SELECT COUNT(DISTINCT finding_group) AS n FROM seeds WHERE workspace = ? AND stale = 0 AND is_task = 1').get(workspace) as { n: number }
    ).n;
    return { ...totals, tasks, bySeverity, topCategories };
  }

  /** Open seeds on exactly these files (the duplicate check): the file index, no ordering. */
  openSeedsOnFiles(workspace: string, files: string[]): SeedRow[] {
    return this.db
      .prepare(`SELECT * FROM seeds WHERE workspace = ? AND file IN (${files.map(() => '?').join(',')}) AND stale = 0`)
      .all(workspace, ...files) as SeedRow[];
  }

  /** Stale (closed) seeds of one category, newest first: closed tasks. */
  closedSeeds(workspace: string, category: string, limit: number): SeedRow[] {
    return this.db
      .prepare(`SELECT * FROM seeds WHERE workspace = ? AND stale = 1 AND lower(category) = ? ORDER BY updated_at DESC LIMIT ?`)
      .all(workspace, category.toLowerCase(), limit) as SeedRow[];
  }

  seedById(id: string): SeedRow | undefined {
    return this.db.prepare('SELECT * FROM seeds WHERE id = ?').get(id) as SeedRow | undefined;
  }

  /** SPEC §mark_complete `LocalStore.getSeedByConceptRef`. */
  getSeedByConceptRef(conceptId: string): SeedRow | undefined {
    return this.db.prepare('SELECT * FROM seeds WHERE concept_ref = ? ORDER BY created_at LIMIT 1').get(conceptId) as SeedRow | undefined;
  }

  /** Open seeds of a workspace that belong to recalled findings: by their concept, or by their own agf_* id. */
  openSeedsLinkedTo(workspace: string, conceptIds: string[], ids: string[]): SeedRow[] {
    const out = new Map<string, SeedRow>();
    const chunk = 400;
    for (const [column, values] of [
      ['concept_ref', conceptIds],
      ['id', ids],
    ] as const) {
      for (let i = 0; i < values.length; i += chunk) {
        const part = values.slice(i, i + chunk);
        const rows = this.db
          .prepare(`SELECT * FROM seeds WHERE workspace = ? AND stale = 0 AND ${column} IN (${part.map(() => '?').join(',')})`)
          .all(workspace, ...part) as SeedRow[];
        for (const row of rows) out.set(row.id, row);
      }
    }
    return [...out.values()];
  }

  /** Every seed of the finding a seed belongs to (a multi-file finding is one finding). */
  siblings(seed: SeedRow): SeedRow[] {
    const rows = seed.concept_ref
      ? this.db.prepare('SELECT * FROM seeds WHERE finding_group = ? OR concept_ref = ? ORDER BY created_at, rowid').all(seed.finding_group, seed.concept_ref)
      : this.db.prepare('SELECT * FROM seeds WHERE finding_group = ? ORDER BY created_at, rowid').all(seed.finding_group);
    return rows as SeedRow[];
  }

  /** Endorse: the seeds go stale (resolved, stop surfacing) with the fix lines kept. */
  retireStale(ids: string[], resolution: string, now = Date.now()): number {
    const stmt = this.db.prepare('UPDATE seeds SET stale = 1, status = ?, resolution = ?, pending_fix = NULL, updated_at = ? WHERE id = ?');
    return this.db.transaction(() => ids.reduce((n, id) => n + stmt.run('resolved', resolution, now, id).changes, 0)).immediate();
  }

  /** Discard: the local seeds are deleted. */
  deleteSeeds(ids: string[]): number {
    const stmt = this.db.prepare('DELETE FROM seeds WHERE id = ?');
    return this.db.transaction(() => ids.reduce((n, id) => n + stmt.run(id).changes, 0)).immediate();
  }

  /** A fix that does not close the finding yet (uncommitted, unpushed, awaiting merge). */
  setPendingFix(ids: string[], pending: string, now = Date.now()): void {
    const stmt = this.db.prepare('UPDATE seeds SET pending_fix = ?, updated_at = ? WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => stmt.run(pending, now, id))).immediate();
  }

  /** The shared half minted a concept for these seeds (refs_json and concept_ref). */
  setConceptRef(ids: string[], conceptId: string): void {
    const stmt = this.db.prepare('UPDATE seeds SET concept_ref = ?, refs_json = ? WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => stmt.run(conceptId, JSON.stringify({ concept_id: conceptId }), id))).immediate();
  }

  /** The version this workspace's rows were last written under (`schema_version_at_index`). */
  workspaceSchemaVersion(workspace: string): number | undefined {
    const row = this.db.prepare('SELECT schema_version FROM workspaces WHERE path = ?').get(workspace) as { schema_version: number } | undefined;
    return row?.schema_version;
  }
}
