// SPEC §finding close (trailers by git's own parse; merged / reverted / pending / unpushed
// against the fetched target) and §task pull (validRef, the integration policy), on real git
// repositories: a bare origin and a clone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitsFromText, commitsInRange, fetchTarget, fixStanding, trailerIds } from '../../core/git/fix-trailers.ts';
import { integrationPolicy, targetBranch, validRef } from '../../core/cells/task-policy.ts';
import { commitFiles, git, tempDir, tempRepo } from '../helpers/git.ts';

function originAndClone(): { origin: string; clone: string } {
  const seed = tempRepo();
  commitFiles(seed, { 'a.ts': 'export const a = 1;\n' }, 'init');
  const origin = tempDir('metabob-origin-');
  git(origin, 'init', '-q', '--bare', '-b', 'main');
  git(seed, 'remote', 'add', 'origin', origin);
  git(seed, 'push', '-q', 'origin', 'main');
  const clone = tempDir('metabob-clone-');
  git(clone, 'clone', '-q', origin, '.');
  git(clone, 'config', 'user.name', 'Cell');
  git(clone, 'config', 'user.email', 'cell@example.invalid');
  return { origin, clone };
}

test('only a Fixes-Finding trailer claims a fix; the same words in the body do not, and other values are skipped', async () => {
  const { clone } = originAndClone();
  const trailer = commitFiles(clone, { 'a.ts': 'export const a = 2;\n' }, 'fix a\n\nFixes-Finding: agf_01AAA\nFixes-Finding: agf_01BBB');
  const body = commitFiles(clone, { 'a.ts': 'export const a = 3;\n' }, 'mention\n\nWe thought Fixes-Finding: agf_01CCC was related, but\nit is not a trailer.');
  const junk = commitFiles(clone, { 'a.ts': 'export const a = 4;\n' }, 'junk\n\nFixes-Finding: $(rm -rf /)');
  const read = await trailerIds(clone, [trailer, body, junk]);
  assert.ok(read.ok);
  assert.deepEqual(
    [...read.ids.entries()],
    [
      ['agf_01AAA', [trailer]],
      ['agf_01BBB', [trailer]],
    ],
  );
});

test('commits come from a rev-list file (one sha a line) or a range; anything else is refused with why', async () => {
  const { clone } = originAndClone();
  const one = commitFiles(clone, { 'b.ts': '1' }, 'one');
  const two = commitFiles(clone, { 'b.ts': '2' }, 'two');
  assert.deepEqual(commitsFromText(`${two}\n\n${one}\n`), { ok: true, commits: [two, one] });
  const bad = commitsFromText(`${two}\nnot a sha\n`);
  assert.equal(bad.ok, false);
  assert.match(!bad.ok ? bad.line : '', /^line 2 is not a commit sha/);
  assert.deepEqual(await commitsInRange(clone, 'origin/main..HEAD'), { ok: true, commits: [two, one] });
  const flag = await commitsInRange(clone, '--all');
  assert.equal(flag.ok, false);
});

