// `npm run bench`: the claim race (SPEC §claim_finding "Who holds it"). Two server processes with
// different identities on two clones of one bare remote claim one finding at the same moment,
// ROUNDS times (50 unless CLAIM_RACE_ROUNDS says); each round must end with exactly one holder,
// never two, never none, and the holder releases before the next. Run twice: as fast as the
// processes go, and with concept-db writes held so both sides write a claim every round.
import { startEmulator } from '../../tests/substrate/emulator.ts';
import { SAME_MOMENT_WRITE_MS, call, holdWrites, raceRound, twoClones } from '../../tests/e2e/claim-race-fixture.ts';
import { percentile } from './support/percentile.ts';

const ROUNDS = Number(process.env.CLAIM_RACE_ROUNDS ?? 50);

async function race(label: string, hold: boolean): Promise<number> {
  const emulator = await startEmulator();
  const two = await twoClones(emulator, { 'src/pay.ts': 'export const pay = (n: number) => n * 100;\n' });
  let failures = 0;
  try {
    const recorded = await call(two.a.server, 'record_finding', {
      files: ['src/pay.ts'],
      summary: 'rounds cents twice',
      severity: 'HIGH',
      category: 'correctness',
    });
    const agf = /Recorded finding: (agf_[0-9a-f]+)/.exec(recorded.text)?.[1];
    const concept = /Shared with other agents: (concept_[A-Za-z0-9_-]+)/.exec(recorded.text)?.[1];
    if (!agf || !concept) throw new Error(`the finding was not recorded and shared:\n${recorded.text}`);
    if (hold) holdWrites(emulator);
    const tally = { 'vessel-a': 0, 'vessel-b': 0, two: 0, none: 0 } as Record<string, number>;
    const outcomes = new Map<string, number>();
    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await raceRound(two, { a: agf, b: concept });
      times.push(r.ms);
      const key = [...r.outcomes].sort().join('+');
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (r.holders.length === 1) tally[r.holders[0]!]!++;
      else {
        failures++;
        tally[r.holders.length ? 'two' : 'none']!++;
        console.log(`round ${round}: ${r.holders.length} holders (${r.outcomes.join(' / ')})`);
      }
      for (const holder of r.holders) {
        const released = await call(holder === 'vessel-a' ? two.a.server : two.b.server, 'claim_finding', {
          problem_id: holder === 'vessel-a' ? agf : concept,
          action: 'release',
        });
        if (!released.text.startsWith('Released ')) throw new Error(`round ${round}: the release failed: ${released.text}`);
      }
    }
    console.log(`claim race (${label}): ${ROUNDS} rounds, exactly one holder in ${ROUNDS - failures}, two holders in ${tally.two}, none in ${tally.none}`);
    console.log(`  held by vessel-a ${tally['vessel-a']}, by vessel-b ${tally['vessel-b']}`);
    console.log(`  outcome pairs: ${[...outcomes].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    console.log(
      `  round (both claims, wall): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
  } finally {
    await two.close();
    await emulator.stop();
  }
  return failures;
}

const failures = (await race('as fast as they go', false)) + (await race(`concept-db writes held ${SAME_MOMENT_WRITE_MS} ms`, true));
process.exit(failures ? 1 : 0);
