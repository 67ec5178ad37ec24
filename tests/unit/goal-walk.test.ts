// The goal tools' pure reads and lines (SPEC §goal_status "Who dispatched", §run_goal_async
// learning, §run_goal poll schedule, §execution_trace ids): every principal form, every learning
// form, the poll pauses, and the id rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headerLines, learningLines, principalLines, readWalkRecord, reachedWord } from '../../core/substrate/goal-walk.ts';
import { bareExecutionId, isSatisfierExecution, readExecutionRow, readTraceListing } from '../../core/substrate/execution-traces.ts';
import { pollScheduleOf, runGoalPollDelayMs } from '../../core/tools/run-goal.ts';

function record(body: Record<string, unknown>) {
  const r = readWalkRecord({ resolved: true, shape: 'goalWalkState', body: { dispatchId: 'd1', status: 'completed', reached: true, ...body } }, 'd1');
  assert.ok(r);
  return r;
}

test('reached is yes / no / (running) / unknown, never read from status', () => {
  assert.equal(reachedWord(record({ status: 'failed', reached: true })), 'yes');
  assert.equal(reachedWord(record({ status: 'completed', reached: false })), 'no');
  assert.equal(reachedWord(record({ status: 'running', reached: null })), '(running)');
  assert.equal(reachedWord(record({ status: 'completed', reached: null })), 'unknown');
  assert.equal(readWalkRecord({ resolved: true, body: { nothing: 1 } }, 'd1'), undefined);
});

test('principal lines: validated operator, keyed caller, node self-call, none reported, a pre-amendment key label', () => {
  assert.deepEqual(principalLines(record({ operator: 'op', principal: { kind: 'key', operator: true, tag: 'k#ab' } })), [
    'principal: key (k#ab)',
    'operator authority: yes (validated)',
    'operator: op (claimed, unverified)',
  ]);
  assert.deepEqual(principalLines(record({ operator_label: 'lbl', operator: 'op', principal: { kind: 'key', operator: false, tag: 'k#ab' } })), [
    'principal: key (k#ab)',
    'operator: lbl (claimed, unverified)',
    'ran without operator authority: an ordinary keyed caller; directed edits and operator priority do not apply',
  ]);
  assert.deepEqual(principalLines(record({ principal: { kind: 'node_self', operator: false, tag: 'node-self' } })), [
    'principal: node_self (node-self)',
    'ran without operator authority (node self-call)',
  ]);
  assert.deepEqual(principalLines(record({ operator: 'old-op' })), [
    'principal: not reported',
    'operator: old-op (claimed; goal-host reported no validated principal)',
  ]);
  const legacy = principalLines(record({ principal: { kind: 'key', label: 'key:key_secret_1' } }));
  assert.deepEqual(legacy, ['principal: key (key id withheld)']);
  assert.doesNotMatch(legacy.join('\n'), /key_secret_1/);
});

test('the header: reached, status, executionId, who, template, error; run_goal adds the dispatchId', () => {
  const r = record({ status: 'failed', reached: false, executionId: 'exec_1', error: 'boom', operator: 'op' });
  assert.deepEqual(headerLines(r), [
    'reached: no',
    'status: failed',
    'executionId: exec_1',
    'principal: not reported',
    'operator: op (claimed; goal-host reported no validated principal)',
    'selectedTemplateId: (none)',
    'error: boom',
  ]);
  assert.equal(headerLines(r, { dispatchId: true })[2], 'dispatchId: d1');
});

