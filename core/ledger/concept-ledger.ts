// The shared ledger over concept-db (SPEC §record_finding "concept mint", §get_problems recall,
// §mark_complete verdicts): one code_finding concept per finding, one finding_verdict per
// verdict linked derived_from to its finding, the relevance fold through conceptUsage_write,
// and the recall that reads both windows and joins them. Text for agents is the tools'.
import { cause } from '../process/cause.ts';
import type { ConceptDbClient, ConceptRow } from '../substrate/concept-db.ts';
import { plainConceptId } from '../substrate/concept-content.ts';
import { checkoutShape, mapFindingFiles, type CheckoutShape } from '../identity/repo-aliases.ts';
import { commitsInHead } from './commits-in-head.ts';
import {
  FINDING_SHAPE,
  LEDGER_SOURCE_TYPE,
  VERDICT_SHAPE,
  findingContent,
  findingSummary,
  parseFindingConcept,
  parseVerdictConcept,
  verdictContent,
  type FindingConcept,
  type VerdictConcept,
} from './finding-concept.ts';
import { LinkedVerdictCache, OffsetSupport, linkedVerdictRows, readWindow } from './recall-read.ts';
import { closedTag, findingVerdicts, pendingFixTag } from './recall-verdicts.ts';
import { isTask } from './findings-text.ts';
import { severityRank } from './seed-table.ts';
import type { RecallAnswer, RecallQuery, RecalledFindingRow, SharedLedger, SharedResult } from './shared-ledger.ts';

/**
 * The claim tag of an open finding from its claims and withdrawals (SPEC §claim_finding "Recall"):
 * `claimed by <vesselId> until <time>: someone is working on it`, or undefined when none is live.
 * claim_finding's holder rule supplies it; without one no claim tag is shown.
 */
export type ClaimTagger = (claims: VerdictConcept[], self: { vesselId?: string }, now: number) => string | undefined;

/** Closed findings (and closed tasks) whose fix commit is checked against HEAD: those a reply can show. */
const HEAD_CHECKS_MAX = 10;

export interface ConceptLedgerOptions {
  sessionId: string;
  claimTag?: ClaimTagger;
  now?: () => number;
}

/** The finding's files as this checkout names them, or null when it is not this checkout's (SPEC §Repository identity). */
function filesHere(f: FindingConcept, here: CheckoutShape): string[] | null {
  if (f.repo) return mapFindingFiles({ repo: f.repo, files: f.files }, here);
  const ws = f.workspace?.split(/[\\/]/).filter(Boolean).pop();
  return ws && ws.toLowerCase() === here.name.toLowerCase() ? f.files : null;
}

function joinKeyOf(v: VerdictConcept): string[] {
  return [...v.findingIds, ...(v.findingConcept ? [v.findingConcept] : [])];
}

export class ConceptLedger implements SharedLedger {
  private readonly offsets = new OffsetSupport();
  private readonly linkedCache: LinkedVerdictCache;
  private readonly now: () => number;

  constructor(
    private readonly client: ConceptDbClient,
    private readonly options: ConceptLedgerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.linkedCache = new LinkedVerdictCache(undefined, this.now);
  }

  /** Linked verdicts of these findings: from the cache where it has them, the rest read (SPEC @verdict-rows-for caps). */
  private async linkedOf(ids: string[]): Promise<Map<string, ConceptRow[]>> {
    const out = new Map<string, ConceptRow[]>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.linkedCache.get(id);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    for (const [id, rows] of await linkedVerdictRows(this.client, missing)) {
      this.linkedCache.set(id, rows);
      out.set(id, rows);
    }
    return out;
  }

  get counts(): Readonly<Record<string, number>> {
    return this.client.counts;
  }

  // @anchor postConcept
  async mintFinding(finding: Parameters<SharedLedger['mintFinding']>[0]): Promise<SharedResult<{ conceptId: string }>> {
    const made = await this.client.create({
      source_type: LEDGER_SOURCE_TYPE,
      shape: FINDING_SHAPE,
      summary: findingSummary(finding),
      content: findingContent(finding),
    });
    return made.ok ? { ok: true, value: { conceptId: made.value.id } } : made;
  }

