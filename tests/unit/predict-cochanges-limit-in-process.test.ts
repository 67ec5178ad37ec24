// SPEC §predict_cochanges through the in-process boundary on a real temp git repository: a
// `limit` that cuts the files above the threshold says how many more there are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf } from '../helpers/in-process.ts';

test('predict_cochanges {limit: 2} with 4 files above the threshold names the 2 more', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'a.ts': '1', 'b.ts': '1', 'c.ts': '1', 'd.ts': '1', 'e.ts': '1' }, 'together');
  commitFiles(repo, { 'a.ts': '2', 'b.ts': '2', 'c.ts': '2', 'd.ts': '2', 'e.ts': '2' }, 'together again');
  const s = await startInProcess({ cwd: repo });
  try {
    const cut = textOf(await s.client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['a.ts'], limit: 2 } }));
    assert.match(cut, /^ {2}b\.ts {2}confidence 1\.00/m);
    assert.match(cut, /^2 more files at confidence 0\.3 or more are not shown \(limit 2\); raise limit \(max 50\) to see them\.$/m, cut);
    const whole = textOf(await s.client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['a.ts'], limit: 4 } }));
    assert.doesNotMatch(whole, /not shown/);
  } finally {
    await s.close();
  }
});
