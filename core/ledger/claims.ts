// Claims on a finding (SPEC §claim_finding): what a claim concept says, the one clock its end
// is read by, the one rule every reader applies to the same rows to name the holder, and the
// text recall tags a live claim with. Pure: the rows come from the shared ledger's verdict
// read, "now" from the reader's clock.
import { headerBlock, headerValue, headerValues, plainConceptId } from '../substrate/concept-content.ts';

// @anchor CLAIM_SKEW_MS
/** A claim counts as live until two minutes past its end, so a reader whose clock runs fast never frees a claim early. */
export const CLAIM_SKEW_MS = 2 * 60_000;

/** How long a claim may last from now, in minutes (SPEC §claim_finding `minutes`). */
export const CLAIM_MINUTES_DEFAULT = 60;
export const CLAIM_MINUTES_MAX = 240;

export const CLAIMED_SUMMARY = '[verdict:claimed]';
export const WITHDRAWN_SUMMARY = '[verdict:withdrawn]';

// @anchor claimLines
/**
 * A claim's verdict lines: `verdict: claimed` with its length, its end on the claimer's clock
 * (for people reading the row only) and the claimer. Keyed on the finding by the verdict write,
 * like every verdict; a reader knowing only endorsed and discarded reads it as no verdict.
 */
export function claimLines(claim: { minutes: number; now: number; vesselId: string; sessionId: string }): { lines: string[]; summary: string } {
  const until = new Date(claim.now + claim.minutes * 60_000).toISOString();
  return {
    lines: ['verdict: claimed', `claim_minutes: ${claim.minutes}`, `claim_until: ${until}`, `reviewed_by: ${claim.vesselId}`, `session: ${claim.sessionId}`],
    summary: CLAIMED_SUMMARY,
  };
}

/** A withdrawal's verdict lines: a release, or a claim that lost to another claimer. */
export function withdrawalLines(claim: { vesselId: string; sessionId: string }): { lines: string[]; summary: string } {
  return { lines: ['verdict: claim withdrawn', `reviewed_by: ${claim.vesselId}`, `session: ${claim.sessionId}`], summary: WITHDRAWN_SUMMARY };
}

/** One claim or withdrawal as read from a finding_verdict concept. */
export interface ClaimRow {
  conceptId: string;
  claimer: string;
  kind: 'claimed' | 'withdrawn';
  /** concept-db's created_at, in ms: the one clock every reader agrees on. */
  createdAt: number;
  /** When a claim ends (withdrawals have none). */
  end?: number;
  /** The agf_* ids the verdict is keyed on (its header's finding_id / finding_ids lines). */
  findingIds: string[];
}

/** concept-db's created_at as ms: an ISO string, or a number in ms or seconds. */
export function createdAtMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? value * 1000 : value;
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

const FINDING_ID = /^agf_[A-Za-z0-9_-]{1,64}$/;

/** The agf_* ids a verdict's header names, on finding_id: or comma-separated finding_ids: lines. */
export function verdictFindingIds(block: ReturnType<typeof headerBlock>): string[] {
  const ids = [...headerValues(block, 'finding_id'), ...headerValues(block, 'finding_ids')].flatMap((v) => v.split(','));
  return [...new Set(ids.map((id) => id.trim()).filter((id) => FINDING_ID.test(id)))];
}

/**
 * A finding_verdict concept read as a claim or a withdrawal; undefined for any other verdict, a
 * row with no claimer (a claim must name its holder), no created_at, or a claim with no end.
 * The verdict and claimer come from the header block only (SPEC §concept_create).
 */
export function claimRowOf(concept: Record<string, unknown>): ClaimRow | undefined {
  const block = headerBlock(concept.content);
  const verdict = headerValue(block, 'verdict')?.toLowerCase();
  const kind = verdict === 'claimed' ? 'claimed' : verdict === 'claim withdrawn' ? 'withdrawn' : undefined;
  const claimer = headerValue(block, 'reviewed_by');
  const conceptId = plainConceptId(concept.id);
  const createdAt = createdAtMs(concept.created_at);
  if (!kind || !claimer || !conceptId || createdAt === undefined) return undefined;
  const row: ClaimRow = { conceptId, claimer, kind, createdAt, findingIds: verdictFindingIds(block) };
  if (kind === 'withdrawn') return row;
  // One clock: the end is concept-db's created_at plus claim_minutes; the claimer's own
  // claim_until only for a row that has no claim_minutes.
  const minutes = Number(headerValue(block, 'claim_minutes'));
  if (Number.isFinite(minutes) && minutes > 0) return { ...row, end: createdAt + Math.min(minutes, CLAIM_MINUTES_MAX) * 60_000 };
  const until = createdAtMs(headerValue(block, 'claim_until'));
  return until === undefined ? undefined : { ...row, end: until };
}

/** A claimer's current claim: when it began (and by which row), its end, and its latest row. */
export interface Holding {
  claimer: string;
  begin: number;
  beginConceptId: string;
  end: number;
  lastConceptId: string;
}

