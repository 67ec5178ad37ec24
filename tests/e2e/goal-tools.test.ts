// The goal tools end to end (SPEC §Substrate goal tools): the built server over stdio against the
// emulator's goal-host and activity-api, one canonical loop
// run_goal_async -> goal_status -> goal_reasoning -> provide_feedback per scripted walk, then
// run_goal's poll and deadline, and each refusal and failure line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';
import type { Switches } from '../substrate/switches.ts';

let e: Emulator;
let s: ServerUnderTest;
const OPERATOR = 'op-goal-tests';

before(async () => {
  e = await startEmulator({ switches: { goalRunMs: 150 } });
  s = await startServer({
    DISCOVERY_ENDPOINT: e.discoveryUrl,
    METABOB_API_KEY: e.key,
    MB_OPERATOR_ID: OPERATOR,
    RUN_GOAL_POLL_MS: '20',
    RUN_GOAL_POLL_MAX_MS: '80',
    RUN_GOAL_TIMEOUT_MS: '1500',
  });
  await s.waitForHealth((h) => h.attached === true);
});
after(async () => {
  await s?.close();
  await e?.stop();
});

const call = (name: string, args: Record<string, unknown>) => s.call(name, args);

function reset(walk: Switches['goalWalk']): void {
  e.setSwitch('goalWalk', walk);
  e.setSwitch('goalDispatch', 'accept');
  e.setSwitch('goalPrincipal', 'validated');
  e.setSwitch('noProducer', []);
  e.setSwitch('latencyMs', {});
  e.setSwitch('resolveTimeoutMs', {});
}

function callsOf(shape: string): number {
  return e.switches.calls.filter((c) => c.shape === shape).length;
}

async function dispatch(goal: string, extra: Record<string, unknown> = {}): Promise<string> {
  const sent = await call('run_goal_async', { goal, ...extra });
  assert.equal(sent.isError, false, sent.text);
  const id = /^Dispatched: (\S+) \(goal-host status running\)$/m.exec(sent.text)?.[1];
  assert.ok(id, sent.text);
  assert.match(sent.text, new RegExp(`^Next: goal_status\\(dispatch_id: "${id}"\\)`, 'm'));
  return id;
}

async function finishedStatus(id: string): Promise<string> {
  return waitFor(
    async () => {
      const status = await call('goal_status', { dispatch_id: id });
      assert.equal(status.isError, false, status.text);
      return status.text.startsWith('reached: (running)') ? undefined : status.text;
    },
    10_000,
    `dispatch ${id} to finish`,
  );
}

