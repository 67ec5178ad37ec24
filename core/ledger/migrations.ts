// The local store's versioned migrations (META-ENVELOPE §schema_version). Each entry moves
// the store from version - 1 to version; SCHEMA_VERSION is the last one this binary knows.
// A migration is never edited once released: a change is a new entry and a bump of
// core/ledger/schema-version.ts.

export interface Migration {
  version: number;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE seeds (
        id             TEXT PRIMARY KEY,
        workspace      TEXT NOT NULL,
        repo           TEXT NOT NULL,
        file           TEXT NOT NULL,
        line_start     INTEGER,
        line_end       INTEGER,
        severity       TEXT NOT NULL,
        sev_rank       INTEGER NOT NULL,
        is_task        INTEGER NOT NULL DEFAULT 0,
        category       TEXT NOT NULL,
        summary        TEXT NOT NULL,
        details        TEXT,
        status         TEXT NOT NULL DEFAULT 'open',
        stale          INTEGER NOT NULL DEFAULT 0,
        confidence     REAL NOT NULL DEFAULT 1,
        finding_group  TEXT NOT NULL,
        concept_ref    TEXT,
        refs_json      TEXT NOT NULL DEFAULT '{}',
        recorded_by    TEXT,
        session        TEXT,
        pending_fix    TEXT,
        resolution     TEXT,
        created_at     INTEGER NOT NULL,
        updated_at     INTEGER NOT NULL,
        schema_version INTEGER NOT NULL
      );
      CREATE INDEX seeds_open_order ON seeds(workspace, stale, is_task, sev_rank, created_at DESC);
      CREATE INDEX seeds_open_group ON seeds(workspace, stale, is_task, finding_group);
      CREATE INDEX seeds_workspace_file ON seeds(workspace, file, stale);
      CREATE INDEX seeds_group ON seeds(finding_group);
      CREATE INDEX seeds_concept ON seeds(concept_ref);
      CREATE TABLE workspaces (
        path           TEXT PRIMARY KEY,
        repo           TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        first_written  INTEGER NOT NULL,
        last_written   INTEGER NOT NULL
      );
    `,
  },
];
