// claim_finding's reads and writes on the shared ledger (SPEC §claim_finding steps 1-3): a
// finding's claims read from its verdicts, a claim write retried once when concept-db gives up
// on it, and the read-back that counts only once it shows the claim just written.
import { claimRowOf, type ClaimRow } from './claims.ts';
import { findingVerdicts } from './recall-verdicts.ts';
import type { SharedLedger, SharedResult, VerdictConcept } from './shared-ledger.ts';

/** A finding as claim_finding resolved it: the agf_* ids its verdicts are keyed on, and its concept. */
export interface ClaimedFinding {
  findingIds: string[];
  conceptId?: string;
}

export interface FindingClaims {
  rows: ClaimRow[];
  /** The verdict that closes the finding, when one does. */
  closing?: VerdictConcept;
  /** The verdict window was full, so the finding's linked verdicts were read too. */
  truncated: boolean;
}

/** The claim rows among a finding's verdicts. */
export function claimRowsOf(verdicts: VerdictConcept[]): ClaimRow[] {
  return findingVerdicts(verdicts).claims.flatMap((v) => claimRowOf(v.row) ?? []);
}

export async function readClaims(ledger: SharedLedger, finding: ClaimedFinding): Promise<SharedResult<FindingClaims>> {
  const read = await ledger.verdictsFor(finding);
  if (!read.ok) return read;
  const { closing } = findingVerdicts(read.value.verdicts);
  return { ok: true, value: { rows: claimRowsOf(read.value.verdicts), closing, truncated: read.value.truncated } };
}

/** The write failures concept-db gives up on under concurrent writes (SPEC §claim_finding step 3). */
const RETRIED_WRITE_CAUSES = new Set(['no_producer', 'producer_timeout']);

export interface ClaimWrite {
  finding: ClaimedFinding;
  lines: string[];
  summary: string;
  /** Linked derived_from to the finding now (a release); a claim is linked once it is settled as held. */
  link: boolean;
}

/**
 * A claim or withdrawal written once, and once more after a short random pause when concept-db
 * gave up on it: repeating a claim is safe, since a second claim of one's own renews it.
 */
export async function writeClaimVerdict(
  ledger: SharedLedger,
  write: ClaimWrite,
  pause: (ms: number) => Promise<void> = sleep,
): Promise<SharedResult<{ conceptId: string; linked: boolean; attempts: number }>> {
  const verdict = {
    findingIds: write.finding.findingIds,
    conceptId: write.finding.conceptId,
    lines: write.lines,
    summary: write.summary,
    link: write.link,
  };
  let written = await ledger.writeVerdict(verdict);
  if (written.ok) return { ok: true, value: { ...written.value, attempts: 1 } };
  if (!RETRIED_WRITE_CAUSES.has(written.cause.code)) return written;
  await pause(100 + Math.floor(Math.random() * 400));
  written = await ledger.writeVerdict(verdict);
  return written.ok ? { ok: true, value: { ...written.value, attempts: 2 } } : written;
}

/**
 * Reads the finding's claims until they show `conceptId` (the claim just written): at once, then
 * after each pause. Answers the last read and whether it showed the claim.
 */
export async function readBack(
  ledger: SharedLedger,
  finding: ClaimedFinding,
  conceptId: string,
  pauses: readonly number[],
  pause: (ms: number) => Promise<void> = sleep,
): Promise<SharedResult<FindingClaims & { shown: boolean; reads: number }>> {
  let reads = 0;
  for (let i = 0; ; i++) {
    const read = await readClaims(ledger, finding);
    reads++;
    if (!read.ok) return read;
    const shown = read.value.rows.some((r) => r.conceptId === conceptId);
    if (shown || i >= pauses.length) return { ok: true, value: { ...read.value, shown, reads } };
    await pause(pauses[i]!);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
