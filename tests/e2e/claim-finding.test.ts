// SPEC §claim_finding end to end against the emulator: a finding held by another is reported and
// not claimed, renew and release of a claim not held are refused, a read-only key writes
// nothing, a renewal keeps the holder, a release frees it, and an endorse of a finding another
// vessel holds closes it with mark_complete's claim warning (SPEC §mark_complete "Claims").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitFiles, git } from '../helpers/git.ts';
import { withEmulator, type Emulator } from '../substrate/emulator.ts';
import { call, claimOutcome, twoClones } from './claim-race-fixture.ts';

const FILES = { 'src/cart.ts': 'export const total = (xs: number[]) => xs.reduce((a, b) => a + b);\n' };

async function record(server: Parameters<typeof call>[0]) {
  const recorded = await call(server, 'record_finding', {
    files: ['src/cart.ts'],
    summary: 'total throws on an empty cart',
    severity: 'MEDIUM',
    category: 'correctness',
  });
  const agf = /Recorded finding: (agf_[0-9a-f]+)/.exec(recorded.text)?.[1];
  const concept = /Shared with other agents: (concept_[A-Za-z0-9_-]+)/.exec(recorded.text)?.[1];
  assert.ok(agf && concept, recorded.text);
  return { agf, concept };
}

const verdictWrites = (emulator: Emulator) =>
  emulator.switches.calls.filter((c) => c.shape === 'concept_create_write' && c.pointer?.conceptData?.shape === 'finding_verdict').length;

test('held by another is reported, renew and release not held are refused, renew keeps and release frees the claim', { timeout: 120_000 }, async () => {
  await withEmulator(async (emulator) => {
    const two = await twoClones(emulator, FILES);
    try {
      const { agf, concept } = await record(two.a.server);
      const renewUnheld = await call(two.b.server, 'claim_finding', { problem_id: concept, action: 'renew' });
      assert.equal(renewUnheld.isError, true);
      assert.match(
        renewUnheld.text,
        /^not_held: renew refused: this checkout does not hold a claim on agf_[0-9a-f]+ \(no claim on it is live\); nothing was written$/,
      );

      const claimed = await call(two.a.server, 'claim_finding', { problem_id: agf, minutes: 20 });
      assert.equal(claimOutcome(claimed.text), 'claimed', claimed.text);
      assert.match(claimed.text, new RegExp(`^Claimed ${agf} until [0-9T:-]+Z \\(20 min\\)`));

      const writes = verdictWrites(emulator);
      const held = await call(two.b.server, 'claim_finding', { problem_id: concept });
      assert.equal(claimOutcome(held.text), 'held', held.text);
      assert.match(held.text, new RegExp(`^held: ${agf} is claimed by vessel-a until [0-9T:-]+Z: someone is working on it`));
      const releaseUnheld = await call(two.b.server, 'claim_finding', { problem_id: concept, action: 'release' });
      assert.match(
        releaseUnheld.text,
        /^not_held: release refused: this checkout does not hold a claim on agf_[0-9a-f]+ \(it is claimed by vessel-a until [0-9T:-]+Z\)/,
      );
      const renewOther = await call(two.b.server, 'claim_finding', { problem_id: concept, action: 'renew' });
      assert.equal(claimOutcome(renewOther.text), 'held', renewOther.text);
      assert.equal(verdictWrites(emulator), writes, 'a held finding, and refused renew and release, write nothing');

      const mine = await call(two.a.server, 'get_problems', { file_path: 'src/cart.ts' });
      assert.match(mine.text, /\[claimed by this checkout until [0-9T:-]+Z\]/, mine.text);

      const renewed = await call(two.a.server, 'claim_finding', { problem_id: agf, action: 'renew', minutes: 90 });
      assert.equal(claimOutcome(renewed.text), 'renewed', renewed.text);
      const released = await call(two.a.server, 'claim_finding', { problem_id: agf, action: 'release' });
      assert.equal(claimOutcome(released.text), 'released', released.text);
      const free = await call(two.b.server, 'claim_finding', { problem_id: concept });
      assert.equal(claimOutcome(free.text), 'claimed', `released, so the other may claim it:\n${free.text}`);
    } finally {
      await two.close();
    }
  });
});

test('a read-only key reads the claims but writes nothing and says key_read_only', { timeout: 120_000 }, async () => {
  await withEmulator(async (emulator) => {
    const two = await twoClones(emulator, FILES, { a: emulator.key, b: emulator.readOnlyKey });
    try {
      const { concept } = await record(two.a.server);
      const writes = verdictWrites(emulator);
      const refused = await call(two.b.server, 'claim_finding', { problem_id: concept });
      assert.equal(refused.isError, true, refused.text);
      assert.match(
        refused.text,
        /^key_read_only: this key has scopes \[read\]; the concept_create_write write was not sent; the claim on agf_[0-9a-f]+ was not written$/,
      );
      assert.equal(verdictWrites(emulator), writes, 'nothing reached concept-db');
    } finally {
      await two.close();
    }
  });
});