  // @anchor link-verdict
  async writeVerdict(verdict: Parameters<SharedLedger['writeVerdict']>[0]): Promise<SharedResult<{ conceptId: string; linked: boolean }>> {
    const made = await this.client.create({
      source_type: LEDGER_SOURCE_TYPE,
      shape: VERDICT_SHAPE,
      summary: verdict.summary,
      content: verdictContent(verdict, new Date(this.now()).toISOString()),
    });
    if (!made.ok) return made;
    let linked = false;
    if (verdict.conceptId) this.linkedCache.forget(plainConceptId(verdict.conceptId));
    if (verdict.conceptId && verdict.link !== false) {
      // Best-effort: a verdict past the window is found by this link; one without it by the read alone.
      const link = await this.client.link({ from_concept_id: made.value.id, to_concept_id: verdict.conceptId, edge_type: 'derived_from' });
      linked = link.ok;
    }
    return { ok: true, value: { conceptId: made.value.id, linked } };
  }

  async linkVerdict(verdictId: string, findingConceptId: string): Promise<SharedResult<void>> {
    this.linkedCache.forget(plainConceptId(findingConceptId));
    const link = await this.client.link({ from_concept_id: verdictId, to_concept_id: findingConceptId, edge_type: 'derived_from' });
    return link.ok ? { ok: true, value: undefined } : link;
  }

  // @anchor recordConceptUsage
  async recordConceptUsage(conceptId: string, outcome: 'success' | 'failure'): Promise<SharedResult<void>> {
    const used = await this.client.usage({ concept_id: conceptId, trace_id: `metabob-mcp:mark_complete:${this.options.sessionId}`, outcome });
    return used.ok ? { ok: true, value: undefined } : used;
  }

  // @anchor fetchConceptById
  async fetchConceptById(conceptId: string): Promise<SharedResult<FindingConcept | undefined>> {
    const row = await this.client.byId(conceptId);
    if (!row.ok) return row;
    if (!row.value) return { ok: true, value: undefined };
    if (row.value.shape !== undefined && row.value.shape !== FINDING_SHAPE) {
      const line = `not_a_finding: ${conceptId} is a ${String(row.value.shape)} concept, not a code_finding; nothing was recorded`;
      return { ok: false, cause: cause('not_a_finding', line, { concept_id: conceptId }) };
    }
    return { ok: true, value: parseFindingConcept(row.value) };
  }

  /** Verdict rows keyed by each agf_* id and finding concept they name. */
  private indexVerdicts(rows: ConceptRow[]): Map<string, VerdictConcept[]> {
    const byKey = new Map<string, VerdictConcept[]>();
    for (const row of rows) {
      const v = parseVerdictConcept(row);
      if (!v) continue;
      for (const key of joinKeyOf(v)) {
        const list = byKey.get(key);
        if (list) list.push(v);
        else byKey.set(key, [v]);
      }
    }
    return byKey;
  }

  private verdictsOf(byKey: Map<string, VerdictConcept[]>, f: { conceptId?: string; findingIds: string[] }, linked: ConceptRow[] = []): VerdictConcept[] {
    const found = new Map<string, VerdictConcept>();
    for (const key of [...(f.conceptId ? [f.conceptId] : []), ...f.findingIds]) for (const v of byKey.get(key) ?? []) found.set(v.conceptId, v);
    for (const row of linked) {
      const v = parseVerdictConcept(row);
      if (v && !found.has(v.conceptId)) found.set(v.conceptId, v);
    }
    return [...found.values()];
  }

  async verdictsFor(finding: { conceptId?: string; findingIds: string[] }): Promise<SharedResult<{ verdicts: VerdictConcept[]; truncated: boolean }>> {
    const window = await readWindow(this.client, VERDICT_SHAPE, this.offsets);
    if (!window.ok) return window;
    let linked: ConceptRow[] = [];
    if (window.value.truncated && finding.conceptId) linked = (await this.linkedOf([finding.conceptId])).get(finding.conceptId) ?? [];
    return { ok: true, value: { verdicts: this.verdictsOf(this.indexVerdicts(window.value.rows), finding, linked), truncated: window.value.truncated } };
  }

