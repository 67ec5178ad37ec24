// The reads behind the recall (SPEC §get_problems "Findings recorded by agents", "Verdicts past
// the window"): a shape read in list mode, 300 a page, up to four pages by offset, falling back
// to one page for the life of the process once concept-db answers an offset with the first
// page again; and, when the verdict read is truncated, each matched finding's linked verdicts
// through conceptGraph (incoming derived_from), at most 50 findings, 8 at a time, 200 each.
import type { Cause } from '../process/cause.ts';
import type { ConceptDbClient, ConceptRow } from '../substrate/concept-db.ts';

export const RECALL_PAGE = 300;
export const RECALL_PAGES = 4;
export const LINKED_FINDINGS_MAX = 50;
export const LINKED_CONCURRENCY = 8;
export const LINKED_VERDICTS_MAX = 200;

export interface WindowRead {
  rows: ConceptRow[];
  /** The last page read was full: there may be more than the window holds. */
  truncated: boolean;
  pages: number;
}

/** Whether concept-db honours an offset, as this process has seen it (once it has not, one page from then on). */
export class OffsetSupport {
  honoured = true;
}

// @anchor fetchAgentFindings
/** One shape's rows in list mode (relevance first, then newest), through the paging window. */
export async function readWindow(
  client: ConceptDbClient,
  shape: string,
  offsets: OffsetSupport,
): Promise<{ ok: true; value: WindowRead } | { ok: false; cause: Cause }> {
  const rows: ConceptRow[] = [];
  const seen = new Set<string>();
  let pages = 0;
  let lastFull = false;
  for (let page = 0; page < (offsets.honoured ? RECALL_PAGES : 1); page++) {
    const read = await client.search({ shape, limit: RECALL_PAGE, ...(page > 0 ? { offset: page * RECALL_PAGE } : {}) });
    if (!read.ok) {
      // A later page that fails leaves the window short, not the recall unrun.
      if (page === 0) return read;
      lastFull = true;
      break;
    }
    pages++;
    const fresh = read.value.filter((r) => !seen.has(r.id));
    if (page > 0 && read.value.length > 0 && fresh.length === 0) {
      // The first page again: this concept-db ignores the offset.
      offsets.honoured = false;
      lastFull = true;
      break;
    }
    for (const r of fresh) {
      seen.add(r.id);
      rows.push(r);
    }
    lastFull = read.value.length >= RECALL_PAGE;
    if (!lastFull) break;
  }
  return { ok: true, value: { rows, truncated: lastFull, pages } };
}

// @anchor verdict-rows-for
/**
 * The verdicts (and claims) linked to each finding concept: conceptGraph incoming derived_from,
 * at most 50 findings, 8 at a time, 200 each. A finding whose read fails keeps the window's rows.
 */
export async function linkedVerdictRows(client: ConceptDbClient, findingConceptIds: string[]): Promise<Map<string, ConceptRow[]>> {
  const ids = findingConceptIds.slice(0, LINKED_FINDINGS_MAX);
  const out = new Map<string, ConceptRow[]>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const graph = await client.graph(id, { direction: 'incoming', edgeTypes: ['derived_from'], limit: LINKED_VERDICTS_MAX });
      if (graph.ok && graph.value)
        out.set(
          id,
          graph.value.edges.map((e) => e.neighbor),
        );
    }
  };
  await Promise.all(Array.from({ length: Math.min(LINKED_CONCURRENCY, ids.length) }, worker));
  return out;
}

/**
 * Linked verdict reads kept for a while. They only matter for verdicts older than the verdict
 * window, and a verdict is written once and never edited, so what a read found stays true; a
 * verdict written since is the newest row and arrives through the window itself. A finding this
 * process writes a verdict on is read again.
 */
export class LinkedVerdictCache {
  private readonly rows = new Map<string, { at: number; rows: ConceptRow[] }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): ConceptRow[] | undefined {
    const hit = this.rows.get(id);
    if (!hit) return undefined;
    if (this.now() - hit.at > this.ttlMs) {
      this.rows.delete(id);
      return undefined;
    }
    return hit.rows;
  }

  set(id: string, rows: ConceptRow[]): void {
    this.rows.set(id, { at: this.now(), rows });
  }

  forget(id: string): void {
    this.rows.delete(id);
  }
}
