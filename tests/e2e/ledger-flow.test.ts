// The ledger's local half end to end over stdio: record -> get_problems -> annotate -> edit
// and commit -> mark_complete, the duplicate rule, attribution, filters, tasks, metrics and
// the analysis snapshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles, git, tempDir } from '../helpers/git.ts';
import { attachmentCause, commitAt, repoWithHistory, startLedgerServer, verdictLines } from './ledger-fixture.ts';
import { normalizeRemoteUrl } from '../../core/identity/normalize-remote-url.ts';
import { EMPTY_REASONS } from '../../core/tools/empty-reason.ts';

const NO_SERVER =
  'There is no server-side analysis: this server sends no workspace content off the machine, so no backend detections exist. ' +
  "These are agent-recorded findings only; the system's own open gaps on a file are path_activity's, so none here is not none there.";
let RECALL_CAUSE = '';
/** The recall cause's token: the sections after the line that names the cause in full repeat only this. */
const causeToken = () => RECALL_CAUSE.split(':')[0];

test('record -> get_problems -> annotate -> edit, commit, push -> mark_complete closes it', async () => {
  const { repo, bare } = repoWithHistory({ remote: true });
  const identity = normalizeRemoteUrl(bare!);
  const callLog = join(tempDir(), 'calls.jsonl');
  const s = await startLedgerServer(repo, { METABOB_CALL_LOG: callLog });
  try {
    RECALL_CAUSE = await attachmentCause(s);
    const rec = await s.call('record_finding', {
      files: ['src/a.ts', join(realpathSync(repo), 'src/b.ts')],
      summary: 'Unchecked index into the cache array',
      details: 'cache[i] is read before i is bounded.',
      severity: 'CRITICAL',
      category: 'security',
      line_start: 12,
      line_end: 14,
    });
    assert.equal(rec.isError, false, rec.text);
    const [id, second] = [...rec.text.split('\n')[0].matchAll(/agf_[0-9a-f]{16}/g)].map((m) => m[0]);
    const session = rec.meta.session_id;
    assert.equal(
      rec.text,
      [
        `Recorded finding on 2 files: ${id}, ${second}`,
        '[CRITICAL][security] Unchecked index into the cache array',
        `  ${id}  src/a.ts:12-14`,
        `  ${second}  src/b.ts`,
        `repo: ${identity}`,
        `session: ${session}`,
        `Shared with other agents: no (${RECALL_CAUSE}); the finding is in the local store only.`,
        `Close it with mark_complete {"problem_id": "${id}"} once fixed (endorse), or as a false positive (discard).`,
      ].join('\n'),
    );
    // The store is open now: the envelope carries its schema version for this workspace.
    assert.equal(rec.meta.schema_version_at_index, 1);
    assert.equal(rec.meta.binary_drift_warning, null);

    const problems = await s.call('get_problems', {});
    assert.equal(
      problems.text,
      [
        `Open findings: 1 (1 in the local store; recall not run: ${RECALL_CAUSE})`,
        '',
        `Local store (${identity}): 1 open`,
        `1. [CRITICAL][security] src/a.ts:12-14 Unchecked index into the cache array (${id}, 0 min old)`,
        `   also on: src/b.ts (${second})`,
        '   details: cache[i] is read before i is bounded.',
        '',
        NO_SERVER,
        '',
        `Findings recorded by agents on this codebase: not read (${causeToken()}, as the headline says).`,
      ].join('\n'),
    );
    assert.equal(problems.meta.empty_reason, undefined);
    assert.equal(problems.meta.warnings_v2[0].code, 'not_configured');

    const explain = await s.call('annotate_component', { problem_id: id, context: 'seen while adding paging' });
    assert.match(
      explain.text,
      new RegExp(
        `^${id}: Unchecked index into the cache array\nseverity: CRITICAL\ncategory: security\nfile: src/a.ts:12-14\nfiles: src/a.ts \\(${id}\\), src/b.ts \\(${second}\\)\nrefs: none \\(not shared\\)\nstatus: open — recorded 0 min old\n`,
      ),
    );
    assert.match(
      explain.text,
      /\nWhy it matters:\n- Severity CRITICAL: fix before other work on these files\.\n- A security finding is exploitable until fixed/,
    );
    assert.match(explain.text, /\ncontext: seen while adding paging\n/);
    const recommend = await s.call('annotate_component', { problem_id: second, mode: 'recommend' });
    assert.match(recommend.text, /\nHow to fix:\n- Validate or escape untrusted input at the boundary where it enters, not deep inside\.\n/);

    // Edited, not yet committed: the fix is pending; an id that is no finding is not applied.
    writeFileSync(join(repo, 'src/a.ts'), 'export const a = 1; // bounded\n');
    assert.match((await s.call('mark_complete', { problem_id: id })).text, /^Not closed: .* fix pending \(uncommitted\)\./);
    assert.equal((await s.call('mark_complete', { problem_id: 'bug-17' })).isError, true);
    const sha = commitFiles(repo, { 'src/a.ts': 'export const a = 1; // bounded\n' }, 'bound the index');
    git(repo, 'push', '-q', 'origin', 'main');
    const done = await s.call('mark_complete', { problem_id: id });
    assert.equal(
      done.text,
      [
        `Endorsed ${id} as fixed: 2 local seeds retired (${id}, ${second}).`,
        'verdict: endorsed',
        `fix: commit ${sha}`,
        'fix_branch: main',
        `repo: ${identity}`,
        `repo_name: ${realpathSync(repo).split('/').pop()}`,
        'files: src/a.ts, src/b.ts',
        `session: ${session}`,
        'origin: local',
        `Shared verdict: not written (${RECALL_CAUSE}); other agents will not see it.`,
      ].join('\n'),
    );
    const closed = await s.call('annotate_component', { problem_id: id });
    assert.match(closed.text, /\nstatus: resolved \(closed\)/);
    const metrics = await s.call('get_metrics', {});
    assert.match(metrics.text, /\nOpen findings in the local store: 0 \(0 seeds\): CRITICAL 0, HIGH 0, MEDIUM 0, LOW 0, INFO 0\n/);

    // @anchor markCompleteResult reaches the call log.
    const lines = readFileSync(callLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.filter((l) => l.tool === 'mark_complete').map((l) => l.result),
      ['pending', 'not_applied', 'not_shared'],
    );
  } finally {
    await s.close();
  }
});