  async recall(q: RecallQuery): Promise<SharedResult<RecallAnswer>> {
    // The two windows are independent reads; the checkout's shape is local.
    const [findings, verdictWindow, here] = await Promise.all([
      readWindow(this.client, FINDING_SHAPE, this.offsets),
      readWindow(this.client, VERDICT_SHAPE, this.offsets),
      checkoutShape(q.root),
    ]);
    if (!findings.ok) return findings;
    if (!verdictWindow.ok) return verdictWindow;
    const severities = q.severity?.length ? new Set(q.severity.map((s) => s.toUpperCase())) : undefined;
    const categories = q.category?.length ? new Set(q.category.map((c) => c.trim().toLowerCase())) : undefined;
    const matched: Array<{ f: FindingConcept; files: string[] }> = [];
    for (const row of findings.value.rows) {
      const f = parseFindingConcept(row);
      if (!f) continue;
      const files = filesHere(f, here);
      if (!files) continue;
      if (q.filePath && !files.some((file) => file.includes(q.filePath!))) continue;
      if (severities && !severities.has(f.severity)) continue;
      if (categories && !categories.has(f.category.toLowerCase())) continue;
      matched.push({ f, files });
    }

    const byKey = this.indexVerdicts(verdictWindow.value.rows);
    let linked = new Map<string, ConceptRow[]>();
    if (verdictWindow.value.truncated) {
      // Past the window: the links of findings the window does not already close (SPEC @verdict-rows-for).
      const unclosed = matched.filter(({ f }) => !findingVerdicts(this.verdictsOf(byKey, f)).closing).map(({ f }) => f.conceptId);
      linked = await this.linkedOf(unclosed);
    }

    const now = this.now();
    const answer: RecallAnswer = {
      open: [],
      closed: [],
      openTasks: [],
      closedTasks: [],
      truncated: findings.value.truncated,
      verdictsTruncated: verdictWindow.value.truncated,
    };
    const closing = new Map<RecalledFindingRow, VerdictConcept>();
    for (const { f, files } of matched) {
      const verdicts = this.verdictsOf(byKey, f, linked.get(f.conceptId));
      const state = findingVerdicts(verdicts);
      const task = isTask(f.category, f.summary);
      const row: RecalledFindingRow = {
        conceptId: f.conceptId,
        summary: f.summary,
        severity: f.severity,
        category: f.category,
        files,
        findingIds: f.findingIds,
        ...(f.recordedBy ? { recordedBy: f.recordedBy } : {}),
        ...(f.createdAt !== undefined ? { createdAt: f.createdAt } : {}),
        task,
        tags: [],
        verdicts,
      };
      if (state.closing) {
        closing.set(row, state.closing);
        (task ? answer.closedTasks : answer.closed).push(row);
        continue;
      }
      const claim = this.options.claimTag?.(state.claims, { vesselId: q.vesselId }, now);
      if (claim) row.tags.push(claim);
      if (state.pending) row.tags.push(pendingFixTag(state.pending, q.vesselId));
      (task ? answer.openTasks : answer.open).push(row);
    }
    // SPEC §get_problems "ranked by severity": most severe first, as the local list is; within one
    // severity the read's own order (relevance, then newest) stands, since the sort is stable.
    answer.open.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
    // HEAD is asked about the fixes a reply can show; the rest are tagged without the note.
    const shown = [...answer.closed.slice(0, HEAD_CHECKS_MAX), ...answer.closedTasks.slice(0, HEAD_CHECKS_MAX)];
    const inHead = await commitsInHead(q.root, shown.map((r) => closing.get(r)!.fixCommit ?? '').filter(Boolean));
    for (const [row, verdict] of closing) {
      const sha = verdict.fixCommit;
      const head = sha && inHead.has(sha) ? inHead.get(sha)! : 'unchecked';
      row.closed = { retracted: verdict.kind === 'discarded', ...(sha ? { fixedIn: sha } : {}), ...closedTag(verdict, head) };
    }
    return { ok: true, value: answer };
  }
}
