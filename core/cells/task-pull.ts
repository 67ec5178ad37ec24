// SPEC §task pull: a cell's first step. It takes one task of the origin's repository from the
// ledger, claims it by claim_finding's rule, writes task.json and context.md, and clones the
// work directory, withdrawing the claim if anything after it fails, so one bad ref or origin
// never blocks a task for a claim's length.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runGit } from '../git/run-git.ts';
import { normalizeRemoteUrl } from '../identity/normalize-remote-url.ts';
import { redactUrl } from '../redact-url.ts';
import { isLive } from '../ledger/claims.ts';
import { severityRank, type CellFinding, type CellLedger } from './cell-ledger.ts';
import { conventionAuthor, integrationPolicy, validRef, type ConventionConcept, type IntegrationPolicy } from './task-policy.ts';

/** SPEC §task pull "Exit codes". */
export const TASK_EXIT = { pulled: 0, failed: 1, notAttached: 2, noTask: 3, retryLater: 4 } as const;
export type TaskExit = (typeof TASK_EXIT)[keyof typeof TASK_EXIT];

export interface TaskPullInput {
  origin: string;
  taskDir: string;
  workDir: string;
  minutes: number;
  /** --trust, else METABOB_TASK_TRUST, split on commas; empty: the task's own recorder. */
  trust: string[];
  sessionId: string;
  now(): number;
  warn(line: string): void;
}

export interface TaskPullResult {
  exit: TaskExit;
  lines: string[];
  json: Record<string, unknown>;
}

/** Empty or missing: a task never reuses a directory. */
function emptyOrMissing(dir: string): boolean {
  if (!existsSync(dir)) return true;
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

// @anchor candidateTasks
/**
 * The origin's open tasks in the order a cell tries them: one this cell holds (a restarted
 * cell resumes it), then unclaimed ones, most severe first. Held by others, closed and
 * fix-pending tasks are skipped; their claims' ends give retry_after.
 */
export function candidateTasks(findings: CellFinding[], vesselId: string, now: number): { candidates: CellFinding[]; heldByOthers: CellFinding[] } {
  const tasks = findings.filter((f) => f.category === 'task' && !f.closed);
  const live = (f: CellFinding) => (f.claim && isLive(f.claim.until, now) ? f.claim : undefined);
  const mine = tasks.filter((f) => live(f)?.holder === vesselId);
  const heldByOthers = tasks.filter((f) => live(f) && live(f)!.holder !== vesselId);
  const unclaimed = tasks
    .filter((f) => !live(f) && !f.pending)
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || (a.createdAt ?? 0) - (b.createdAt ?? 0));
  return { candidates: [...mine, ...unclaimed], heldByOthers };
}

/** The task's `ref:` line, when its details declare one. */
function declaredRef(details: string): string | undefined {
  const line = details
    .slice(0, 64 * 1024)
    .split('\n')
    .find((l) => l.trim().toLowerCase().startsWith('ref:'));
  return line ? line.trim().slice('ref:'.length).trim() : undefined;
}

function contextMarkdown(task: CellFinding, files: string[], policy: IntegrationPolicy, related: CellFinding[]): string {
  const policyRows = (Object.keys(policy) as Array<keyof IntegrationPolicy>).map(
    (k) => `- ${k}: ${policy[k].value} (from ${policy[k].source}${policy[k].author ? ` by ${policy[k].author}` : ''})`,
  );
  const relatedRows = related.length
    ? related.map((f) => `- [${f.severity}][${f.category}] ${f.summary} (${f.findingId}; ${f.files.join(', ')})`)
    : ['- none open'];
  return [
    `# Task ${task.findingId}: ${task.summary}`,
    '',
    '## Details',
    '',
    task.details || '(none recorded)',
    '',
    '## Integration policy',
    '',
    ...policyRows,
    '',
    "## Open findings on the task's files",
    '',
    ...relatedRows,
    '',
    '## The task as recorded',
    '',
    `- severity: ${task.severity}`,
    `- files: ${files.join(', ') || '(none)'}`,
    `- recorded_by: ${task.recordedBy ?? '(not declared)'}`,
    `- finding_ids: ${task.findingIds.join(', ')}`,
    '',
  ].join('\n');
}

