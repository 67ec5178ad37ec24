// SPEC §Agent-resolver tools: human_input solicitations the loopback resolver accepted, and the
// answers to them, persist in ~/.metabob/sidecar.db keyed by the resolver's vessel id, so a
// later session in the same workspace with the same key resumes them: it sees still-pending
// tasks and re-delivers answers a prior session recorded but could not send. One SQLite file,
// owner-only (it holds questions and answers), WAL; better-sqlite3 loads on first use.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { metabobHome } from '../config/metabob-home.ts';
import { ulid } from '../process/ulid.ts';
import { DatabaseFileRefused, openOwnerOnlyDatabase } from './owner-only-database.ts';

export type TaskStatus = 'pending' | 'claimed' | 'resolved' | 'expired';
/** none: no answer yet; queued: recorded, not yet delivered; delivered: goal-host took it (or its 404 ended it). */
export type DeliveryState = 'none' | 'queued' | 'delivered';

export interface QueuedTask {
  task_id: string;
  vessel_id: string;
  solicitation_id: string;
  dispatch_id: string | null;
  question: string;
  created_at: number;
  deadline_at: number;
  status: TaskStatus;
  claimed_by: string | null;
  outcome: string | null;
  answer: string | null;
  resolved_at: number | null;
  delivery: DeliveryState;
  delivered_at: number | null;
  /** The last delivery's outcome as one line (a cause, or goal-host's 404). */
  delivery_note: string | null;
  /** While a session sends the answer: until when no other session may send it. */
  delivery_lease_until: number | null;
}

/** Longer than the delivery's 20 s cap, so a live sender always finishes inside its lease. */
export const DELIVERY_LEASE_MS = 60_000;

const SCHEMA = `CREATE TABLE IF NOT EXISTS tasks (
  task_id TEXT PRIMARY KEY,
  vessel_id TEXT NOT NULL,
  solicitation_id TEXT NOT NULL,
  dispatch_id TEXT,
  question TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  deadline_at INTEGER NOT NULL,
  status TEXT NOT NULL,
  claimed_by TEXT,
  outcome TEXT,
  answer TEXT,
  resolved_at INTEGER,
  delivery TEXT NOT NULL DEFAULT 'none',
  delivered_at INTEGER,
  delivery_note TEXT,
  delivery_lease_until INTEGER,
  UNIQUE (vessel_id, solicitation_id)
);
CREATE INDEX IF NOT EXISTS tasks_by_vessel ON tasks (vessel_id, status, created_at);`;

export function sidecarPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(metabobHome(env), 'sidecar.db');
}

export class SidecarQueue {
  constructor(
    private readonly db: BetterSqlite3.Database,
    readonly path: string,
  ) {}

  /** Enqueues a solicitation once: the same solicitation id for the same vessel is the same task. */
  enqueue(input: { vesselId: string; solicitationId: string; dispatchId: string | null; question: string; timeoutMs: number; now: number }): {
    task: QueuedTask;
    created: boolean;
  } {
    const taskId = `task_${ulid(input.now)}`;
    const info = this.db
      .prepare(
        `INSERT OR IGNORE INTO tasks (task_id, vessel_id, solicitation_id, dispatch_id, question, created_at, deadline_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`,
      )
      .run(taskId, input.vesselId, input.solicitationId, input.dispatchId, input.question, input.now, input.now + input.timeoutMs);
    const task = this.db.prepare('SELECT * FROM tasks WHERE vessel_id = ? AND solicitation_id = ?').get(input.vesselId, input.solicitationId) as QueuedTask;
    return { task, created: info.changes > 0 };
  }

  /** Expires tasks past their deadline, then lists pending and claimed ones (oldest first) and claims them for `sessionId`. */
  pull(vesselId: string, sessionId: string, limit: number, now: number): { expired: number; tasks: QueuedTask[] } {
    return this.db.transaction(() => {
      const expired = this.db
        .prepare(`UPDATE tasks SET status = 'expired' WHERE vessel_id = ? AND status IN ('pending', 'claimed') AND deadline_at < ?`)
        .run(vesselId, now).changes;
      const tasks = this.db
        .prepare(`SELECT * FROM tasks WHERE vessel_id = ? AND status IN ('pending', 'claimed') ORDER BY created_at, task_id LIMIT ?`)
        .all(vesselId, limit) as QueuedTask[];
      const claim = this.db.prepare(`UPDATE tasks SET status = 'claimed', claimed_by = ? WHERE task_id = ?`);
      for (const task of tasks) claim.run(sessionId, task.task_id);
      return { expired, tasks: tasks.map((t) => ({ ...t, status: 'claimed' as const, claimed_by: sessionId })) };
    })();
  }

