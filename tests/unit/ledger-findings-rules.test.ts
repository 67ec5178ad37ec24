// The duplicate rule, the headline and the age tags (SPEC §record_finding, §get_problems).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeSummary, sameSummary, summaryJaccard } from '../../core/ledger/duplicate-finding.ts';
import { ageTag, isTask, openFindingsHeadline, attributionLines } from '../../core/ledger/findings-text.ts';

test('normalizeSummary lowercases and turns every run of non-letters/numbers into one space', () => {
  assert.equal(normalizeSummary('  SQL-injection in `query()`!!  '), 'sql injection in query');
  assert.equal(normalizeSummary('Ünïcode naïve café 42'), 'ünïcode naïve café 42');
});

test('sameSummary: normalized equality or word-set Jaccard >= 0.8', () => {
  assert.equal(sameSummary('Token refresh races with logout', 'token_refresh: RACES with logout.'), true);
  assert.equal(summaryJaccard('a b c d e', 'a b c d'), 0.8);
  assert.equal(sameSummary('a b c d e', 'a b c d'), true);
  assert.equal(summaryJaccard('a b c d e f', 'a b c d'), 4 / 6);
  assert.equal(sameSummary('a b c d e f', 'a b c d'), false);
  // Word order and repeats do not matter to the word set.
  assert.equal(sameSummary('logout races token refresh', 'token refresh races logout logout'), true);
});

test('openFindingsHeadline names a recall that did not run and an unavailable store instead of counting zero', () => {
  assert.equal(
    openFindingsHeadline({ local: 2, recall: { cause: 'not_configured: x' } }),
    'Open findings: 2 (2 in the local store; recall not run: not_configured: x)',
  );
  // The spec's own example.
  assert.equal(openFindingsHeadline({ local: 0, recall: 2 }), 'Open findings: 2 (0 in the local store, 2 recorded by agents on this codebase)');
  assert.equal(
    openFindingsHeadline({ local: 2, recall: 3, both: 1, openTasks: 1 }),
    'Open findings: 4 (2 in the local store, 3 recorded by agents on this codebase; 1 in both); 1 open task, listed apart',
  );
  assert.equal(
    openFindingsHeadline({ local: { cause: 'store_unavailable: y' }, recall: { cause: 'key_rejected: z' } }),
    'Open findings: unknown (local store not read: store_unavailable: y; recall not run: key_rejected: z)',
  );
});

test('age tags and task detection', () => {
  const now = Date.UTC(2026, 0, 10);
  assert.equal(ageTag(now - 30_000, now), '0 min old');
  assert.equal(ageTag(now - 59 * 60_000, now), '59 min old');
  assert.equal(ageTag(now - 5 * 3600_000, now), '5 h old');
  assert.equal(ageTag(now - 3 * 86400_000, now), '3 d old');
  assert.equal(isTask('Task'), true);
  assert.equal(isTask('correctness', '[HIGH][task] migrate x'), true);
  assert.equal(isTask('correctness', 'a task to do'), false);
  assert.deepEqual(attributionLines(undefined, 's1'), ['session: s1']);
  assert.deepEqual(attributionLines('v1', 's1'), ['recorded_by: v1', 'session: s1']);
});