test('the duplicate rule: normalized equality or word-set Jaccard >= 0.8 on the same file; force and status', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    RECALL_CAUSE = await attachmentCause(s);
    const [id, other] = await s.record({ files: ['src/a.ts', 'src/b.ts'], summary: 'Token refresh races with logout' });
    const dupText = [
      `Already recorded (open): ${id} — use mark_complete or add details there.`,
      '[HIGH][correctness] Token refresh races with logout'.replace(/^/, 'summary: '),
      'files: src/a.ts, src/b.ts',
      'found in: the local store (this machine)',
      'Nothing was written; pass force: true to record it anyway.',
    ].join('\n');
    // Normalized equality: case and punctuation runs.
    const same = await s.call('record_finding', { files: ['src/b.ts'], summary: 'token-refresh RACES with logout!!', severity: 'LOW', category: 'x' });
    assert.equal(same.text, dupText);
    assert.equal(same.isError, false);
    // Jaccard: {token, refresh, races, with, the, logout} vs 5 of them = 5/6 >= 0.8.
    const near = await s.call('record_finding', {
      files: ['./src/a.ts'],
      summary: 'Token refresh races with the logout',
      severity: 'HIGH',
      category: 'correctness',
    });
    assert.equal(near.text, dupText);
    // 4/6 < 0.8: a different finding.
    const apart = await s.record({ files: ['src/a.ts'], summary: 'Token refresh races with login flow' });
    assert.notEqual(apart[0], id);
    // Same summary on another file: not the same finding.
    const elsewhere = await s.record({ files: ['README.md'], summary: 'Token refresh races with logout' });
    assert.equal(elsewhere.length, 1);
    // force records it anyway.
    const forced = await s.record({ files: ['src/a.ts'], summary: 'Token refresh races with logout', force: true });
    assert.notEqual(forced[0], id);
    // A status other than open stores the seed already stale: not listed, and no duplicate check.
    const stale = await s.call('record_finding', {
      files: ['src/a.ts'],
      summary: 'Token refresh races with logout',
      severity: 'HIGH',
      category: 'correctness',
      status: 'resolved',
    });
    assert.match(stale.text, /^Recorded already stale \(status: resolved\): agf_[0-9a-f]{16}\n/);
    const listed = await s.call('get_problems', { file_path: 'src/a.ts', limit: 100 });
    assert.match(listed.text, /^Open findings: 3 \(3 in the local store; recall not run: /);
    // After the finding closes, the same summary records again.
    await s.call('mark_complete', { problem_id: other, action: 'discard' });
    const fresh = await s.call('record_finding', {
      files: ['src/b.ts'],
      summary: 'Token refresh races with logout',
      severity: 'HIGH',
      category: 'correctness',
    });
    assert.match(fresh.text, /^Recorded finding: agf_/);
  } finally {
    await s.close();
  }
});