/** Whether a claim ending at `end` is live at `at` on a reader's clock. */
export function isLive(end: number, at: number): boolean {
  return at <= end + CLAIM_SKEW_MS;
}

/** Rows in concept-db's order: created_at, then concept id, so every reader walks them alike. */
function inOrder(rows: ClaimRow[]): ClaimRow[] {
  return [...rows].sort((a, b) => a.createdAt - b.createdAt || (a.conceptId < b.conceptId ? -1 : a.conceptId > b.conceptId ? 1 : 0));
}

/**
 * Each claimer's current claim, live or not. It begins with the first claim the claimer wrote
 * while none of its earlier claims was live; a later claim while one is live renews it (its end
 * becomes the renewal's); a withdrawal ends it.
 */
export function currentClaims(rows: ClaimRow[]): Map<string, Holding> {
  const current = new Map<string, Holding>();
  for (const row of inOrder(rows)) {
    if (row.kind === 'withdrawn') {
      current.delete(row.claimer);
      continue;
    }
    const held = current.get(row.claimer);
    if (held && isLive(held.end, row.createdAt)) current.set(row.claimer, { ...held, end: row.end!, lastConceptId: row.conceptId });
    else current.set(row.claimer, { claimer: row.claimer, begin: row.createdAt, beginConceptId: row.conceptId, end: row.end!, lastConceptId: row.conceptId });
  }
  return current;
}

// @anchor claim-holder
/**
 * Who holds the finding now: of the claimers whose claim is live, the one whose claim began
 * earliest; on a tie, the lower concept id. Undefined when no claim is live.
 */
export function claimHolder(rows: ClaimRow[], now: number): Holding | undefined {
  let holder: Holding | undefined;
  for (const held of currentClaims(rows).values()) {
    if (!isLive(held.end, now)) continue;
    if (!holder || held.begin < holder.begin || (held.begin === holder.begin && held.beginConceptId < holder.beginConceptId)) holder = held;
  }
  return holder;
}

/** A time as recall and claim_finding print it: UTC to the second. */
export function claimTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The recall tag of a live claim on an open finding (SPEC §claim_finding "Recall"), without
 * its brackets; a closed finding shows none.
 */
export function claimTag(holder: Holding, selfVesselId: string | undefined): string {
  if (selfVesselId && holder.claimer === selfVesselId) return `claimed by this checkout until ${claimTime(holder.end)}`;
  return `claimed by ${holder.claimer} until ${claimTime(holder.end)}: someone is working on it`;
}

/**
 * The recall's claim tag for an open finding from its claims and withdrawals (the shared
 * ledger's ClaimTagger), or undefined when no claim is live.
 */
export function recallClaimTag(claims: Array<{ row: Record<string, unknown> }>, self: { vesselId?: string }, now: number): string | undefined {
  const holder = claimHolder(
    claims.flatMap((c) => claimRowOf(c.row) ?? []),
    now,
  );
  return holder ? claimTag(holder, self.vesselId) : undefined;
}

/** What a claim write's read-back settles (SPEC §claim_finding step 3). */
export type ClaimSettlement =
  /** The read-back does not show this claim yet: nothing is reported as held. */
  | { kind: 'unsettled' }
  /** This claimer holds it. */
  | { kind: 'held'; holding: Holding }
  /** Another claimer holds it: this claimer writes a withdrawal and says who won. */
  | { kind: 'lost'; holder: Holding };

/** Applies the rule to a read-back that must show the claim `conceptId` this claimer just wrote. */
export function settleClaim(rows: ClaimRow[], now: number, self: string, conceptId: string): ClaimSettlement {
  if (!rows.some((r) => r.conceptId === conceptId)) return { kind: 'unsettled' };
  const holder = claimHolder(rows, now);
  if (!holder) return { kind: 'unsettled' };
  return holder.claimer === self ? { kind: 'held', holding: holder } : { kind: 'lost', holder };
}

export type ClaimAction = 'claim' | 'renew' | 'release';

/** What claim_finding does before it writes anything (SPEC §claim_finding steps 2 and 4). */
export type ClaimStep =
  | { kind: 'closed' }
  /** Someone else holds it: reported with its holder, not claimed. */
  | { kind: 'held_by_other'; holder: Holding }
  /** Renewing or releasing a claim this claimer does not hold. */
  | { kind: 'not_held'; action: 'renew' | 'release'; holder: Holding | undefined }
  | { kind: 'write_claim'; renewing: boolean }
  | { kind: 'write_withdrawal'; holding: Holding };

export function claimStep(action: ClaimAction, closed: boolean, holder: Holding | undefined, self: string): ClaimStep {
  if (closed) return { kind: 'closed' };
  const mine = holder?.claimer === self;
  if (action === 'release') return mine ? { kind: 'write_withdrawal', holding: holder! } : { kind: 'not_held', action, holder };
  if (holder && !mine) return { kind: 'held_by_other', holder };
  if (action === 'renew' && !mine) return { kind: 'not_held', action, holder };
  // A second claim of one's own renews it, so a claim while holding is a renewal.
  return { kind: 'write_claim', renewing: mine };
}
