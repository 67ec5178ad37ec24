// SPEC §Repository identity over stdio: the workspace basename stands for "no origin" (git absent,
// not a repository, no such remote), never for "git failed". With git failing in the checkout
// (here a config line git cannot parse; "dubious ownership" takes the same path), the answer says
// what failed, and no finding or verdict is keyed to a guessed identity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { repoWithHistory, startLedgerServer } from './ledger-fixture.ts';

test('git failing in the checkout: get_analysis_context names the failure, and record_finding and mark_complete write nothing', async () => {
  const { repo } = repoWithHistory({ remote: true });
  // Recorded in an earlier session, while git worked: keyed to the origin's identity.
  const earlier = await startLedgerServer(repo);
  const [id] = await earlier.record({ files: ['src/a.ts'], summary: 'a is off by one' });
  await earlier.close();
  appendFileSync(join(repo, '.git', 'config'), '\n[remote "origin"\n\turl = broken\n');
  const s = await startLedgerServer(repo, { METABOB_HOME: earlier.home });
  try {
    const context = await s.call('get_analysis_context', {});
    const line = context.text.split('\n').find((l) => l.startsWith('Repository: '));
    assert.match(
      line ?? '',
      /^Repository: unknown: git failed \(git remote failed: fatal: bad config line.*\); findings are not recorded or closed until git can read this checkout$/,
    );
    assert.doesNotMatch(context.text, /no origin remote/);
    assert.ok(!context.text.includes(`Repository: ${basename(repo)}`), context.text);

    const recorded = await s.call('record_finding', { files: ['src/b.ts'], summary: 'b is never read', severity: 'LOW', category: 'design' });
    assert.equal(recorded.isError, true);
    assert.match(
      recorded.text,
      /^repository_unknown: git could not read the origin of .+ \(git remote failed: fatal: bad config line.*\); record_finding keys the ledger by repository and wrote nothing under a guessed identity\. /,
    );
    assert.equal(recorded.meta.diagnosis_v2[0].code, 'repository_unknown');
    assert.equal(recorded.meta.diagnosis_v2[0].data.workspace, repo);

    const endorsed = await s.call('mark_complete', { problem_id: id, action: 'discard' });
    assert.equal(endorsed.isError, true);
    assert.match(endorsed.text, /^repository_unknown: .*mark_complete keys the ledger by repository and wrote nothing/);

    const problems = await s.call('get_problems', {});
    assert.doesNotMatch(problems.text, /b is never read/, 'nothing was recorded');
    assert.match(problems.text, /a is off by one/, 'the finding recorded before stays open');
  } finally {
    await s.close();
  }
});
