// predict_cochanges over stdio against the built server, in real temp git repositories
// (SPEC §predict_cochanges): predictions, the caveat, every empty answer and its empty_reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';
import { COCHANGE_CAVEAT } from '../../core/tools/predict-cochanges.ts';

// The ledger's findings block follows the co-change answer; its content is the ledger's. An
// empty answer's closing `Next` line (core/server/answer-shape.ts) comes last.
const FINDINGS_BLOCK = /\n\nLocal store findings for the changed files(:\nstore_unavailable: [^\n]+| ?: none open\.)(\nNext \([a-z_]+\): [^\n]+)?$/;

function split(text: string): string {
  const match = FINDINGS_BLOCK.exec(text);
  assert.ok(match, `answer ends with the local findings block:\n${text}`);
  return text.slice(0, match.index);
}

function repoWithHistory(): string {
  const repo = tempRepo();
  const history = [
    ['src/a.ts', 'src/b.ts', 'src/c.ts'],
    ['src/a.ts', 'src/b.ts'],
    ['src/a.ts', 'src/c.ts'],
    ['src/a.ts', 'src/b.ts', 'package-lock.json'],
    ['src/b.ts', 'src/d.ts'],
    ['src/solo.ts'],
  ];
  history.forEach((files, i) => commitFiles(repo, Object.fromEntries(files.map((f) => [f, `${f} ${i}\n`])), `change ${i}`));
  return repo;
}

test('predict_cochanges over stdio: predictions, below threshold, no history, nothing predictable', async () => {
  const repo = repoWithHistory();
  const { client, close } = await startClient({ cwd: repo });
  try {
    const found = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/a.ts'] } });
    assert.equal(found.isError, undefined);
    assert.equal(
      split(textOf(found)),
      [
        "2 files changed together with src/a.ts (confidence = share of the given files' commits that also touched the file):",
        '  src/b.ts  confidence 0.75  (3 of 4 commits)',
        '  src/c.ts  confidence 0.50  (2 of 4 commits)',
        'History: 4 commits of the last 6 commits touched the given files.',
        COCHANGE_CAVEAT,
      ].join('\n'),
    );
    const meta = metaOf(found);
    assert.equal(meta.empty_reason, undefined);
    assert.equal(meta.next_steps, undefined);
    assert.equal(meta.tokens_saved, null, 'no honest baseline: tokens_saved is null');

    const limited = await client.callTool({
      name: 'predict_cochanges',
      arguments: { changed_files: ['src/b.ts'], limit: 1, confidence_threshold: 0 },
    });
    assert.equal(
      split(textOf(limited)).split('\n').slice(0, 4).join('\n'),
      [
        "1 file changed together with src/b.ts (confidence = share of the given files' commits that also touched the file):",
        '  src/a.ts  confidence 0.75  (3 of 4 commits)',
        // A cut list is said: the two files the limit left out met the threshold.
        '2 more files at confidence 0 or more are not shown (limit 1); raise limit (max 50) to see them.',
        'History: 4 commits of the last 6 commits touched the given files.',
      ].join('\n'),
    );

    const below = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/b.ts'], confidence_threshold: 0.8 } });
    assert.equal(below.isError, undefined);
    assert.equal(
      split(textOf(below)),
      'No co-change predictions at confidence 0.8 or more: 3 more files changed with them below the confidence threshold 0.8. ' +
        'History: 4 commits of the last 6 commits touched the given files.\n' +
        COCHANGE_CAVEAT,
    );
    assert.equal(metaOf(below).empty_reason, 'below_threshold');
    assert.equal(metaOf(below).next_steps, undefined, 'the server would not lower the threshold itself');

    const fresh = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/new.ts'] } });
    assert.equal(split(textOf(fresh)), 'No co-change predictions: none of the given files changed in the last 6 commits of git history.\n' + COCHANGE_CAVEAT);
    assert.equal(metaOf(fresh).empty_reason, 'no_git_history');

    const solo = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: [`${repo}/src/solo.ts`] } });
    assert.equal(
      split(textOf(solo)),
      'No co-change predictions: the given files never changed together with another predictable file in the window. ' +
        'History: 1 commit of the last 6 commits touched the given files.\n' +
        COCHANGE_CAVEAT,
    );
    assert.equal(metaOf(solo).empty_reason, 'no_cochanges');
  } finally {
    await close();
  }
});

test('predict_cochanges outside a git repository says so, with no init_workspace', async () => {
  const dir = tempDir();
  const { client, close } = await startClient({ cwd: dir });
  try {
    const result = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['a.ts'] } });
    assert.equal(result.isError, undefined);
    assert.equal(split(textOf(result)), `not_a_git_repository: ${dir} is not inside a git checkout; co-change needs git history, so nothing is predicted.`);
    assert.equal(metaOf(result).empty_reason, 'not_a_git_repository');
  } finally {
    await close();
  }
});

test("predict_cochanges for a workspace named by the client's roots below the repository root", async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'app/x.ts': '1', 'app/y.ts': '1', 'lib/z.ts': '1' });
  commitFiles(repo, { 'app/x.ts': '2', 'app/y.ts': '2', 'lib/z.ts': '2' });
  const { client, close } = await startClient({ cwd: tempDir(), roots: [`${repo}/app`] });
  try {
    const result = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['x.ts'] } });
    assert.equal(split(textOf(result)).split('\n')[1], '  y.ts  confidence 1.00  (2 of 2 commits)');
    assert.equal(split(textOf(result)).split('\n')[2], 'History: 2 commits of the last 2 commits touched the given files.');
  } finally {
    await close();
  }
});

test('a path written with backslashes names the same file in predict_cochanges and in init_workspace recently_changed_files', async () => {
  const repo = repoWithHistory();
  const { client, close } = await startClient({ cwd: repo });
  try {
    const slash = textOf(await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/a.ts'] } }));
    const back = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src\\a.ts'] } });
    assert.equal(metaOf(back).empty_reason, undefined, textOf(back));
    assert.equal(split(textOf(back)), split(slash).replace('src/a.ts (confidence', 'src\\a.ts (confidence'));
    const init = textOf(await client.callTool({ name: 'init_workspace', arguments: { recently_changed_files: ['src\\a.ts'] } }));
    assert.match(
      init,
      /^Co-change: the 1 recently changed file\(s\) have 2 co-change neighbour\(s\) at confidence >= 0\.3 in git history \(4 of their commits/m,
      init,
    );
  } finally {
    await close();
  }
});