test('recorded_by is omitted with no identity, VESSEL_ID when set, else metabob-mcp-<12 hex of key + workspace>', async () => {
  const { repo } = repoWithHistory();
  const none = await startLedgerServer(repo);
  try {
    const r = await none.call('record_finding', { files: ['src/a.ts'], summary: 'anon', severity: 'LOW', category: 'style' });
    assert.doesNotMatch(r.text, /recorded_by/);
    assert.match(r.text, /\nsession: [0-9a-f-]{36}\n/);
    const ctx = await none.call('get_analysis_context', {});
    assert.match(ctx.text, /\n {2}as: no vessel identity \(no VESSEL_ID, no METABOB_API_KEY\) \(session [0-9a-f-]{36}\)\n/);
  } finally {
    await none.close();
  }
  const pinned = await startLedgerServer(repo, { VESSEL_ID: 'vessel-test-7', SESSION_ID: 'session-fixed-1' });
  try {
    const r = await pinned.call('record_finding', { files: ['src/a.ts'], summary: 'pinned', severity: 'LOW', category: 'style' });
    assert.match(r.text, /\nrecorded_by: vessel-test-7\nsession: session-fixed-1\n/);
  } finally {
    await pinned.close();
  }
  const keyed = await startLedgerServer(repo, { METABOB_API_KEY: 'mb_live_test_key' });
  try {
    const expected =
      'metabob-mcp-' +
      createHash('sha256')
        .update('mb_live_test_key' + realpathSync(repo))
        .digest('hex')
        .slice(0, 12);
    const r = await keyed.call('record_finding', { files: ['src/a.ts'], summary: 'keyed', severity: 'LOW', category: 'style' });
    assert.match(r.text, new RegExp(`\nrecorded_by: ${expected}\n`));
    const ann = await keyed.call('annotate_component', { problem_id: r.text.match(/agf_[0-9a-f]{16}/)![0] });
    assert.match(ann.text, new RegExp(`recorded 0 min old by ${expected}`));
  } finally {
    await keyed.close();
  }
});