  find(vesselId: string, taskId: string): QueuedTask | undefined {
    return this.db.prepare('SELECT * FROM tasks WHERE vessel_id = ? AND task_id = ?').get(vesselId, taskId) as QueuedTask | undefined;
  }

  /** Records the answer durably and marks the task resolved, before any delivery is tried. */
  resolve(taskId: string, outcome: string, answer: string | null, now: number): QueuedTask {
    this.db
      .prepare(`UPDATE tasks SET status = 'resolved', outcome = ?, answer = ?, resolved_at = ?, delivery = 'queued' WHERE task_id = ? AND status != 'resolved'`)
      .run(outcome, answer, now, taskId);
    return this.db.prepare('SELECT * FROM tasks WHERE task_id = ?').get(taskId) as QueuedTask;
  }

  /**
   * Takes the right to send a queued answer, so two sessions starting together (one home, one
   * workspace) never both deliver it; a sender that died frees it when its lease passes.
   */
  claimDelivery(taskId: string, now: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE tasks SET delivery_lease_until = ? WHERE task_id = ? AND delivery = 'queued' AND (delivery_lease_until IS NULL OR delivery_lease_until < ?)`,
        )
        .run(now + DELIVERY_LEASE_MS, taskId, now).changes === 1
    );
  }

  markDelivered(taskId: string, now: number, note: string | null): void {
    this.db
      .prepare(`UPDATE tasks SET delivery = 'delivered', delivered_at = ?, delivery_note = ?, delivery_lease_until = NULL WHERE task_id = ?`)
      .run(now, note, taskId);
  }

  noteUndelivered(taskId: string, note: string): void {
    this.db.prepare(`UPDATE tasks SET delivery_note = ?, delivery_lease_until = NULL WHERE task_id = ?`).run(note, taskId);
  }

  /** Answers recorded and not yet delivered, oldest first. */
  undelivered(vesselId: string): QueuedTask[] {
    return this.db.prepare(`SELECT * FROM tasks WHERE vessel_id = ? AND delivery = 'queued' ORDER BY resolved_at, task_id`).all(vesselId) as QueuedTask[];
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export type SidecarOpen = { ok: true; queue: SidecarQueue } | { ok: false; cause: string };

/** Opens sidecar.db on first use and keeps it open for the process; a failure is a named line, retried next time. */
export class SidecarQueueService {
  private opened: SidecarQueue | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly onShutdown?: (cleanup: () => void) => void,
  ) {}

  /** Whether a prior session left a queue (startup reconcile reads nothing otherwise). */
  exists(): boolean {
    return existsSync(sidecarPath(this.env));
  }

  async open(): Promise<SidecarOpen> {
    if (this.opened) return { ok: true, queue: this.opened };
    const path = sidecarPath(this.env);
    let db: BetterSqlite3.Database | undefined;
    try {
      const Database = (await import('better-sqlite3')).default;
      if (this.opened) return { ok: true, queue: this.opened };
      db = openOwnerOnlyDatabase(Database, path);
      db.exec(SCHEMA);
      const queue = new SidecarQueue(db, path);
      this.opened = queue;
      this.onShutdown?.(() => this.close());
      return { ok: true, queue };
    } catch (err) {
      try {
        db?.close();
      } catch {
        // already failing
      }
      const e = err as NodeJS.ErrnoException;
      if (e instanceof DatabaseFileRefused) return { ok: false, cause: `store_unavailable: the agent-resolver queue was not opened: ${e.message}` };
      return {
        ok: false,
        cause: `store_unavailable: the agent-resolver queue ${path} could not be opened (${e.code ? e.code + ': ' : ''}${e.message.split('\n')[0]})`,
      };
    }
  }

  close(): void {
    this.opened?.close();
    this.opened = undefined;
  }
}
