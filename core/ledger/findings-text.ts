// How findings read to an agent (SPEC §get_problems, §record_finding): the headline, the
// no-server-analysis statement, one finding's line, age tags, and task detection.
import type { SeedRow } from './seed-table.ts';
import { escapeControlChars } from '../process/control-chars.ts';

// @anchor NO_SERVER_ANALYSIS
export const NO_SERVER_ANALYSIS =
  'There is no server-side analysis: this server sends no workspace content off the machine, so no backend detections exist. ' +
  "These are agent-recorded findings only; the system's own open gaps on a file are path_activity's, so none here is not none there.";

/**
 * A finding in category task is work assigned on the ledger, not a problem in the code. The
 * category line decides; the summary's `[SEV][task]` only when there is no category, so a
 * correctness finding whose summary quotes `[HIGH][task]` stays a finding.
 */
// @anchor task-findings
export function isTask(category: string | null | undefined, summary = ''): boolean {
  const cat = (category ?? '').trim();
  if (cat) return cat.toLowerCase() === 'task';
  return /^\[[A-Z]+\]\[task\]/i.test(summary.trim());
}

/** `2 d old`, `3 h old`, `5 min old`, `0 min old`, dated from the seed's recorded time. */
export function ageTag(createdAt: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - createdAt) / 60_000));
  if (minutes < 60) return `${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h old`;
  return `${Math.floor(hours / 24)} d old`;
}

function lineRange(seed: SeedRow): string {
  if (seed.line_start == null) return '';
  return seed.line_end != null && seed.line_end !== seed.line_start ? `:${seed.line_start}-${seed.line_end}` : `:${seed.line_start}`;
}

/**
 * One seed as a line: `[HIGH][security] src/a.ts:12 summary (agf_..., 2 d old)`. Escaped to one
 * line: the store can hold names no argument could carry now (another client's, an older store's).
 */
export function seedLine(seed: SeedRow, now = Date.now()): string {
  const pending = seed.pending_fix ? ` [${seed.pending_fix}]` : '';
  return escapeControlChars(
    `[${seed.severity}][${seed.category}] ${seed.file}${lineRange(seed)} ${seed.summary} (${seed.id}, ${ageTag(seed.created_at, now)})${pending}`,
  );
}

/** One finding: its seeds on several files share finding_group (and, once shared, one concept). */
export interface FindingGroup {
  key: string;
  seeds: SeedRow[];
}

export function groupSeeds(seeds: SeedRow[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const seed of seeds) {
    const key = seed.finding_group;
    const group = groups.get(key);
    if (group) group.seeds.push(seed);
    else groups.set(key, { key, seeds: [seed] });
  }
  return [...groups.values()];
}

/** A finding as lines: the first seed's line, then its other files and ids. */
export function findingLines(group: FindingGroup, index: number, now = Date.now(), withDetails = false): string[] {
  const [first, ...rest] = group.seeds;
  const lines = [`${index}. ${seedLine(first, now)}`];
  if (rest.length > 0) lines.push(escapeControlChars(`   also on: ${rest.map((s) => `${s.file} (${s.id})`).join(', ')}`));
  if (withDetails && first.details) lines.push(escapeControlChars(`   details: ${first.details.split('\n')[0].slice(0, 300)}`));
  return lines;
}

export interface HeadlineParts {
  /** Open non-task findings in the local store, or the cause it could not be read. */
  local: number | { cause: string };
  /** Recalled open findings, or why the recall did not run. */
  recall: number | { cause: string };
  /** Counted in both (this session's seeds of findings it shared). */
  both?: number;
  openTasks?: number;
}

// @anchor openFindingsHeadline
/** `Open findings: 2 (2 in the local store; recall not run: not_configured: ...)`. */
export function openFindingsHeadline(parts: HeadlineParts): string {
  const local = typeof parts.local === 'number' ? parts.local : undefined;
  const recall = typeof parts.recall === 'number' ? parts.recall : undefined;
  let inner = local !== undefined ? `${local} in the local store` : `local store not read: ${(parts.local as { cause: string }).cause}`;
  // Two counts read as one list (SPEC's `0 in the local store, 2 recorded by agents ...`); a cause stands apart.
  if (recall !== undefined) inner += `${local !== undefined ? ',' : ';'} ${recall} recorded by agents on this codebase`;
  else inner += `; recall not run: ${(parts.recall as { cause: string }).cause}`;
  if (parts.both) inner += `; ${parts.both} in both`;
  let total: string;
  if (local === undefined && recall === undefined) total = 'unknown';
  else total = String((local ?? 0) + (recall ?? 0) - (parts.both ?? 0));
  const tasks = parts.openTasks ? `; ${parts.openTasks} open task${parts.openTasks === 1 ? '' : 's'}, listed apart` : '';
  return `Open findings: ${total} (${inner})${tasks}`;
}

// @anchor attributionLines
/** recorded_by and session; recorded_by is omitted, never faked, when no identity resolves. */
export function attributionLines(vesselId: string | undefined, session: string): string[] {
  return [...(vesselId ? [`recorded_by: ${vesselId}`] : []), `session: ${session}`];
}
