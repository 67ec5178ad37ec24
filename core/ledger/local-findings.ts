// What the local-tier tools read from the findings ledger (SPEC §analyze_impact "Appends up to
// 20 findings from the local store", §predict_cochanges, §search_codebase problems target).
// A store that cannot open is a cause the tools print, never an empty list.
import { storeErrorLine, storeScope, type LocalStoreService } from './local-store.ts';
import { isTask, seedLine } from './findings-text.ts';
import { tokenize } from '../index/component-search.ts';
import type { SeedRow } from './seed-table.ts';
import { escapeControlChars } from '../process/control-chars.ts';

export interface LocalFindingLine {
  id: string;
  /** One rendered line: `[HIGH][security] src/a.ts:12 summary (agf_..., 2 d old)`. */
  line: string;
  severity: string;
  file: string;
}

export type LocalFindingsAnswer = { ok: true; findings: LocalFindingLine[]; total: number } | { ok: false; cause: string };

function toLine(seed: SeedRow, now: number): LocalFindingLine {
  return { id: seed.id, line: seedLine(seed, now), severity: seed.severity, file: seed.file };
}

/** Open local findings on these workspace-relative files, most severe first. Tasks are not problems. */
export async function localFindingsForFiles(stores: LocalStoreService, workspaceRoot: string, relFiles: string[], limit: number): Promise<LocalFindingsAnswer> {
  if (relFiles.length === 0) return { ok: true, findings: [], total: 0 };
  const opened = await stores.open();
  if (!opened.ok) return { ok: false, cause: opened.cause };
  try {
    const seeds = opened.store.openSeeds(storeScope(workspaceRoot), { files: [...new Set(relFiles)] }).filter((s) => !isTask(s.category, s.summary));
    const now = Date.now();
    return { ok: true, findings: seeds.slice(0, limit).map((s) => toLine(s, now)), total: seeds.length };
  } catch (err) {
    return { ok: false, cause: storeErrorLine(err) };
  }
}

/** How well one query token matches a seed's tokens: exact 3, prefix 2, containment 1. */
function tokenScore(query: string, tokens: string[]): number {
  let best = 0;
  for (const t of tokens) {
    if (t === query) return 3;
    if (t.startsWith(query)) best = Math.max(best, 2);
    else if (t.includes(query)) best = Math.max(best, 1);
  }
  return best;
}

/** Open local findings matching a keyword query on their brief, category and file path. */
export async function searchLocalFindings(
  stores: LocalStoreService,
  workspaceRoot: string,
  query: string,
  fileFilter: string[] | undefined,
  limit: number,
): Promise<LocalFindingsAnswer> {
  const qTokens = [...new Set(tokenize(query))];
  if (qTokens.length === 0) return { ok: true, findings: [], total: 0 };
  const opened = await stores.open();
  if (!opened.ok) return { ok: false, cause: opened.cause };
  try {
    const seeds = opened.store.openSeeds(storeScope(workspaceRoot));
    const scored: { seed: SeedRow; score: number; order: number }[] = [];
    seeds.forEach((seed, order) => {
      if (fileFilter?.length && !fileFilter.some((f) => seed.file.includes(f))) return;
      const tokens = [...tokenize(seed.summary), ...tokenize(seed.category), ...tokenize(seed.file)];
      // Every query word must match, as in the component search (core/index/component-search.ts):
      // one short word matching by prefix (`no` in `non-UTF-8`) is no match for the query.
      let score = 0;
      for (const q of qTokens) {
        const s = tokenScore(q, tokens);
        if (s === 0) return;
        score += s;
      }
      scored.push({ seed, score, order });
    });
    // Best match first; among equals the store's order (most severe, then newest).
    scored.sort((a, b) => b.score - a.score || a.order - b.order);
    // A multi-file finding is one finding (SPEC §mark_complete): one line, its other files after.
    const groups = new Map<string, SeedRow[]>();
    for (const { seed } of scored) groups.set(seed.finding_group, [...(groups.get(seed.finding_group) ?? []), seed]);
    const now = Date.now();
    const findings = [...groups.values()].slice(0, limit).map(([first, ...rest]) => {
      const line = toLine(first, now);
      return rest.length ? { ...line, line: `${line.line}\n    also on: ${escapeControlChars(rest.map((r) => `${r.file} (${r.id})`).join(', '))}` } : line;
    });
    return { ok: true, findings, total: groups.size };
  } catch (err) {
    return { ok: false, cause: storeErrorLine(err) };
  }
}
