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
      -- Per workspace, the files with open seeds: a file_path substring filter matches these
      -- few rows instead of every seed (kept by triggers, so every writer keeps it right).
      CREATE TABLE open_files (
        workspace  TEXT NOT NULL,
        file       TEXT NOT NULL,
        open_seeds INTEGER NOT NULL,
        PRIMARY KEY (workspace, file)
      ) WITHOUT ROWID;
      CREATE TRIGGER seeds_opened AFTER INSERT ON seeds WHEN NEW.stale = 0 BEGIN
        INSERT INTO open_files (workspace, file, open_seeds) VALUES (NEW.workspace, NEW.file, 1)
          ON CONFLICT (workspace, file) DO UPDATE SET open_seeds = open_seeds + 1;
      END;
      CREATE TRIGGER seeds_reopened AFTER UPDATE OF stale ON seeds WHEN OLD.stale != 0 AND NEW.stale = 0 BEGIN
        INSERT INTO open_files (workspace, file, open_seeds) VALUES (NEW.workspace, NEW.file, 1)
          ON CONFLICT (workspace, file) DO UPDATE SET open_seeds = open_seeds + 1;
      END;
      CREATE TRIGGER seeds_closed AFTER UPDATE OF stale ON seeds WHEN OLD.stale = 0 AND NEW.stale != 0 BEGIN
        UPDATE open_files SET open_seeds = open_seeds - 1 WHERE workspace = OLD.workspace AND file = OLD.file;
      END;
      CREATE TRIGGER seeds_deleted AFTER DELETE ON seeds WHEN OLD.stale = 0 BEGIN
        UPDATE open_files SET open_seeds = open_seeds - 1 WHERE workspace = OLD.workspace AND file = OLD.file;
      END;
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