test('a fix stands merged, squash-merged, reverted, pending on a review branch, or unpushed', async () => {
  const { origin, clone } = originAndClone();
  // Merged: pushed to main.
  const merged = commitFiles(clone, { 'a.ts': 'export const a = 10;\n' }, 'fix\n\nFixes-Finding: agf_MERGED');
  git(clone, 'push', '-q', 'origin', 'main');
  // Pending: on a task branch only.
  git(clone, 'checkout', '-q', '-b', 'task/agf_PENDING');
  const pending = commitFiles(clone, { 'p.ts': 'p' }, 'fix p\n\nFixes-Finding: agf_PENDING');
  git(clone, 'push', '-q', 'origin', 'task/agf_PENDING');
  // Unpushed: a local branch only.
  git(clone, 'checkout', '-q', '-b', 'local-only');
  const unpushed = commitFiles(clone, { 'u.ts': 'u' }, 'fix u\n\nFixes-Finding: agf_UNPUSHED');
  // Squash-merged by someone else: main gets one commit whose body concatenates the messages.
  const other = tempDir('metabob-other-');
  git(other, 'clone', '-q', origin, '.');
  git(other, 'config', 'user.name', 'Reviewer');
  git(other, 'config', 'user.email', 'r@example.invalid');
  commitFiles(other, { 's.ts': 's' }, 'Squashed work (#12)\n\n* fix s\n\nFixes-Finding: agf_SQUASH\n\n* tidy');
  // Reverted: merged, then reverted on main.
  const revertedFix = commitFiles(other, { 'r.ts': 'r' }, 'fix r\n\nFixes-Finding: agf_REVERTED');
  git(other, 'revert', '--no-edit', revertedFix);
  git(other, 'push', '-q', 'origin', 'main');
  // The cell's own squash-source commit, which never reached main itself.
  git(clone, 'checkout', '-q', '-b', 'squash-src', 'main');
  const squashSource = commitFiles(clone, { 's.ts': 's' }, 'fix s\n\nFixes-Finding: agf_SQUASH');

  assert.deepEqual(await fetchTarget(clone, 'main'), { ok: true });
  assert.deepEqual(await fixStanding(clone, 'main', 'agf_MERGED', merged), { state: 'merged', commit: merged });
  const squash = await fixStanding(clone, 'main', 'agf_SQUASH', squashSource);
  assert.equal('state' in squash && squash.state, 'merged');
  assert.notEqual('commit' in squash && squash.commit, squashSource, 'the commit on the target is the squash');
  const reverted = await fixStanding(clone, 'main', 'agf_REVERTED', revertedFix);
  assert.equal('state' in reverted && reverted.state, 'reverted');
  assert.deepEqual(await fixStanding(clone, 'main', 'agf_PENDING', pending), {
    state: 'pending',
    commit: pending,
    remoteBranches: ['origin/task/agf_PENDING'],
  });
  assert.deepEqual(await fixStanding(clone, 'main', 'agf_UNPUSHED', unpushed), { state: 'unpushed', commit: unpushed });
});

test('a target that cannot be fetched fails first, so nothing is judged on a stale view', async () => {
  const { clone } = originAndClone();
  const fetched = await fetchTarget(clone, 'no-such-branch');
  assert.equal(fetched.ok, false);
  assert.match(!fetched.ok ? fetched.line : '', /^fetch_failed: git fetch origin no-such-branch failed \(.*\); nothing was written$/);
});

test('validRef takes only branch names git accepts, never an option, at most 100 characters', async () => {
  const cwd = tempDir();
  assert.deepEqual(await validRef('task/fix-1', cwd), { ok: true });
  for (const bad of ['-c core.sshCommand=x', 'a..b', 'x'.repeat(101), '', 'has space', 'ends.lock', 'refs/heads/@{x}']) {
    const checked = await validRef(bad, cwd);
    assert.equal(checked.ok, false, bad);
    assert.match(!checked.ok ? checked.line : '', /^ref_refused: /);
  }
});

test('the integration policy: task lines first, then the newest trusted convention, then the default; a value outside the set is never applied', () => {
  const conventions = [
    { conceptId: 'concept_old', author: 'vessel-a', createdAt: 1, content: 'recorded_by: vessel-a\n\npush_to: task\nintegrate: review' },
    { conceptId: 'concept_new', author: 'vessel-a', createdAt: 2, content: 'recorded_by: vessel-a\n\nintegrate: push' },
    { conceptId: 'concept_evil', author: 'vessel-x', createdAt: 3, content: 'recorded_by: vessel-x\n\npush_to: main\nintegrate: review' },
  ];
  const { policy, refused } = integrationPolicy('Fix it.\nconflicts: merge\n', conventions, ['vessel-a']);
  assert.deepEqual(policy.push_to, { value: 'task', source: 'convention', author: 'vessel-a' });
  assert.deepEqual(policy.integrate, { value: 'push', source: 'convention', author: 'vessel-a' });
  assert.deepEqual(policy.conflicts, { value: 'rebase', source: 'default' });
  assert.ok(refused.some((r) => r.startsWith('task conflicts: "merge" is not one of rebase')));
  assert.ok(refused.some((r) => r.includes('concept_evil') && r.includes('not from a trusted author')));
  const fromTask = integrationPolicy('push_to: MAIN\nintegrate: review', conventions, ['vessel-a']).policy;
  assert.deepEqual([fromTask.push_to.source, fromTask.push_to.value, fromTask.integrate.value], ['task', 'main', 'review']);
  assert.equal(targetBranch(undefined, fromTask, 'agf_1'), 'main');
  assert.equal(targetBranch(undefined, policy, 'agf_1'), 'task/agf_1');
  assert.equal(targetBranch('release', policy, 'agf_1'), 'release');
  assert.equal(targetBranch(undefined, undefined, undefined), 'main');
});