test('get_problems: filters, limit, severity order, tasks listed apart, and the path_activity pointer on an empty list', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    RECALL_CAUSE = await attachmentCause(s);
    const [low] = await s.record({ files: ['src/a.ts'], summary: 'naming is inconsistent', severity: 'LOW', category: 'style' });
    const [crit] = await s.record({ files: ['src/b.ts'], summary: 'secret logged at startup', severity: 'CRITICAL', category: 'security' });
    const [med] = await s.record({ files: ['src/a.ts'], summary: 'retry loop never backs off', severity: 'MEDIUM', category: 'correctness' });
    const [task1] = await s.record({ files: ['src/a.ts'], summary: 'migrate the cache to LRU', severity: 'MEDIUM', category: 'task' });
    const [task2] = await s.record({ files: ['src/b.ts'], summary: 'add paging to the list endpoint', severity: 'LOW', category: 'task' });

    const all = await s.call('get_problems', {});
    const lines = all.text.split('\n');
    assert.equal(lines[0], `Open findings: 3 (3 in the local store; recall not run: ${RECALL_CAUSE}); 2 open tasks, listed apart`);
    assert.deepEqual(
      lines.filter((l) => /^\d+\. /.test(l)),
      [
        `1. [CRITICAL][security] src/b.ts secret logged at startup (${crit}, 0 min old)`,
        `2. [MEDIUM][correctness] src/a.ts retry loop never backs off (${med}, 0 min old)`,
        `3. [LOW][style] src/a.ts naming is inconsistent (${low}, 0 min old)`,
        `1. [MEDIUM][task] src/a.ts migrate the cache to LRU (${task1}, 0 min old)`,
        `2. [LOW][task] src/b.ts add paging to the list endpoint (${task2}, 0 min old)`,
      ],
    );
    assert.ok(
      lines.includes(`Tasks (2 open: 2 unclaimed) — claims not read (${causeToken()}, as the headline says); claim one with claim_finding before starting:`),
    );

    const bySeverity = await s.call('get_problems', { severity: ['LOW', 'MEDIUM'], limit: 1 });
    assert.match(
      bySeverity.text,
      /^Open findings: 2 \(2 in the local store; .*\); 2 open tasks, listed apart\n\nLocal store \([^)]+\): 2 open, 1 shown\n1\. \[MEDIUM\]\[correctness\]/,
    );
    const byCategory = await s.call('get_problems', { category: ['SECURITY'] });
    assert.match(byCategory.text, /^Open findings: 1 \(1 in the local store; /);
    assert.match(byCategory.text, /secret logged at startup/);
    // With category task, tasks are the list itself.
    const tasks = await s.call('get_problems', { category: ['task'] });
    assert.ok(tasks.text.startsWith(`Open findings: 2 (2 in the local store; recall not run: ${RECALL_CAUSE})\n`), tasks.text);
    assert.doesNotMatch(tasks.text, /\nTasks \(/);

    // A closed task is listed after the open ones.
    commitFiles(repo, { 'src/b.ts': 'export const b = 1; // paged\n' }, 'paging');
    await s.call('mark_complete', { problem_id: task2 });
    const withClosed = await s.call('get_problems', {});
    const sha = git(repo, 'rev-parse', 'HEAD');
    assert.match(
      withClosed.text,
      new RegExp(
        `\nTasks \\(1 open: 1 unclaimed; 1 closed\\) — claims not read \\(${causeToken()}, as the headline says\\); claim one with claim_finding before starting:\n1\\. \\[MEDIUM\\]\\[task\\] src/a\\.ts migrate the cache to LRU \\(${task1}, 0 min old\\)\nClosed tasks \\(1\\):\n- \\[FIXED in ${sha.slice(0, 12)}\\] add paging to the list endpoint \\(${task2}, src/b\\.ts\\)$`,
      ),
    );

    const empty = await s.call('get_problems', { file_path: 'src/zzz.ts' });
    assert.equal(
      empty.text,
      [
        `Open findings: 0 (0 in the local store; recall not run: ${RECALL_CAUSE})`,
        '',
        'No agent-recorded findings in the local store on files matching "src/zzz.ts".',
        'The system\'s own open gaps there are path_activity\'s: path_activity {"paths": ["src/zzz.ts"]}.',
        '',
        NO_SERVER,
        '',
        `Findings recorded by agents on this codebase: not read (${causeToken()}, as the headline says).`,
        `Next (recall_not_run): ${EMPTY_REASONS.recall_not_run.response}`,
      ].join('\n'),
    );
    // The recall did not run: the answer is unknown, not none (SPEC §get_problems).
    assert.equal(empty.meta.empty_reason, 'recall_not_run');
  } finally {
    await s.close();
  }
});

