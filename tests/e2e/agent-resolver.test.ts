// The agent-resolver queue end to end (SPEC §Agent-resolver tools, §Impulse shapes human_input):
// the built server over stdio and its loopback resolver against the emulator, one METABOB_HOME
// across restarts. A human_input POSTed to the resolver is durably queued in sidecar.db (0600),
// survives a restart, is answered with submit_resolution, and its answer reaches goal-host once:
// at submit, or at the next start when it could not be sent. goal-host's 404 is terminal.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

const NO_INBOUND =
  'No task is queued, and none can arrive from the substrate: this session advertises no shape, so the substrate has no inbound offer to dispatch a task to ' +
  '(CONFORMANCE §c11-attachment-model). Only a local caller of the loopback resolver queues one (a human_input impulse); do not poll.';

async function emulator(): Promise<Emulator> {
  const e = await startEmulator();
  cleanups.push(() => e.stop());
  return e;
}

/** A session in `ws` with `home`, attached to the emulator with its full key. */
async function session(e: Emulator, home: string, ws: string): Promise<ServerUnderTest> {
  const s = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_HOME: home, WORKSPACE_PATH: ws }, { cwd: ws });
  cleanups.push(() => s.close());
  await s.waitForHealth((h) => h.attached === true);
  return s;
}

const call = (s: ServerUnderTest, name: string, args: Record<string, unknown>) => s.call(name, args);

function ask(s: ServerUnderTest, e: Emulator, pointer: Record<string, unknown>) {
  return s.post('/v2/impulses/resolve', { pointer: { type: 'human_input', ...pointer } }, { authorization: `ApiKey ${e.key}` });
}

const deliveries = (e: Emulator, solicitationId: string) =>
  e.switches.calls.filter((c) => c.shape === 'solicitationResponse_write' && c.pointer.solicitationId === solicitationId);

function taskIdIn(text: string): string {
  const m = /^1\. (task_[0-9A-Z]+) /m.exec(text);
  assert.ok(m, text);
  return m[1];
}

