// SPEC §claim_finding "Refusals": a claim must name its holder, so with no vessel identity nothing
// is written. A spawned server always has one while attached (the key that attaches it derives
// it), so this runs the boundary in-process over the emulator with the author's identity read
// from an environment holding neither VESSEL_ID nor METABOB_API_KEY.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { withEmulator } from '../substrate/emulator.ts';
import { lazyAttachment } from '../../core/services/lazy-attachment.ts';
import { AuthorIdentityService } from '../../core/identity/vessel-identity.ts';

test('with no vessel identity claim_finding writes nothing and says a claim must name its holder', async () => {
  await withEmulator(async (emulator) => {
    const repo = tempRepo();
    commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' });
    const run = await startInProcess({
      env: { METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl },
      cwd: repo,
      attachment: lazyAttachment,
    });
    try {
      (run.services as { author: AuthorIdentityService }).author = new AuthorIdentityService({});
      const recorded = textOf(
        await run.client.callTool({
          name: 'record_finding',
          arguments: { files: ['src/a.ts'], summary: 'a is never read', severity: 'LOW', category: 'design' },
        }),
      );
      const agf = /Recorded finding: (agf_[0-9a-f]+)/.exec(recorded)?.[1];
      assert.ok(agf && /Shared with other agents: concept_/.test(recorded), recorded);
      const writes = () => emulator.switches.calls.filter((c) => c.shape.endsWith('_write')).length;
      const before = writes();
      for (const action of ['claim', 'renew', 'release']) {
        const result = await run.client.callTool({ name: 'claim_finding', arguments: { problem_id: agf, action } });
        assert.equal(result.isError, true);
        assert.equal(
          textOf(result),
          'no_vessel_identity: a claim must name its holder, and no vessel identity resolves (set VESSEL_ID or METABOB_API_KEY); nothing was written',
        );
        assert.equal((result as any)._meta.diagnosis_v2[0].code, 'no_vessel_identity');
      }
      assert.equal(writes(), before, 'no write reached the substrate');
    } finally {
      await run.close();
    }
  });
});