test('canonical loop, reached walk: reached first, principal, learning, the hydrated trace, a label written once', async () => {
  reset('reached');
  const id = await dispatch('write docs/hello.md', { learning_mode: 'observe', tags: ['suite:goal-tools'] });
  const pointer = e.switches.calls.find((c) => c.shape === 'goalDispatchAsync')!.pointer;
  assert.equal(pointer.operator, OPERATOR);
  assert.ok(pointer.tags.includes('suite:goal-tools') && pointer.tags.some((t: string) => t.startsWith('session:')), JSON.stringify(pointer.tags));
  assert.equal(pointer.learning_mode, 'observe');

  const status = await finishedStatus(id);
  const lines = status.split('\n');
  assert.deepEqual(lines.slice(0, 4), [
    'reached: yes',
    'status: completed',
    'reach reason: completion shape fileWritten produced',
    `executionId: exec_${id.slice(0, 8)}`,
  ]);
  assert.match(status, /^principal: key \(key#[0-9a-f]{8}\)$/m);
  assert.match(status, new RegExp(`^operator: ${OPERATOR} \\(claimed, unverified\\)$`, 'm'));
  assert.match(status, /^ran without operator authority: an ordinary keyed caller; directed edits and operator priority do not apply$/m);
  assert.doesNotMatch(status, /key_1/, 'a raw key id is never displayed');
  assert.match(status, /^learning: goal path recorded; posterior changes tpl_write_file α\+1\/β\+0$/m, 'a Δ0 template is not a change');
  assert.match(status, /^ {2}state-space signature: sig_/m);
  assert.match(status, /^ {2}completion_shapes: fileWritten$/m);
  assert.match(status, /^ {2}Thompson: α 5 \/ β 2$/m);

  const reasoning = await call('goal_reasoning', { dispatch_id: id });
  assert.equal(reasoning.isError, false, reasoning.text);
  assert.ok(reasoning.text.startsWith('reached: yes\nstatus: completed'), reasoning.text);
  assert.match(reasoning.text, /^ {2}1\. dispatch .* accepted \(operator op-goal-tests\)$/m);
  assert.match(reasoning.text, /^ {2}\d+\. \{"step":2,"event":"reach-gate","reached":true\}$/m, 'object walkLog entries print as JSON');
  assert.match(reasoning.text, /recordGoalPath PRECONDITIONS reached=true learningMode=observe/);
  assert.match(reasoning.text, /^ {2}#1 ✓ draft_file\/llm goal → fileDraft$/m);
  assert.match(reasoning.text, /^ {2}#2 ✓ write_file\/deterministic fileDraft → fileWritten$/m);

  const writesBefore = callsOf('goal_verification_label_write');
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'reached', rationale: 'the file exists with the asked content' });
  assert.equal(feedback.isError, false, feedback.text);
  assert.match(feedback.text, /^Label written: goal_verification_labels:\w+$/m);
  assert.match(feedback.text, /^verdict: achieved \(labeler automated, confidence 0\.9\) for execution exec_\w+, activity tpl_write_file$/m);
  assert.equal(callsOf('goal_verification_label_write'), writesBefore + 1, 'the label write is sent once');
  const label = e.switches.calls.filter((c) => c.shape === 'goal_verification_label_write').at(-1)!.pointer;
  assert.equal(label.labeler, 'automated');
  assert.equal(label.goal, 'write docs/hello.md');
  assert.match(label.notes, new RegExp(`^the file exists with the asked content \\[operator: ${OPERATOR}\\] \\[session: [^\\]]+\\]$`));
  assert.equal(label.client_claim.operator, OPERATOR);
});

test('canonical loop, hollow walk: completed with reached no, the failure mode, a not_achieved label', async () => {
  reset('hollow');
  const id = await dispatch('summarize the repo');
  const status = await finishedStatus(id);
  assert.ok(status.startsWith('reached: no\nstatus: completed\n'), status);
  assert.match(status, /^learning: posterior changes tpl_summarize α\+0\/β\+1; gaps filed gap_hollow_1$/m);
  assert.match(status, /^ {2}failure mode: hollow_completion: no completion shape produced$/m);
  const reasoning = await call('goal_reasoning', { dispatch_id: id });
  assert.match(reasoning.text, /^ {2}#1 ✓ summarize\/llm goal → summary$/m);
  assert.match(reasoning.text, /^ {2}reached tag: false$/m);
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'not_reached', rationale: 'no summary file', confidence: 0.7 });
  assert.match(feedback.text, /^verdict: not_achieved \(labeler automated, confidence 0\.7\) for execution exec_\w+, activity tpl_summarize$/m);
});

test('canonical loop, failed walk: no template, so the activity comes from the trace listing', async () => {
  reset('failed');
  const id = await dispatch('do the impossible');
  const status = await finishedStatus(id);
  assert.ok(status.startsWith('reached: no\nstatus: failed\n'), status);
  assert.match(status, /^selectedTemplateId: \(none\)$/m);
  assert.match(status, /^error: walk exhausted: no candidate template$/m);
  assert.match(status, /^learning: not reported by goal-host$/m);
  const reasoning = await call('goal_reasoning', { dispatch_id: id });
  assert.match(reasoning.text, /^ {2}#1 ✗ select_template\/deterministic goal → \(none\), no_candidate: all excluded$/m);
  const lists = callsOf('executionTraceList');
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'not_reached', rationale: 'walk failed' });
  assert.equal(feedback.isError, false, feedback.text);
  assert.match(feedback.text, /activity satisfier:goal-host-walk-failed$/m);
  assert.match(
    feedback.text,
    /^activity: satisfier:goal-host-walk-failed \(taken from the trace listing, since the dispatch record has no selected template\)$/m,
  );
  assert.equal(callsOf('executionTraceList'), lists + 1);
  assert.equal(e.switches.calls.filter((c) => c.shape === 'executionTraceList').at(-1)!.pointer.limit, 50);
});

