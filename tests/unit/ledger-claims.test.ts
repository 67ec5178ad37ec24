// SPEC §claim_finding: the claim concept's lines, the one clock (concept-db's created_at plus
// claim_minutes, live until CLAIM_SKEW_MS past its end), the holder rule every reader applies,
// the read-back settlement and the recall tag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLAIM_SKEW_MS,
  claimHolder,
  claimLines,
  claimRowOf,
  claimStep,
  claimTag,
  createdAtMs,
  currentClaims,
  recallClaimTag,
  settleClaim,
  withdrawalLines,
  type ClaimRow,
} from '../../core/ledger/claims.ts';

const T0 = Date.parse('2026-12-01T12:00:00.000Z');
const MIN = 60_000;

function claim(conceptId: string, claimer: string, at: number, minutes = 60): ClaimRow {
  return { conceptId, claimer, kind: 'claimed', createdAt: at, end: at + minutes * MIN, findingIds: ['agf_1'] };
}
function withdrawal(conceptId: string, claimer: string, at: number): ClaimRow {
  return { conceptId, claimer, kind: 'withdrawn', createdAt: at, findingIds: ['agf_1'] };
}

test('a claim is verdict: claimed with its minutes, its until on the claimer clock, the claimer and the session', () => {
  const { lines, summary } = claimLines({ minutes: 30, now: T0, vesselId: 'vessel-a', sessionId: 's1' });
  assert.deepEqual(lines, ['verdict: claimed', 'claim_minutes: 30', 'claim_until: 2026-12-01T12:30:00.000Z', 'reviewed_by: vessel-a', 'session: s1']);
  assert.equal(summary, '[verdict:claimed]');
  const w = withdrawalLines({ vesselId: 'vessel-a', sessionId: 's1' });
  assert.deepEqual(w.lines, ['verdict: claim withdrawn', 'reviewed_by: vessel-a', 'session: s1']);
  assert.equal(w.summary, '[verdict:withdrawn]');
});

test('a claim concept is read from its header block, its end from created_at plus claim_minutes', () => {
  const content = ['finding_id: agf_abc', ...claimLines({ minutes: 30, now: T0 + 7 * MIN, vesselId: 'vessel-a', sessionId: 's1' }).lines].join('\n');
  const row = claimRowOf({ id: 'concept:⟨concept_x1⟩', content, created_at: new Date(T0).toISOString() });
  assert.deepEqual(row, { conceptId: 'concept_x1', claimer: 'vessel-a', kind: 'claimed', createdAt: T0, end: T0 + 30 * MIN, findingIds: ['agf_abc'] });
});

test('claim_until (the claimer clock) is used only for a row with no claim_minutes', () => {
  const row = claimRowOf({ id: 'concept_x', content: 'verdict: claimed\nclaim_until: 2026-12-01T12:10:00Z\nreviewed_by: v', created_at: T0 });
  assert.equal(row?.end, T0 + 10 * MIN);
  const none = claimRowOf({ id: 'concept_x', content: 'verdict: claimed\nreviewed_by: v', created_at: T0 });
  assert.equal(none, undefined, 'a claim with no end is no claim');
});

test('other verdicts, a claim with no claimer, no created_at, or fields after the blank line are not claims', () => {
  assert.equal(claimRowOf({ id: 'concept_x', content: 'verdict: endorsed\nreviewed_by: v', created_at: T0 }), undefined);
  assert.equal(claimRowOf({ id: 'concept_x', content: 'verdict: claimed\nclaim_minutes: 5', created_at: T0 }), undefined);
  assert.equal(claimRowOf({ id: 'concept_x', content: 'verdict: claimed\nclaim_minutes: 5\nreviewed_by: v' }), undefined);
  assert.equal(claimRowOf({ id: 'concept_x', content: 'note: x\n\nverdict: claimed\nclaim_minutes: 5\nreviewed_by: v', created_at: T0 }), undefined);
  const w = claimRowOf({ id: 'concept_w', content: 'verdict: claim withdrawn\nreviewed_by: v\nfinding_ids: agf_1, agf_2, not-an-id', created_at: T0 });
  assert.deepEqual(w, { conceptId: 'concept_w', claimer: 'v', kind: 'withdrawn', createdAt: T0, findingIds: ['agf_1', 'agf_2'] });
});