test('an endorse of a finding another vessel holds closes it, with the claim warning, and ends the claim', { timeout: 120_000 }, async () => {
  await withEmulator(async (emulator) => {
    const two = await twoClones(emulator, FILES);
    try {
      const { agf, concept } = await record(two.a.server);
      const claimed = await call(two.b.server, 'claim_finding', { problem_id: concept });
      assert.equal(claimOutcome(claimed.text), 'claimed', claimed.text);
      const sha = commitFiles(two.a.dir, { 'src/cart.ts': 'export const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);\n' }, 'empty cart totals 0');
      git(two.a.dir, 'push', '-q', 'origin', 'main');
      const endorsed = await call(two.a.server, 'mark_complete', { problem_id: agf, fix_commit: sha });
      assert.equal(endorsed.isError, false, endorsed.text);
      assert.match(endorsed.text, /^claim: claimed by vessel-b until [0-9T:-]+Z; this endorse closes it anyway, which ends their claim$/m);
      const seen = await call(two.b.server, 'get_problems', { file_path: 'src/cart.ts' });
      assert.doesNotMatch(seen.text, /claimed by/, seen.text);
      const renew = await call(two.b.server, 'claim_finding', { problem_id: concept, action: 'renew' });
      assert.equal(claimOutcome(renew.text), 'already_closed', renew.text);
    } finally {
      await two.close();
    }
  });
});

test('a claim write concept-db gives up on is retried once; twice is an error that writes nothing', { timeout: 120_000 }, async () => {
  await withEmulator(async (emulator) => {
    const two = await twoClones(emulator, FILES);
    try {
      const { agf, concept } = await record(two.a.server);
      emulator.setSwitch('noProducerTimes', { concept_create_write: 1 });
      const retried = await call(two.a.server, 'claim_finding', { problem_id: agf });
      assert.equal(claimOutcome(retried.text), 'claimed', retried.text);
      assert.equal(emulator.switches.noProducerTimes.concept_create_write, 0, 'the first write was refused, the retry went through');

      emulator.setSwitch('noProducerTimes', { concept_create_write: 2 });
      const writes = verdictWrites(emulator);
      const failed = await call(two.b.server, 'claim_finding', { problem_id: concept, action: 'release' });
      assert.match(failed.text, /^not_held: release refused/, 'releasing what vessel-a holds is refused before any write');
      const released = await call(two.a.server, 'claim_finding', { problem_id: agf, action: 'release' });
      assert.equal(released.isError, true, released.text);
      assert.match(released.text, /^no_producer\(concept_create_write\): .*; the release of agf_[0-9a-f]+ was not written$/);
      assert.equal(verdictWrites(emulator), writes, 'neither attempt reached concept-db');
    } finally {
      await two.close();
    }
  });
});

test('the read-back waits for a read that shows the claim, and a claim never shown is written but not settled', { timeout: 120_000 }, async () => {
  await withEmulator(async (emulator) => {
    const two = await twoClones(emulator, FILES);
    try {
      const { agf, concept } = await record(two.a.server);
      // Missed by the first read and the one after 150 ms, shown by the one after a further 500 ms.
      emulator.setSwitch('conceptReadLagMs', 400);
      const started = Date.now();
      const late = await call(two.a.server, 'claim_finding', { problem_id: agf });
      assert.equal(claimOutcome(late.text), 'claimed', late.text);
      assert.ok(Date.now() - started >= 400, 'the claim settled only once a read showed it');
      // By now the claim is older than the lag, so the release's own read shows it.
      const released = await call(two.a.server, 'claim_finding', { problem_id: agf, action: 'release' });
      assert.equal(claimOutcome(released.text), 'released', released.text);

      // Never shown within 150 + 500 + 1500 ms: nothing is reported as held.
      emulator.setSwitch('conceptReadLagMs', 5_000);
      const never = await call(two.b.server, 'claim_finding', { problem_id: concept });
      assert.equal(claimOutcome(never.text), 'unsettled', never.text);
      assert.match(
        never.text,
        /^unsettled: the claim on agf_[0-9a-f]+ is written \(concept_[A-Za-z0-9_-]+\) but not settled: 4 reads did not show it\. Run claim_finding again before starting; nothing is reported as held\.$/,
      );
      emulator.setSwitch('conceptReadLagMs', 0);
      const again = await call(two.b.server, 'claim_finding', { problem_id: concept });
      assert.equal(claimOutcome(again.text), 'renewed', `run again, the written claim is this checkout's and the new one renews it:\n${again.text}`);
    } finally {
      await two.close();
    }
  });
});