test('get_metrics and get_analysis_context: severity counts, categories, co-change hints, the recall cause', async () => {
  const { repo } = repoWithHistory();
  // A history where src/a.ts and src/b.ts change together twice and README once with them.
  commitAt(repo, '2024-02-01T00:00:00Z', { 'src/a.ts': 'a2\n', 'src/b.ts': 'b2\n' }, 'both');
  commitAt(repo, '2024-02-02T00:00:00Z', { 'src/a.ts': 'a3\n', 'src/b.ts': 'b3\n', 'README.md': 'r3\n' }, 'three');
  const s = await startLedgerServer(repo);
  try {
    RECALL_CAUSE = await attachmentCause(s);
    await s.record({ files: ['src/a.ts'], summary: 'one', severity: 'CRITICAL', category: 'security' });
    await s.record({ files: ['src/a.ts', 'src/b.ts'], summary: 'two', severity: 'HIGH', category: 'security' });
    await s.record({ files: ['src/b.ts'], summary: 'three', severity: 'LOW', category: 'style' });
    await s.record({ files: ['src/b.ts'], summary: 'four', severity: 'LOW', category: 'task' });
    const metrics = await s.call('get_metrics', {});
    assert.equal(
      metrics.text,
      [
        `Local analysis state: ${repo} (${realpathSync(repo).split('/').pop()})`,
        // The task is no finding (SPEC §get_problems "Tasks, listed apart"): counted on its own line.
        'Open findings in the local store: 3 (4 seeds): CRITICAL 1, HIGH 1, MEDIUM 0, LOW 1, INFO 0',
        'Agent-recorded (agf_*): 3; other: 0',
        'Top categories: security 2, style 1',
        'Open tasks in the local store: 1 (listed apart by get_problems)',
        'Local code graph: not built in this process; call init_workspace',
        '',
        NO_SERVER,
      ].join('\n'),
    );

    const ctx = await s.call('get_analysis_context', { recently_changed_files: ['src/a.ts'], problem_limit: 2 });
    const text = ctx.text;
    assert.ok(text.startsWith(`Attachment: not attached: ${RECALL_CAUSE}\n`), text);
    assert.match(text, new RegExp(`\nWorkspace: ${realpathSync(repo)} \\(from launch_directory\\)\n`));
    assert.match(text, /\nIndex: not built in this process; call init_workspace\n/);
    assert.match(
      text,
      new RegExp(
        `\nProblems:\nOpen findings: 3 \\(3 in the local store; recall not run: ${causeToken()}, as the Attachment line says\\); 1 open task, listed apart\nlocal store: 3 open \\(1 critical, 1 high\\)\n1\\. \\[CRITICAL\\]\\[security\\] src/a\\.ts one`,
      ),
    );
    assert.doesNotMatch(text, /\n3\. \[LOW\]/); // problem_limit 2
    assert.match(
      text,
      /\nCo-change with src\/a\.ts \(git history, confidence >= 0\.3, top 8\):\n {2}src\/b\.ts \(confidence 1\.00, 3 commits\)\n {2}README\.md \(confidence 0\.67, 2 commits\)\n/,
    );
    assert.match(text, new RegExp(`\nFindings recorded by agents on this codebase: not read \\(${causeToken()}, as the Attachment line says\\)\\.\n`));
    // The cause line is said once, on the Attachment line.
    assert.equal(text.split(RECALL_CAUSE).length - 1, 1, text);
    assert.match(
      text,
      /\nSuggested next actions:\n- fix or record progress on \[CRITICAL\] one \(agf_[0-9a-f]{16}\)\n- fix or record progress on \[HIGH\] two/,
    );
    assert.deepEqual(ctx.meta.next_steps, [{ tool: 'init_workspace', args: {}, why: 'the local code graph is not built in this process' }]);
  } finally {
    await s.close();
  }
});

test('refusals are one line naming their cause, and nothing is recorded', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    RECALL_CAUSE = await attachmentCause(s);
    const backend = await s.call('mark_complete', { problem_id: 'PRB-1234' });
    assert.equal(
      backend.text,
      'not_a_finding: PRB-1234 is neither an agf_* finding nor a concept_* id; nothing was recorded (there is no server-side analysis, so no backend detection has that id)',
    );
    assert.equal(backend.isError, true);
    const missing = await s.call('mark_complete', { problem_id: 'agf_0000000000000000' });
    assert.equal(
      missing.text,
      `finding_not_found: agf_0000000000000000 is not in the local store (not recorded on this machine, or discarded) and recall is not available (${RECALL_CAUSE}); nothing was recorded and nothing local was retired`,
    );
    assert.equal(missing.meta.empty_reason, 'finding_not_found');
    const concept = await s.call('annotate_component', { problem_id: 'concept_abc' });
    assert.equal(
      concept.text,
      'finding_not_found: concept_abc has no local seed on this machine; there is no server-side analysis, so only findings in the local store can be annotated',
    );
    const notId = await s.call('annotate_component', { problem_id: 'SEC-7' });
    assert.equal(
      notId.text,
      'finding_not_found: SEC-7 is not a finding id (agf_* or concept_*); there is no server-side analysis, so only findings in the local store can be annotated',
    );
    const outside = await s.call('record_finding', { files: ['/etc/passwd'], summary: 's', severity: 'LOW', category: 'c' });
    assert.equal(outside.text, `file_outside_workspace: /etc/passwd is not a file inside the workspace ${realpathSync(repo)}; nothing was recorded`);
    const [id] = await s.record({ files: ['src/a.ts'], summary: 'false alarm' });
    const discard = await s.call('mark_complete', { problem_id: id, action: 'discard', fix_commit: 'abcdef1' });
    assert.match(discard.text, /^invalid_arguments: mark_complete: fix_commit is for endorse only/);
    const discarded = await s.call('mark_complete', { problem_id: id, action: 'discard' });
    assert.match(discarded.text, new RegExp(`^Discarded ${id} as a false positive: 1 local seed deleted \\(${id}\\)\\.\nverdict: discarded\n`));
    assert.deepEqual(verdictLines(discarded.text), ['verdict: discarded']);
    const gone = await s.call('annotate_component', { problem_id: id });
    assert.match(gone.text, /^finding_not_found: agf_[0-9a-f]{16} is not in the local store/);
  } finally {
    await s.close();
  }
});