test('created_at reads as ISO, ms or seconds; anything else is no time', () => {
  assert.equal(createdAtMs('2026-12-01T12:00:00.000Z'), T0);
  assert.equal(createdAtMs(T0), T0);
  assert.equal(createdAtMs(T0 / 1000), T0);
  assert.equal(createdAtMs('yesterday'), undefined);
  assert.equal(createdAtMs({}), undefined);
});

test('a claim is live until two minutes past its end on the reader clock', () => {
  assert.equal(CLAIM_SKEW_MS, 2 * MIN);
  const rows = [claim('concept_a', 'a', T0, 10)];
  assert.equal(claimHolder(rows, T0 + 10 * MIN + CLAIM_SKEW_MS)?.claimer, 'a');
  assert.equal(claimHolder(rows, T0 + 10 * MIN + CLAIM_SKEW_MS + 1), undefined);
});

test('of live claimers, the one whose claim began earliest holds it; on a tie the lower concept id', () => {
  assert.equal(claimHolder([claim('concept_b', 'b', T0 + 1), claim('concept_a', 'a', T0)], T0 + 5)?.claimer, 'a');
  assert.equal(claimHolder([claim('concept_z', 'z', T0), claim('concept_m', 'm', T0)], T0 + 5)?.claimer, 'm');
  // The rule does not depend on the order the read answered in.
  const rows = [claim('concept_3', 'c', T0 + 2), claim('concept_1', 'a', T0 + 1), claim('concept_2', 'b', T0 + 1)];
  for (const order of [rows, [...rows].reverse(), [rows[1], rows[2], rows[0]]]) assert.equal(claimHolder(order, T0 + 10)?.claimer, 'a');
});

test('a later claim while one is live renews it: the begin stays, the end moves', () => {
  const rows = [claim('concept_a1', 'a', T0, 10), claim('concept_b1', 'b', T0 + 5 * MIN, 60), claim('concept_a2', 'a', T0 + 9 * MIN, 60)];
  const holder = claimHolder(rows, T0 + 30 * MIN);
  assert.equal(holder?.claimer, 'a', 'a renewed before its claim ended, so its claim still began first');
  assert.equal(holder?.begin, T0);
  assert.equal(holder?.end, T0 + 69 * MIN);
  assert.equal(holder?.lastConceptId, 'concept_a2');
});

test('a claim written after one lapsed begins anew, and then a live earlier claimer holds it', () => {
  const rows = [claim('concept_a1', 'a', T0, 10), claim('concept_b1', 'b', T0 + 20 * MIN, 60), claim('concept_a2', 'a', T0 + 30 * MIN, 60)];
  const current = currentClaims(rows).get('a');
  assert.equal(current?.begin, T0 + 30 * MIN);
  assert.equal(claimHolder(rows, T0 + 31 * MIN)?.claimer, 'b');
});

test('a withdrawal ends the claim; a claim after it begins anew', () => {
  const rows = [claim('concept_a1', 'a', T0), claim('concept_b1', 'b', T0 + MIN), withdrawal('concept_a2', 'a', T0 + 2 * MIN)];
  assert.equal(claimHolder(rows, T0 + 3 * MIN)?.claimer, 'b');
  assert.equal(claimHolder([...rows, claim('concept_a3', 'a', T0 + 4 * MIN)], T0 + 5 * MIN)?.claimer, 'b');
  assert.equal(claimHolder([claim('concept_a1', 'a', T0), withdrawal('concept_a2', 'a', T0 + MIN)], T0 + 2 * MIN), undefined);
});

test('every reader of the same rows names the same single holder, whoever wrote first', () => {
  // Two claimers, every interleaving of claim times within a few ms, both readers agree.
  for (let da = 0; da < 4; da++) {
    for (let db = 0; db < 4; db++) {
      const rows = [claim(`concept_a${da}`, 'a', T0 + da), claim(`concept_b${db}`, 'b', T0 + db)];
      const byA = settleClaim(rows, T0 + 10, 'a', `concept_a${da}`);
      const byB = settleClaim(rows, T0 + 10, 'b', `concept_b${db}`);
      const held = [byA, byB].filter((s) => s.kind === 'held');
      assert.equal(held.length, 1, `exactly one holder for a@${da} b@${db}`);
      assert.equal([byA, byB].filter((s) => s.kind === 'lost').length, 1);
    }
  }
});

