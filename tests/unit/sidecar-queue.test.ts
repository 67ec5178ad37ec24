// The agent-resolver queue's rules on a real sidecar.db (SPEC §Agent-resolver tools): one task per
// solicitation, expiry before listing, non-exclusive claims, the answer recorded once, one sender
// at a time for a queued answer, and the file owner-only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { tempDir } from '../helpers/git.ts';
import { DELIVERY_LEASE_MS, SidecarQueueService, sidecarPath } from '../../core/ledger/sidecar-queue.ts';

test('enqueue, pull with expiry and claims, resolve once, one delivery claim at a time', async () => {
  const env = { METABOB_HOME: tempDir('metabob-sidecar-unit-') };
  const service = new SidecarQueueService(env);
  const opened = await service.open();
  assert.ok(opened.ok);
  const q = opened.queue;
  assert.equal(statSync(sidecarPath(env)).mode & 0o777, 0o600);
  const base = { vesselId: 'v1', dispatchId: null, question: 'Q?', timeoutMs: 1000 };
  const a = q.enqueue({ ...base, solicitationId: 's1', now: 0 });
  assert.equal(a.created, true);
  assert.deepEqual(q.enqueue({ ...base, solicitationId: 's1', now: 5 }), { task: a.task, created: false });
  q.enqueue({ ...base, solicitationId: 's2', now: 10, timeoutMs: 5 });
  q.enqueue({ ...base, vesselId: 'other', solicitationId: 's3', now: 0 });

  const first = q.pull('v1', 'session-a', 10, 100);
  assert.equal(first.expired, 1);
  assert.deepEqual(
    first.tasks.map((t) => [t.solicitation_id, t.status, t.claimed_by]),
    [['s1', 'claimed', 'session-a']],
  );
  // Not exclusive: another session's pull lists it too, and claims it.
  assert.deepEqual(
    q.pull('v1', 'session-b', 10, 200).tasks.map((t) => t.claimed_by),
    ['session-b'],
  );

  const resolved = q.resolve(a.task.task_id, 'answered', 'yes', 300);
  assert.deepEqual([resolved.status, resolved.delivery, resolved.answer], ['resolved', 'queued', 'yes']);
  assert.equal(q.resolve(a.task.task_id, 'declined', null, 400).outcome, 'answered', 'a recorded answer is kept');
  assert.deepEqual(
    q.undelivered('v1').map((t) => t.solicitation_id),
    ['s1'],
  );
  assert.equal(q.claimDelivery(a.task.task_id, 500), true);
  assert.equal(q.claimDelivery(a.task.task_id, 600), false, 'one sender at a time');
  assert.equal(q.claimDelivery(a.task.task_id, 500 + DELIVERY_LEASE_MS + 1), true, 'a dead sender frees it when its lease passes');
  q.noteUndelivered(a.task.task_id, 'no_producer(x): ...');
  assert.equal(q.claimDelivery(a.task.task_id, 700), true);
  q.markDelivered(a.task.task_id, 800, null);
  assert.equal(q.claimDelivery(a.task.task_id, 900), false);
  assert.deepEqual(q.undelivered('v1'), []);
  service.close();
});