test('canonical loop, satisfier walk: failed+reached, no trace read, the label still written', async () => {
  reset('satisfier');
  const id = await dispatch('make sure fileWritten exists');
  const traceReads = callsOf('activityExecutionTrace');
  const status = await finishedStatus(id);
  assert.ok(status.startsWith('reached: yes\nstatus: failed\n'), status);
  assert.match(
    status,
    /^trace: walk-satisfier-\w+ is a satisfier reach, which persists no task trace, so activity-api was not asked; its walk is in the dispatch record \(goal_reasoning\)$/m,
  );
  assert.match(status, /^learning: none recorded$/m);
  const reasoning = await call('goal_reasoning', { dispatch_id: id });
  assert.match(reasoning.text, /satisfier: pool already holds fileWritten/);
  assert.equal(callsOf('activityExecutionTrace'), traceReads, 'activity-api is never asked for a satisfier trace');
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'reached', rationale: 'the shape was already there' });
  assert.match(feedback.text, /for execution walk-satisfier-\w+, activity satisfier:pool-holds-shape$/m);
});

test('canonical loop, running walk: the live walkLog tail, "still running", feedback refused', async () => {
  reset('running');
  const id = await dispatch('a long walk');
  for (let i = 0; i < 6; i++) await call('goal_status', { dispatch_id: id });
  const status = await call('goal_status', { dispatch_id: id });
  assert.ok(status.text.startsWith('reached: (running)\nstatus: running\n'), status.text);
  const tail = /^walk log \(last 6 of (\d+)\):$/m.exec(status.text);
  assert.ok(tail && Number(tail[1]) > 6, status.text);
  assert.doesNotMatch(status.text, /^ {2}dispatch .* accepted/m, 'only the last 6 entries');
  assert.doesNotMatch(status.text, /^learning:/m);
  const reasoning = await call('goal_reasoning', { dispatch_id: id });
  // SPEC §goal_reasoning: "still running" and nothing else; the next step is in the envelope.
  assert.equal(reasoning.text, 'still running');
  assert.deepEqual(reasoning.meta.next_steps, [{ tool: 'goal_status', args: { dispatch_id: id }, why: 'wait for the dispatch to finish' }]);
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'partial', rationale: 'too early' });
  assert.equal(feedback.isError, true);
  assert.match(feedback.text, new RegExp(`^dispatch_running: dispatch ${id} is still running; no label was written`));
});