test('a read-back that does not show this claim settles nothing', () => {
  const rows = [claim('concept_b', 'b', T0)];
  assert.deepEqual(settleClaim(rows, T0 + 1, 'a', 'concept_a'), { kind: 'unsettled' });
  const lost = settleClaim([...rows, claim('concept_a', 'a', T0 + 1)], T0 + 2, 'a', 'concept_a');
  assert.equal(lost.kind, 'lost');
  assert.equal(lost.kind === 'lost' && lost.holder.claimer, 'b');
});

test('recall tags a live claim by its holder, or as this checkout own', () => {
  const holder = claimHolder([claim('concept_a', 'metabob-mcp-aaaaaaaaaaaa', T0, 30)], T0)!;
  assert.equal(claimTag(holder, 'metabob-mcp-bbbbbbbbbbbb'), 'claimed by metabob-mcp-aaaaaaaaaaaa until 2026-12-01T12:30:00Z: someone is working on it');
  assert.equal(claimTag(holder, 'metabob-mcp-aaaaaaaaaaaa'), 'claimed by this checkout until 2026-12-01T12:30:00Z');
  assert.equal(claimTag(holder, undefined), 'claimed by metabob-mcp-aaaaaaaaaaaa until 2026-12-01T12:30:00Z: someone is working on it');
});

test('before writing: a closed finding is refused, another holder is reported, renew and release need the claim', () => {
  const byB = claimHolder([claim('concept_b', 'b', T0)], T0 + 1);
  const byA = claimHolder([claim('concept_a', 'a', T0)], T0 + 1);
  assert.deepEqual(claimStep('claim', true, undefined, 'a'), { kind: 'closed' });
  assert.deepEqual(claimStep('release', true, byA, 'a'), { kind: 'closed' });
  assert.deepEqual(claimStep('claim', false, byB, 'a'), { kind: 'held_by_other', holder: byB });
  assert.deepEqual(claimStep('renew', false, byB, 'a'), { kind: 'held_by_other', holder: byB });
  assert.deepEqual(claimStep('renew', false, undefined, 'a'), { kind: 'not_held', action: 'renew', holder: undefined });
  assert.deepEqual(claimStep('release', false, byB, 'a'), { kind: 'not_held', action: 'release', holder: byB });
  assert.deepEqual(claimStep('release', false, undefined, 'a'), { kind: 'not_held', action: 'release', holder: undefined });
  assert.deepEqual(claimStep('claim', false, undefined, 'a'), { kind: 'write_claim', renewing: false });
  assert.deepEqual(claimStep('claim', false, byA, 'a'), { kind: 'write_claim', renewing: true });
  assert.deepEqual(claimStep('renew', false, byA, 'a'), { kind: 'write_claim', renewing: true });
  assert.deepEqual(claimStep('release', false, byA, 'a'), { kind: 'write_withdrawal', holding: byA });
});

test('the recall tag reads claims from their concepts, and none when no claim is live', () => {
  const content = (lines: string[]) => ({ row: { id: `concept:c${lines.length}`, content: lines.join('\n'), created_at: new Date(T0).toISOString() } });
  const claimed = content(claimLines({ minutes: 15, now: T0, vesselId: 'vessel-b', sessionId: 's' }).lines);
  assert.equal(recallClaimTag([claimed], { vesselId: 'vessel-a' }, T0 + MIN), 'claimed by vessel-b until 2026-12-01T12:15:00Z: someone is working on it');
  assert.equal(recallClaimTag([claimed], { vesselId: 'vessel-b' }, T0 + MIN), 'claimed by this checkout until 2026-12-01T12:15:00Z');
  assert.equal(recallClaimTag([claimed], {}, T0 + 30 * MIN), undefined);
  assert.equal(recallClaimTag([], {}, T0), undefined);
});
