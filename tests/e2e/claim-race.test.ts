// SPEC §claim_finding "Who holds it", end to end: two server processes with different identities
// on two clones of one repository (a real bare remote) claim one finding at the same moment, round
// after round, and exactly one holds it every round; then the whole fleet case: one records, the
// other recalls it, both claim, the holder fixes, pushes and endorses, the other sees it closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitFiles, git } from '../helpers/git.ts';
import { withEmulator } from '../substrate/emulator.ts';
import { call, claimOutcome, holdWrites, raceRound, twoClones, type TwoClones } from './claim-race-fixture.ts';

/** 50 in the bench (scripts/bench/claim-race.ts); the suite runs fewer unless CLAIM_RACE_ROUNDS says. */
const ROUNDS = Number(process.env.CLAIM_RACE_ROUNDS ?? 10);

async function recordShared(two: TwoClones, summary: string): Promise<{ agf: string; concept: string }> {
  const recorded = await call(two.a.server, 'record_finding', { files: ['src/pay.ts'], summary, severity: 'HIGH', category: 'correctness' });
  assert.equal(recorded.isError, false, recorded.text);
  const agf = /Recorded finding: (agf_[0-9a-f]+)/.exec(recorded.text)?.[1];
  const concept = /Shared with other agents: (concept_[A-Za-z0-9_-]+)/.exec(recorded.text)?.[1];
  assert.ok(agf && concept, `the finding was recorded and shared:\n${recorded.text}`);
  return { agf, concept };
}

test(`two processes claiming one finding at the same moment: exactly one holder, ${ROUNDS} rounds`, { timeout: 240_000 }, async () => {
  await withEmulator(async (emulator) => {
    const two = await twoClones(emulator, { 'src/pay.ts': 'export const pay = (n: number) => n * 100;\n' });
    try {
      const { agf, concept } = await recordShared(two, 'rounds cents twice');
      holdWrites(emulator);
      const wins = { 'vessel-a': 0, 'vessel-b': 0 } as Record<string, number>;
      let lost = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const r = await raceRound(two, { a: agf, b: concept });
        assert.equal(
          r.holders.length,
          1,
          `round ${round}: exactly one holder, never two, never none (${r.outcomes.join(' / ')}):\n${r.replies.map((x) => x.text).join('\n---\n')}`,
        );
        const [holder] = r.holders;
        wins[holder!]++;
        const other = holder === 'vessel-a' ? two.b : two.a;
        const otherOutcome = r.outcomes[holder === 'vessel-a' ? 1 : 0];
        assert.ok(['lost', 'held'].includes(otherOutcome), `round ${round}: the other side lost or found it held: ${otherOutcome}`);
        if (otherOutcome === 'lost') lost++;
        // Every reader applies the same rule to the same rows: the other side's recall names the holder.
        const seen = await call(other.server, 'get_problems', { file_path: 'src/pay.ts' });
        assert.match(seen.text, new RegExp(`\\[claimed by ${holder} until [0-9T:-]+Z: someone is working on it\\]`), `round ${round}:\n${seen.text}`);
        const holderServer = holder === 'vessel-a' ? two.a.server : two.b.server;
        const released = await call(holderServer, 'claim_finding', { problem_id: holder === 'vessel-a' ? agf : concept, action: 'release' });
        assert.equal(claimOutcome(released.text), 'released', released.text);
      }
      assert.equal(wins['vessel-a']! + wins['vessel-b']!, ROUNDS);
      // With writes held, both sides write a claim in (nearly) every round: the race is real, not settled by the first read.
      assert.ok(lost >= 1, `at least one round was settled by the rule between two written claims (${JSON.stringify(wins)})`);
      const after = await call(two.b.server, 'get_problems', { file_path: 'src/pay.ts' });
      assert.doesNotMatch(after.text, /claimed by/, 'every round ended with a release, so no claim is live');
    } finally {
      await two.close();
    }
  });
});

test(
  'one records, the other recalls it before editing, both claim, the holder fixes, pushes and endorses, the other sees it closed with the fix commit',
  { timeout: 120_000 },
  async () => {
    await withEmulator(async (emulator) => {
      const two = await twoClones(emulator, { 'src/pay.ts': 'export const pay = (n: number) => n * 100;\n' });
      try {
        const { agf, concept } = await recordShared(two, 'pay drops the fractional cents');
        holdWrites(emulator);
        const recalled = await call(two.b.server, 'get_problems', { file_path: 'src/pay.ts' });
        assert.ok(recalled.text.includes(concept), `B recalls A's finding before editing:\n${recalled.text}`);
        assert.match(recalled.text, /pay drops the fractional cents/);

        const round = await raceRound(two, { a: agf, b: concept });
        assert.equal(round.holders.length, 1, round.replies.map((x) => x.text).join('\n---\n'));
        const holder = round.holders[0] === 'vessel-a' ? two.a : two.b;
        const other = holder === two.a ? two.b : two.a;
        const holderId = holder === two.a ? agf : concept;

        const sha = commitFiles(holder.dir, { 'src/pay.ts': 'export const pay = (n: number) => Math.round(n * 100);\n' }, 'pay keeps the cents');
        git(holder.dir, 'push', '-q', 'origin', 'main');
        const endorsed = await call(holder.server, 'mark_complete', { problem_id: holderId, action: 'endorse', fix_commit: sha });
        assert.equal(endorsed.isError, false, endorsed.text);
        assert.match(endorsed.text, new RegExp(`fix: commit ${sha}`));
        assert.doesNotMatch(endorsed.text, /^claim: claimed by/m, 'the holder closing its own claim is not warned');

        git(other.dir, 'pull', '-q', '--ff-only', 'origin', 'main');
        const seen = await call(other.server, 'get_problems', { file_path: 'src/pay.ts' });
        assert.match(seen.text, new RegExp(`\\[FIXED in ${sha.slice(0, 12)}\\][^\\n]*pay drops the fractional cents`), seen.text);
        assert.doesNotMatch(seen.text, /claimed by/, 'a closed finding shows no claim');
        const again = await call(other.server, 'claim_finding', { problem_id: other === two.a ? agf : concept });
        assert.equal(claimOutcome(again.text), 'already_closed', again.text);
      } finally {
        await two.close();
      }
    });
  },
);
