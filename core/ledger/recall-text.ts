// The "Findings recorded by agents on this codebase" section (SPEC §get_problems): the
// recalled open findings when the shared half ran, else the cause it did not, never a zero.
import type { RecallAnswer } from './shared-ledger.ts';

export const RECALL_SHOWN = 10;

export function recallSection(recalled: RecallAnswer | undefined, cause: string | undefined): string[] {
  if (!recalled) return [`Findings recorded by agents on this codebase: not read (${cause ?? 'unknown'}).`];
  const lines = [`Findings recorded by agents on this codebase (${recalled.open.length} open${recalled.truncated ? ', read truncated' : ''}):`];
  recalled.open.slice(0, RECALL_SHOWN).forEach((f, i) => {
    lines.push(`${i + 1}. [${f.severity}][${f.category}] ${f.files.join(', ')} ${f.summary} (${f.conceptId})${f.tags.map((t) => ` [${t}]`).join('')}`);
  });
  if (recalled.closed.length) {
    lines.push(`Closed findings (${recalled.closed.length}):`);
    for (const f of recalled.closed.slice(0, RECALL_SHOWN)) {
      lines.push(`- ${f.closed?.retracted ? '[RETRACTED]' : f.closed?.fixedIn ? `[FIXED in ${f.closed.fixedIn}]` : '[FIXED]'} ${f.summary} (${f.conceptId})`);
    }
  }
  return lines;
}
