// The "Findings recorded by agents on this codebase" section (SPEC §get_problems): the
// recalled open findings when the shared half ran, else the cause it did not, never a zero;
// then the closed ones apart, and the Tasks section's recalled rows.
import { ageTag } from './findings-text.ts';
import type { RecallAnswer, RecalledFindingRow } from './shared-ledger.ts';
import { escapeControlChars } from '../process/control-chars.ts';

export const RECALL_SHOWN = 10;

/**
 * One recalled finding: `[HIGH][security] src/a.ts summary (concept_…, recorded by …, 5 min old) [tag]`.
 * Escaped to one line: another agent's concept, or an older client's, can hold any text.
 */
export function recalledLine(f: RecalledFindingRow, now = Date.now()): string {
  const about = [f.conceptId, ...(f.recordedBy ? [`recorded by ${f.recordedBy}`] : []), ...(f.createdAt !== undefined ? [ageTag(f.createdAt, now)] : [])];
  return escapeControlChars(`[${f.severity}][${f.category}] ${f.files.join(', ')} ${f.summary} (${about.join(', ')})${f.tags.map((t) => ` [${t}]`).join('')}`);
}

/** A closed recalled finding: `- [FIXED in <sha>] summary (concept_…)`, one line. */
export function closedLine(f: RecalledFindingRow): string {
  return escapeControlChars(`- ${f.closed?.tag ?? '[FIXED]'} ${f.summary} (${f.conceptId}, ${f.files.join(', ')})${f.closed?.note ? ` ${f.closed.note}` : ''}`);
}

export function recallSection(recalled: RecallAnswer | undefined, cause: string | undefined, now = Date.now()): string[] {
  if (!recalled) return [`Findings recorded by agents on this codebase: not read (${cause ?? 'unknown'}).`];
  const shown = Math.min(recalled.open.length, RECALL_SHOWN);
  const counts = `${recalled.open.length} open${shown < recalled.open.length ? `, ${shown} shown` : ''}${recalled.truncated ? '; read truncated: older findings with no credit may be missing' : ''}`;
  const lines = [`Findings recorded by agents on this codebase (${counts}):`];
  recalled.open.slice(0, RECALL_SHOWN).forEach((f, i) => lines.push(`${i + 1}. ${recalledLine(f, now)}`));
  if (recalled.open.length === 0) lines.push('  none open');
  if (recalled.closed.length) {
    lines.push(`Closed findings (${recalled.closed.length}):`);
    for (const f of recalled.closed.slice(0, RECALL_SHOWN)) lines.push(closedLine(f));
  }
  return lines;
}