test('run_goal polls to the outcome; past the deadline it replies with the dispatchId and a goal_status hint', async () => {
  reset('reached');
  const reads = callsOf('goalWalkState');
  const done = await call('run_goal', { goal: 'write docs/quick.md', learning_mode: 'observe' });
  assert.equal(done.isError, false, done.text);
  assert.ok(done.text.startsWith('reached: yes\nstatus: completed\n'), done.text);
  assert.match(done.text, /^dispatchId: [\w-]+$/m);
  assert.match(done.text, /^warning: learning_mode observe was requested, yet goal-host recorded a posterior change for this walk$/m);
  assert.match(done.text, /^note: under observe, goal path recorded is not evidence of a write/m);
  assert.deepEqual(
    done.meta.warnings_v2?.map((w: { code: string }) => w.code),
    ['learned_under_observe'],
  );
  assert.match(done.text, /^learning_mode: observe \(requested; /m);
  assert.match(done.text, /^duration: \d+\.\d s \(\d+ polls\)$/m);
  assert.ok(callsOf('goalWalkState') - reads >= 2, 'polled more than once');

  reset('running');
  const started = Date.now();
  const late = await call('run_goal', { goal: 'never ends' });
  assert.equal(late.isError, false, late.text);
  assert.ok(Date.now() - started >= 1400, 'polled until RUN_GOAL_TIMEOUT_MS');
  const id = /^dispatchId: (\S+)$/m.exec(late.text)?.[1];
  assert.ok(id, late.text);
  assert.match(late.text, /^still running after the 1\.5 s polling deadline \(RUN_GOAL_TIMEOUT_MS\); the goal keeps running on goal-host\.$/m);
  assert.match(late.text, new RegExp(`^Next: goal_status\\(dispatch_id: "${id}"\\)$`, 'm'));
});

test('a refused dispatch returns its status and error and is sent once: 429, 503, refused, no goal', async () => {
  reset('reached');
  e.setSwitch('goalDispatch', 'busy');
  const before429 = callsOf('goalDispatchAsync');
  const busy = await call('run_goal_async', { goal: 'g' });
  assert.equal(busy.isError, true);
  assert.equal(busy.text, "goal_host_busy(429): goal-host's spend-rate breaker refused the dispatch: too many dispatches in flight; nothing was dispatched");
  assert.equal(callsOf('goalDispatchAsync'), before429 + 1, 'a dispatch is never retried');
  e.setSwitch('goalDispatch', 'draining');
  const draining = await call('run_goal', { goal: 'g' });
  assert.equal(draining.isError, true);
  assert.equal(
    draining.text,
    'goal_host_draining(503): goal-host is draining and takes no new walk: goal-host is draining; retry later; nothing was dispatched',
  );
  e.setSwitch('goalDispatch', 'refused');
  const refused = await call('run_goal_async', { goal: 'g' });
  assert.match(refused.text, /^dispatch_refused: goal-host refused the goal \(dispatch [\w-]+\): no template can reach this goal; nothing ran$/);
  const none = await call('run_goal_async', {});
  assert.equal(none.text, 'invalid_arguments: run_goal_async: goal or target_template_id is required; nothing was dispatched');
});

test('a missing dispatch: goal-host 404 names pruning; through discovery with no producer, the no_producer line', async () => {
  reset('reached');
  const missing = await call('goal_status', { dispatch_id: 'd-unknown' });
  assert.equal(missing.isError, true);
  assert.equal(
    missing.text,
    'dispatch_not_found: goal-host has no dispatch d-unknown; it keeps dispatch records in memory (about the last 100), so the record was pruned or never existed',
  );
  e.setSwitch('noProducer', ['goalWalkState']);
  for (const tool of ['goal_status', 'goal_reasoning']) {
    const spoke = await call(tool, { dispatch_id: 'd-unknown' });
    assert.equal(spoke.isError, true);
    assert.equal(
      spoke.text,
      'no_producer(goalWalkState): either no producer answered for goalWalkState, or goal-host has no dispatch d-unknown ' +
        '(it keeps about the last 100 dispatch records in memory; a forwarded 404 does not say which)',
    );
  }
  const feedback = await call('provide_feedback', { dispatch_id: 'd-unknown', verdict: 'reached', rationale: 'r' });
  assert.match(feedback.text, /^no_producer\(goalWalkState\): .*; no label was written$/);
});

test('provide_feedback: a refused label through a spoke is the no_producer line, and nothing is retried', async () => {
  reset('reached');
  const id = await dispatch('write docs/spoke.md');
  await finishedStatus(id);
  e.setSwitch('noProducer', ['goal_verification_label_write']);
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'partial', rationale: 'half there' });
  assert.equal(feedback.isError, true);
  assert.equal(
    feedback.text,
    'no_producer(goal_verification_label_write): either no producer answered, or the producer refused the label (a 400 naming missing fields); no label was written',
  );
});

test('provide_feedback with no activity either way writes nothing and names where the assessment goes', async () => {
  reset('failed');
  const id = await dispatch('fail without a listed trace');
  await finishedStatus(id);
  const executionId = `exec_${id.slice(0, 8)}`;
  const at = e.switches.traces.findIndex((t) => t.id === executionId);
  assert.ok(at >= 0);
  e.switches.traces.splice(at, 1);
  const writes = callsOf('goal_verification_label_write');
  const feedback = await call('provide_feedback', { dispatch_id: id, verdict: 'not_reached', rationale: 'misrouted' });
  assert.equal(feedback.isError, true);
  assert.equal(
    feedback.text,
    `label_not_written: dispatch ${id} records no selected template and its execution ${executionId} is not among the newest 50 traces with an activity; ` +
      'record the assessment with record_finding (category goal-routing) instead',
  );
  assert.equal(callsOf('goal_verification_label_write'), writes, 'nothing was written');
});