test('learning lines: not reported, none recorded, each consequence, and the observe warning', () => {
  assert.deepEqual(learningLines(record({ learning: null })), ['learning: not reported by goal-host']);
  const none = { alphaBetaDelta: [{ templateId: 't', dAlpha: 0, dBeta: 0 }], gapsFiled: [], goalPathRecorded: false, oracleLabelWritten: false };
  assert.deepEqual(learningLines(record({ learning: none }), 'observe'), ['learning: none recorded']);
  const all = { alphaBetaDelta: [{ templateId: 't', dAlpha: 0, dBeta: -1 }], gapsFiled: ['g1'], goalPathRecorded: true, oracleLabelWritten: true };
  const lines = learningLines(record({ learning: all }), 'observe');
  assert.equal(lines[0], 'learning: goal path recorded; posterior changes t α+0/β-1; gaps filed g1; oracle label written');
  assert.equal(lines[1], 'warning: learning_mode observe was requested, yet goal-host recorded a posterior change, a gap, an oracle label for this walk');
  assert.match(lines[2]!, /^note: under observe, goal path recorded is not evidence of a write/);
  const pathOnly = learningLines(record({ learning: { ...none, goalPathRecorded: true } }), 'observe');
  assert.equal(
    pathOnly.some((l) => l.startsWith('warning:')),
    false,
    'a goal path alone does not warn',
  );
  assert.equal(learningLines(record({ learning: all })).length, 1, 'no warning without observe');
});

test('walkLog entries print verbatim, objects as JSON, the last 60 kept', () => {
  const r = record({ walkLog: [...Array.from({ length: 70 }, (_, i) => `line ${i}`), { step: 1 }] });
  assert.equal(r.walkLog.length, 60);
  assert.equal(r.walkLog.at(-1), '{"step":1}');
  assert.equal(r.walkLog[0], 'line 11');
});

test('run_goal polls: three pauses RUN_GOAL_POLL_MS apart, then doubling to RUN_GOAL_POLL_MAX_MS', () => {
  const defaults = pollScheduleOf({});
  assert.deepEqual(defaults, { pollMs: 2000, pollMaxMs: 15000, timeoutMs: 290000 });
  assert.deepEqual(
    Array.from({ length: 8 }, (_, n) => runGoalPollDelayMs(n, defaults)),
    [2000, 2000, 2000, 4000, 8000, 15000, 15000, 15000],
  );
  assert.deepEqual(pollScheduleOf({ RUN_GOAL_POLL_MS: '10', RUN_GOAL_POLL_MAX_MS: '35', RUN_GOAL_TIMEOUT_MS: '500' }), {
    pollMs: 10,
    pollMaxMs: 35,
    timeoutMs: 500,
  });
  assert.deepEqual(pollScheduleOf({ RUN_GOAL_POLL_MS: 'x', RUN_GOAL_POLL_MAX_MS: '-1', RUN_GOAL_TIMEOUT_MS: '0' }), defaults);
  assert.equal(runGoalPollDelayMs(1000, defaults), 15000);
});

test('execution ids: bare form from record ids; satisfier by id or template', () => {
  assert.equal(bareExecutionId('v_paradigm_execution_traces:⟨exec_1⟩'), 'exec_1');
  assert.equal(bareExecutionId('execution:exec_1'), 'exec_1');
  assert.equal(bareExecutionId(' exec_1 '), 'exec_1');
  assert.equal(bareExecutionId('walk-satisfier-ab'), 'walk-satisfier-ab');
  assert.equal(isSatisfierExecution('walk-satisfier-ab'), true);
  assert.equal(isSatisfierExecution('execution:⟨walk-satisfier-ab⟩'), true);
  assert.equal(isSatisfierExecution('exec_1', 'satisfier:goal-host-walk-failed'), true);
  assert.equal(isSatisfierExecution('exec_1', 'tpl_x'), false);
  assert.equal(isSatisfierExecution(undefined), false);
});

test('trace rows read tolerantly: a markdown answer is not a row; tasks at the top or under execution_trace', () => {
  assert.equal(readExecutionRow('# Execution exec_1\n\nstatus: success', 'exec_1'), undefined);
  const row = readExecutionRow(
    JSON.stringify({ execution_id: 'execution:exec_2', success: false, tags: ['state_signature:s'], tasks: [{ name: 'n', status: 'failed' }] }),
    'x',
  );
  assert.deepEqual([row?.id, row?.status, row?.stateSignature, row?.tasks[0]?.ok, row?.tasks[0]?.resolver], ['exec_2', 'failure', 's', false, 'n']);
  assert.equal(readTraceListing('not json'), undefined);
  assert.deepEqual(readTraceListing(JSON.stringify({ content: { traces: [] } }))?.rows, []);
});
