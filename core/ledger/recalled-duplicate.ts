// SPEC §record_finding "Already recorded": after the local store, a recalled finding with no
// verdict on one of the same files with the same summary (the get_problems recall, repo-scoped,
// its files: header mapped to this checkout and the summary after `[severity][category] <repo>: `).
// An unreachable recall does not block the write.
import { homedir } from 'node:os';
import { sameSummary } from './duplicate-finding.ts';
import type { RecalledFindingRow, SharedLedger } from './shared-ledger.ts';

export async function recalledDuplicate(
  ledger: SharedLedger,
  root: string,
  files: string[],
  summary: string,
  vesselId: string | undefined,
): Promise<RecalledFindingRow | undefined> {
  const recall = await ledger.recall({ root, vesselId });
  if (!recall.ok) return undefined;
  const wanted = new Set(files);
  return [...recall.value.open, ...recall.value.openTasks].find(
    (f) =>
      f.verdicts.every((v) => v.kind === 'claimed' || v.kind === 'withdrawn') && f.files.some((file) => wanted.has(file)) && sameSummary(f.summary, summary),
  );
}

/** The workspace as a finding's workspace: line carries it: this user's home shown as `~` (nothing private leaves the machine). */
export function homeAsTilde(path: string, home = homedir()): string {
  if (!home || home === '/') return path;
  if (path === home) return '~';
  return path.startsWith(home + '/') ? `~${path.slice(home.length)}` : path;
}
