// What a recalled finding's verdicts make of it (SPEC §get_problems): closed by a retraction or a
// fix (a retraction outranks a fix, a fix with a commit one without, any fix a pending one), or
// open with a pending fix's tag; and the [FIXED in <sha>] tag with its not-in-HEAD note.
import type { VerdictConcept } from './finding-concept.ts';

export interface FindingVerdicts {
  /** The verdict that closes the finding, when one does. */
  closing?: VerdictConcept;
  /** The newest pending fix, for an open finding's tag. */
  pending?: VerdictConcept;
  /** Claims and withdrawals, for the claim holder rule (SPEC §claim_finding). */
  claims: VerdictConcept[];
}

function rank(v: VerdictConcept): number {
  if (v.kind === 'discarded') return 3;
  if (v.kind === 'endorsed') return v.fixCommit ? 2 : 1;
  return 0;
}

const newest = (a: VerdictConcept, b: VerdictConcept) => (b.createdAt ?? 0) - (a.createdAt ?? 0);

export function findingVerdicts(verdicts: VerdictConcept[]): FindingVerdicts {
  const sorted = [...verdicts].sort(newest);
  let closing: VerdictConcept | undefined;
  for (const v of sorted) if (rank(v) > 0 && (!closing || rank(v) > rank(closing))) closing = v;
  return {
    closing,
    pending: sorted.find((v) => v.kind === 'pending'),
    claims: sorted.filter((v) => v.kind === 'claimed' || v.kind === 'withdrawn'),
  };
}

/** The open finding's pending-fix tag, worded for this checkout or another (SPEC §get_problems, §mark_complete). */
export function pendingFixTag(v: VerdictConcept, selfVesselId: string | undefined): string {
  const who = v.reviewedBy ?? 'an unattributed checkout';
  const mine = selfVesselId !== undefined && v.reviewedBy === selfVesselId;
  const branch = v.fixBranch ?? 'an unnamed branch';
  const state = /\(([^)]{1,40})\)/.exec(v.verdict)?.[1] ?? '';
  if (state === 'awaiting merge') return `fix pending: pushed by ${who}, awaiting merge into ${v.fixTarget ?? 'its target'}`;
  if (state === 'unpushed') {
    return mine
      ? `fix pending: committed in this checkout on ${branch} but not pushed; push it, then mark_complete endorse again`
      : `fix pending: committed in another checkout (${who}) on ${branch} but not pushed; not available here`;
  }
  return mine
    ? `fix pending: uncommitted in this checkout on ${branch}; commit it, then mark_complete endorse again`
    : `fix pending: uncommitted in another checkout (${who}) on ${branch}; not in this one`;
}

/** `[FIXED in <sha>]`, `[FIXED]` or `[RETRACTED]`, and the note when the fix is not in this checkout's HEAD. */
export function closedTag(v: VerdictConcept, inHead: boolean | 'unchecked'): { tag: string; note?: string } {
  if (v.kind === 'discarded') return { tag: '[RETRACTED]' };
  if (!v.fixCommit) return { tag: '[FIXED]' };
  const tag = `[FIXED in ${v.fixCommit.slice(0, 12)}]`;
  if (inHead !== false) return { tag };
  const where = `fixed on ${v.fixBranch ?? 'another branch'}${v.fixPushed === 'no' ? ', not pushed when endorsed' : ''}`;
  return { tag, note: `— the fix is not in this checkout's HEAD (${where})` };
}