// @anchor runTaskPull
export async function runTaskPull(input: TaskPullInput, ledger: CellLedger): Promise<TaskPullResult> {
  const fail = (line: string, extra: Record<string, unknown> = {}): TaskPullResult => ({
    exit: TASK_EXIT.failed,
    lines: [line],
    json: { exit: 1, error: line, ...extra },
  });
  const taskDir = resolve(input.taskDir);
  const workDir = resolve(input.workDir);
  for (const [flag, dir] of [
    ['--task-dir', taskDir],
    ['--work-dir', workDir],
  ] as const) {
    if (!emptyOrMissing(dir)) return fail(`dir_not_empty: ${flag} ${dir} is not empty; a task never reuses a directory (give an empty or missing one)`);
  }
  const vesselId = ledger.vesselId;
  if (!vesselId) return fail('no_vessel_identity: a claim must name its holder; set VESSEL_ID or METABOB_API_KEY');
  const repository = normalizeRemoteUrl(input.origin);
  const read = await ledger.openFindings();
  if (!read.ok) return fail(read.line);
  const now = input.now();
  const { candidates, heldByOthers } = candidateTasks(read.value, vesselId, now);
  const tried: Array<{ task: string; outcome: string }> = [];
  const lines: string[] = [];
  let retryAfter = Math.min(...heldByOthers.map((t) => t.claim!.until), Infinity);

  for (const task of candidates) {
    // claim_finding's schema holds the minutes to 1-240, as the CLI does before it.
    const claimed = await ledger.claim(task, input.minutes);
    if (claimed.state !== 'held') {
      tried.push({ task: task.findingId, outcome: `${claimed.state}: ${claimed.line}` });
      lines.push(`${task.findingId}: ${claimed.state} (${claimed.line})`);
      if (claimed.until !== undefined) retryAfter = Math.min(retryAfter, claimed.until);
      else if (claimed.state === 'unsettled') retryAfter = Math.min(retryAfter, now + 60_000);
      continue;
    }
    // Its own claim is "claimed": "held" is what the reply says of a task another cell holds.
    tried.push({ task: task.findingId, outcome: `claimed until ${new Date(claimed.until).toISOString()}` });
    lines.push(`${task.findingId}: claimed until ${new Date(claimed.until).toISOString()}`);
    const written = await writeTask(input, ledger, task, claimed, repository, read.value, taskDir, workDir);
    if (written.ok) {
      return { exit: TASK_EXIT.pulled, lines: [...lines, ...written.lines], json: { exit: 0, task: written.task, tried } };
    }
    const withdrawn = await ledger.withdraw(task);
    const why = withdrawn.ok ? 'the claim was withdrawn' : `the claim could not be withdrawn (${withdrawn.line}); it lapses at its end`;
    return { exit: TASK_EXIT.failed, lines: [...lines, `${written.line}; ${why}`], json: { exit: 1, error: written.line, withdrawn: withdrawn.ok, tried } };
  }

  const openTasks = candidates.length + heldByOthers.length;
  if (openTasks === 0) {
    return { exit: TASK_EXIT.noTask, lines: [...lines, `no_open_task: ${repository} has no open task to pull`], json: { exit: 3, tried } };
  }
  const until = Number.isFinite(retryAfter) ? new Date(retryAfter).toISOString() : undefined;
  lines.push(`no_task_free: ${openTasks} open task(s), held by others or not settled yet${until ? `; retry after ${until}` : ''}`);
  return { exit: TASK_EXIT.retryLater, lines, json: { exit: 4, retry_after: until ?? null, tried } };
}

async function writeTask(
  input: TaskPullInput,
  ledger: CellLedger,
  task: CellFinding,
  claim: { holder: string; until: number },
  repository: string,
  findings: CellFinding[],
  taskDir: string,
  workDir: string,
): Promise<{ ok: true; lines: string[]; task: Record<string, unknown> } | { ok: false; line: string }> {
  const ref = declaredRef(task.details);
  if (ref !== undefined) {
    const valid = await validRef(ref, dirname(taskDir));
    if (!valid.ok) return valid;
  }
  const defaulted = input.trust.length === 0;
  const trusted = defaulted ? (task.recordedBy ? [task.recordedBy] : []) : input.trust;
  const read = await ledger.conventions([repository]);
  const conventions: ConventionConcept[] = read.ok ? read.value.map((c) => ({ ...c, author: c.author ?? conventionAuthor(c.content) })) : [];
  if (!read.ok) input.warn(`conventions not read (${read.line}); the task's own lines and the defaults apply`);
  const { policy, refused } = integrationPolicy(task.details, conventions, trusted);
  for (const line of refused) input.warn(`integration policy: ${line}`);
  // The recall names the files as the origin's checkout does (SPEC @repo-aliases).
  const files = task.files;
  const related = findings.filter((f) => f.category !== 'task' && !f.closed && f.files.some((file) => task.files.includes(file)));

  const clone = await runGit(dirname(workDir), ['clone', '--quiet', ...(ref ? ['--branch', ref] : []), '--', input.origin, workDir], { timeoutMs: 300_000 });
  // Shown without its user info (SPEC §Proxy `redact-credentials`, for every URL shown); the clone used it as given.
  if (!clone.ok) return { ok: false, line: `clone_failed: git clone of ${redactUrl(input.origin)} into ${workDir} failed (${redactUrl(clone.line)})` };
  const head = await runGit(workDir, ['rev-parse', 'HEAD']);
  if (!head.ok) return { ok: false, line: `clone_failed: the clone has no HEAD (${head.line})` };
  const record = {
    task_id: task.findingId,
    concept_id: task.conceptId ?? null,
    finding_ids: task.findingIds,
    summary: task.summary,
    severity: task.severity,
    files,
    details: task.details,
    origin: redactUrl(input.origin),
    repository,
    ref: ref ?? null,
    policy,
    claim: { holder: claim.holder, until: new Date(claim.until).toISOString() },
    recorded_by: task.recordedBy ?? null,
    pulled_at: new Date(input.now()).toISOString(),
    session: input.sessionId,
    trust: { authors: trusted, defaulted },
    base: head.stdout.trim(),
  };
  try {
    mkdirSync(taskDir, { recursive: true });
    writeFileSync(join(taskDir, 'task.json'), JSON.stringify(record, null, 2) + '\n');
    writeFileSync(join(taskDir, 'context.md'), contextMarkdown(task, files, policy, related));
  } catch (err) {
    return { ok: false, line: `task_dir_unwritable: ${taskDir}: ${(err as Error).message}` };
  }
  return { ok: true, lines: [`Pulled ${task.findingId} into ${taskDir} (work directory ${workDir} at ${record.base.slice(0, 12)})`], task: record };
}
