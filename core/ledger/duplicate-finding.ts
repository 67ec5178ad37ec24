// SPEC §record_finding "Already recorded": an open finding on one of the same files with
// the same summary is not recorded twice.
import type { SeedRow, SeedTable } from './seed-table.ts';

/** Lowercased, every run of characters other than letters and numbers one space. */
export function normalizeSummary(summary: string): string {
  return summary
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function summaryWords(summary: string): Set<string> {
  return new Set(normalizeSummary(summary).split(' ').filter(Boolean));
}

/** |A ∩ B| / |A ∪ B| of the two summaries' word sets. */
export function summaryJaccard(a: string, b: string): number {
  const wa = summaryWords(a);
  const wb = summaryWords(b);
  if (wa.size === 0 && wb.size === 0) return 1;
  let both = 0;
  for (const w of wa) if (wb.has(w)) both++;
  return both / (wa.size + wb.size - both);
}

// @anchor duplicate-finding
export const DUPLICATE_JACCARD = 0.8;
export function sameSummary(a: string, b: string): boolean {
  return normalizeSummary(a) === normalizeSummary(b) || summaryJaccard(a, b) >= DUPLICATE_JACCARD;
}

// @anchor findOpenDuplicate
/** A non-stale local seed on one of the files with the same summary, oldest finding first. */
export function findOpenDuplicate(store: SeedTable, workspace: string, files: string[], summary: string): SeedRow | undefined {
  const candidates = store.openSeedsOnFiles(workspace, files).filter((seed) => sameSummary(seed.summary, summary));
  candidates.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  return candidates[0];
}