test('a queued human_input survives a restart; an answer no producer took is re-sent at the next start and delivered once', async () => {
  const e = await emulator();
  const home = tempDir('metabob-sidecar-home-');
  const ws = tempDir('metabob-sidecar-ws-');
  const first = await session(e, home, ws);
  const ack = await ask(first, e, {
    question_markdown: 'Which branch should the release cut from?',
    solicitation_id: 'sol-1',
    dispatch_id: 'disp-1',
    timeout_ms: 600_000,
  });
  assert.equal(ack.status, 200);
  assert.deepEqual(
    [ack.json.loaded, ack.json.accepted, ack.json.solicitation_id, ack.json.will_respond_via],
    [true, true, 'sol-1', 'pull_assigned_work / submit_resolution'],
  );
  assert.equal(statSync(join(home, 'sidecar.db')).mode & 0o777, 0o600);
  await first.close();

  const second = await session(e, home, ws);
  const pulled = await call(second, 'pull_assigned_work', {});
  assert.equal(pulled.isError, false);
  assert.match(pulled.text, /^1 task\(s\) queued for this workspace \(vessel metabob-mcp-[0-9a-f]{12}\), oldest first, now claimed by this session/);
  assert.match(pulled.text, /^1\. task_[0-9A-Z]+ \(dispatch disp-1, solicitation sol-1\), (9|10) min left to respond$/m);
  assert.match(pulled.text, /^ {3}Which branch should the release cut from\?$/m);
  const taskId = taskIdIn(pulled.text);
  // A claim is not exclusive: the task lists again until it is resolved.
  assert.equal(taskIdIn((await call(second, 'pull_assigned_work', {})).text), taskId);

  e.setSwitch('noProducer', ['solicitationResponse_write']);
  const kept = await call(second, 'submit_resolution', { task_id: taskId, outcome: 'answered', answer: 'Cut from main.' });
  assert.equal(kept.isError, false);
  assert.match(
    kept.text,
    new RegExp(`^Recorded: ${taskId} \\(answered\\) for solicitation sol-1\\. Not delivered: no_producer\\(solicitationResponse_write\\): `),
  );
  assert.match(kept.text, /the answer stays queued and is re-sent at each session's start\.$/);
  assert.equal(deliveries(e, 'sol-1').length, 0);
  // Nothing retries within the session; a second submit changes nothing.
  const again = await call(second, 'submit_resolution', { task_id: taskId, outcome: 'declined' });
  assert.equal(again.isError, true);
  assert.match(again.text, /^already_resolved: .* \(answered\); that answer is still queued for delivery \(no_producer\(solicitationResponse_write\)/);
  assert.equal((await call(second, 'pull_assigned_work', {})).text.split('\nNext')[0], NO_INBOUND);
  await second.close();

  e.setSwitch('noProducer', []);
  e.switches.solicitations.push('sol-1');
  const third = await session(e, home, ws);
  await waitFor(() => deliveries(e, 'sol-1').length === 1 || undefined, 10_000, 'the startup reconcile');
  assert.deepEqual(
    { ...deliveries(e, 'sol-1')[0].pointer, client_claim: undefined },
    { type: 'solicitationResponse_write', solicitationId: 'sol-1', outcome: 'answered', answer: 'Cut from main.', client_claim: undefined },
  );
  assert.equal(e.switches.solicitations.length, 0);
  // goal-host has the answer; the session records the delivery when goal-host's reply reaches it, a moment later.
  const done = await waitFor(
    async () => {
      const r = await call(third, 'submit_resolution', { task_id: taskId, outcome: 'answered', answer: 'again' });
      return /that answer is delivered; nothing was changed$/.test(r.text) ? r : undefined;
    },
    10_000,
    'the delivery recorded',
  );
  assert.match(done.text, /^already_resolved: /);
  assert.equal(deliveries(e, 'sol-1').length, 1, 'asking again sends nothing');
  await third.close();

  // A later start finds nothing undelivered: goal-host saw the answer once.
  const fourth = await session(e, home, ws);
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(deliveries(e, 'sol-1').length, 1);
  await fourth.close();
});

test("goal-host's 404 is terminal; another failure stays queued until the next start", async () => {
  const e = await emulator();
  const home = tempDir('metabob-sidecar-home-');
  const ws = tempDir('metabob-sidecar-ws-');
  const s = await session(e, home, ws);
  for (const id of ['sol-timed-out', 'sol-unreachable']) assert.equal((await ask(s, e, { question_markdown: `Question ${id}`, id })).json.accepted, true);
  const pulled = (await call(s, 'pull_assigned_work', {})).text;
  const ids = [...pulled.matchAll(/^\d\. (task_[0-9A-Z]+) \(dispatch none, solicitation (\S+)\)/gm)].map((m) => [m[2], m[1]]);
  const task = Object.fromEntries(ids);
  assert.deepEqual(Object.keys(task), ['sol-timed-out', 'sol-unreachable']);

  const timedOut = await call(s, 'submit_resolution', { task_id: task['sol-timed-out'], outcome: 'declined' });
  assert.equal(
    timedOut.text,
    `Recorded: ${task['sol-timed-out']} (declined) for solicitation sol-timed-out. goal-host answered 404 (no pending solicitation with that id): the solicitation timed out, so the answer is marked delivered and never retried.`,
  );
  await e.setUp('goal-host', false);
  const unreachable = await call(s, 'submit_resolution', { task_id: task['sol-unreachable'], outcome: 'insufficient_context' });
  assert.match(unreachable.text, /Not delivered: producer_unreachable\(solicitationResponse_write\): /);
  assert.match(unreachable.text, /The answer stays queued for the next session's startup reconcile; nothing retries within this session\.$/);
  await s.close();

  await e.setUp('goal-host', true);
  e.switches.solicitations.push('sol-unreachable');
  const next = await session(e, home, ws);
  await waitFor(() => deliveries(e, 'sol-unreachable').length === 1 || undefined, 10_000, 'the startup reconcile');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(deliveries(e, 'sol-timed-out').length, 1);
  await next.close();
});

test('pull_assigned_work expires tasks past their deadline; bad impulses and unknown tasks are named', async () => {
  const e = await emulator();
  const ws = tempDir('metabob-sidecar-ws-');
  const s = await session(e, tempDir('metabob-sidecar-home-'), ws);
  const empty = await call(s, 'pull_assigned_work', {});
  assert.equal(empty.text.split('\nNext')[0], NO_INBOUND);
  const missing = await ask(s, e, { id: 'x' });
  assert.deepEqual(
    [missing.json.loaded, missing.json.error],
    [false, 'invalid_impulse: human_input needs question_markdown, the question to ask; nothing was enqueued'],
  );
  assert.equal((await ask(s, e, { question_markdown: 'quick?', id: 'sol-short', timeout_ms: 20 })).json.accepted, true);
  await new Promise((r) => setTimeout(r, 100));
  const expired = await call(s, 'pull_assigned_work', {});
  assert.equal(expired.text.split('\nNext')[0], `1 task(s) passed their deadline and expired; goal-host no longer waits for them.\n${NO_INBOUND}`);
  const unknown = await call(s, 'submit_resolution', { task_id: 'task_NOPE', outcome: 'declined' });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /^unknown_task: task_NOPE is not a task in this workspace's queue; the substrate dispatches no task to this session/);
  const blank = await call(s, 'submit_resolution', { task_id: 'task_NOPE', outcome: 'answered', answer: '  ' });
  assert.match(blank.text, /^invalid_arguments: submit_resolution: answer is required \(non-blank\) when outcome is answered/);
});
