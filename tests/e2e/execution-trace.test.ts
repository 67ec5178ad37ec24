// execution_trace end to end (SPEC §execution_trace): the built server over stdio against the
// emulator's activity-api — the listing with bare ids and satisfier rows, a read by bare or
// record id, a satisfier id answered without asking activity-api, the missing-trace lines, and a
// read cut at activity-api's timeout answered once and never retried.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { textOf } from '../helpers/client.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

let e: Emulator;
let s: ServerUnderTest;

const ROW = {
  id: 'exec_seed1',
  org_id: 'org_emulated',
  success: true,
  status: 'success',
  activity_template_id: 'tpl_write_file',
  template_id: 'tpl_write_file',
  activity_id: 'act_write_file',
  vessel_id: 'development-vessel',
  composition_chain: ['exec_root'],
  tags: ['state_signature:sig_seed', 'reached:true', 'completion_shapes:fileWritten', 'operator:op-seed', 'reached:false'],
  duration_ms: 2100,
  executed_at: '2026-11-30T10:00:00.000Z',
  execution_trace: { tasks: [{ resolver: 'write_file', tier: 'deterministic', inShapes: ['fileDraft'], outShapes: ['fileWritten'], success: true }] },
};

before(async () => {
  e = await startEmulator();
  e.switches.traces.push(ROW, {
    id: 'exec_seed2',
    org_id: 'org_emulated',
    success: false,
    activity_id: 'satisfier:goal-host-walk-failed',
    duration_ms: 40,
    executed_at: '2026-11-30T09:00:00.000Z',
  });
  e.switches.traces.push({ ...ROW, id: 'exec_other_org', org_id: 'org_other' });
  s = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
  await s.waitForHealth((h) => h.attached === true);
});
after(async () => {
  await s?.close();
  await e?.stop();
});

async function trace(args: Record<string, unknown>) {
  const result = await s.client.callTool({ name: 'execution_trace', arguments: args });
  return { text: textOf(result), isError: Boolean(result.isError) };
}
const callsOf = (shape: string) => e.switches.calls.filter((c) => c.shape === shape).length;

test('no execution_id lists the org’s newest traces by bare id, marks satisfier rows, and ends with how to read one', async () => {
  const listed = await trace({ limit: 5 });
  assert.equal(listed.isError, false, listed.text);
  assert.equal(
    listed.text,
    [
      '2 most recent traces, newest first (1 succeeded, 1 failed):',
      '- exec_seed1  success  2100 ms  tpl_write_file  2026-11-30T10:00:00.000Z',
      '- exec_seed2  failure  40 ms  satisfier:goal-host-walk-failed  2026-11-30T09:00:00.000Z [satisfier: no task trace]',
      '',
      'Read one with execution_trace(execution_id: "<exec_… id>"); a satisfier row has no task trace (its walk is in goal_reasoning).',
    ].join('\n'),
  );
  assert.equal(e.switches.calls.filter((c) => c.shape === 'executionTraceList').at(-1)!.pointer.limit, 5);
});

test('a read by bare id or by stored record id renders the row: status, template, chain, first tags, tasks', async () => {
  const expected = [
    'Execution exec_seed1',
    'status: success',
    'activity_template_id: tpl_write_file',
    'vessel_id: development-vessel',
    'composition_chain: exec_root',
    'state_signature: sig_seed',
    'reached: true',
    'completion_shapes: fileWritten',
    'operator: op-seed',
    'failure mode: (none)',
    'tasks (1):',
    '  #1 ✓ write_file/deterministic fileDraft → fileWritten',
  ].join('\n');
  assert.equal((await trace({ execution_id: 'exec_seed1' })).text, expected);
  const before = callsOf('activityExecutionTrace');
  assert.equal((await trace({ execution_id: 'v_paradigm_execution_traces:⟨exec_seed1⟩' })).text, expected);
  const sent = e.switches.calls.filter((c) => c.shape === 'activityExecutionTrace').at(-1)!.pointer;
  assert.deepEqual([sent.executionId, sent.format], ['exec_seed1', 'json']);
  assert.equal(callsOf('activityExecutionTrace'), before + 1);
});

test('a satisfier id is answered from the id alone; a missing trace and a spoke’s 404 have their own lines', async () => {
  const before = callsOf('activityExecutionTrace');
  const satisfier = await trace({ execution_id: 'walk-satisfier-1234abcd' });
  assert.equal(satisfier.isError, false);
  assert.equal(
    satisfier.text,
    'walk-satisfier-1234abcd: a satisfier reach persists no task trace, so activity-api was not asked; its walk is in the dispatch record (goal_reasoning)',
  );
  assert.equal(callsOf('activityExecutionTrace'), before, 'activity-api was not asked');

  const missing = await trace({ execution_id: 'exec_other_org' });
  assert.equal(missing.isError, true);
  assert.equal(
    missing.text,
    'trace_not_found: activity-api has no trace exec_other_org (Execution trace not found: exec_other_org); that is expected for a satisfier-only reach, ' +
      'which persists no trace: its walk is in the dispatch record (goal_reasoning)',
  );
  e.setSwitch('noProducer', ['activityExecutionTrace']);
  try {
    const spoke = await trace({ execution_id: 'exec_nope' });
    assert.equal(
      spoke.text,
      'no_producer(activityExecutionTrace): either no producer answered for activityExecutionTrace, or trace exec_nope does not exist ' +
        '(a satisfier-only reach persists no trace; its walk is in the dispatch record, goal_reasoning)',
    );
  } finally {
    e.setSwitch('noProducer', []);
  }
});

test('a read or a listing cut at activity-api’s timeout is one producer_timeout line and is not retried', async () => {
  e.setSwitch('resolveTimeoutMs', { 'activity-api': 200 });
  e.setSwitch('latencyMs', { activityExecutionTrace: 1500, executionTraceList: 1500 });
  try {
    for (const [args, shape] of [
      [{ execution_id: 'exec_seed1' }, 'activityExecutionTrace'],
      [{}, 'executionTraceList'],
    ] as const) {
      const before = callsOf(shape);
      const cut = await trace(args);
      assert.equal(cut.isError, true);
      assert.match(cut.text, new RegExp(`^producer_timeout\\(${shape}, \\d+\\): discovery cut the forward to ${shape}'s producer at its resolve timeout`));
      assert.equal(cut.text.split('\n').length, 1);
      // Wait past the retry delays (0.5 s and 1.5 s) a retried read would have taken.
      await new Promise((r) => setTimeout(r, 2200));
      assert.equal(callsOf(shape), before + 1, `${shape} was sent once`);
    }
  } finally {
    e.setSwitch('resolveTimeoutMs', {});
    e.setSwitch('latencyMs', {});
  }
});

test('an org with no traces: the listing says none is recorded', async () => {
  const saved = e.switches.traces.splice(0);
  try {
    const empty = await trace({});
    assert.equal(empty.isError, false);
    assert.equal(empty.text, 'No execution trace is recorded for this org.\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.');
  } finally {
    e.switches.traces.push(...saved);
  }
});
