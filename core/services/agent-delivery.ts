// SPEC §Agent-resolver tools: the human_input queue's two ends that are not tools: enqueueing a
// solicitation the loopback resolver accepted, and delivering a recorded answer to goal-host as
// solicitationResponse_write through the attachment (at submit, and at the next start for
// answers a prior session recorded but could not send). Nothing retries within a session.
import { getResolverVesselId } from '../identity/resolver-identity.ts';
import { NO_ATTACHMENT_LINE } from '../substrate/attachment-status.ts';
import type { QueuedTask, SidecarQueue } from '../ledger/sidecar-queue.ts';
import type { Services } from './services.ts';

export const DELIVERY_CAP_MS = 20_000;
export const DEFAULT_SOLICITATION_TIMEOUT_MS = 300_000;
const MAX_TIMEOUT_MS = 24 * 3_600_000;
const MAX_QUESTION_CHARS = 16_384;
const MAX_ID_CHARS = 200;

export type DeliveryOutcome =
  /** goal-host took the answer. */
  | { state: 'delivered' }
  /** goal-host's 404: the solicitation timed out; marked delivered, never retried. */
  | { state: 'timed_out'; line: string }
  /** Not delivered; kept queued for the next session's startup reconcile. */
  | { state: 'kept'; cause: string; line: string };

export type EnqueueAnswer =
  { ok: true; accepted: true; solicitation_id: string; task_id: string; created: boolean; will_respond_via: string } | { ok: false; error: string };

function text(v: unknown, cap: number): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, cap) : undefined;
}

/** The resolver's vessel id for the workspace the process has decided, if it has. */
export function resolverVesselOf(services: Services): string | undefined {
  const decision = services.workspace.decideNow();
  return decision.decided ? getResolverVesselId(decision.path, services.env) : undefined;
}

// SPEC §Impulse shapes `human_input`: question_markdown (required), solicitation_id or id,
// timeout_ms (default 300 000); durably enqueued before the POST is acknowledged.
export async function enqueueHumanInput(services: Services, impulseId: string | null, pointer: Record<string, unknown>): Promise<EnqueueAnswer> {
  const question = typeof pointer.question_markdown === 'string' && pointer.question_markdown.trim() ? pointer.question_markdown : undefined;
  if (!question) return { ok: false, error: 'invalid_impulse: human_input needs question_markdown, the question to ask; nothing was enqueued' };
  if (question.length > MAX_QUESTION_CHARS) {
    return { ok: false, error: `invalid_impulse: question_markdown is over ${MAX_QUESTION_CHARS} characters; nothing was enqueued` };
  }
  const timeout = pointer.timeout_ms === undefined ? DEFAULT_SOLICITATION_TIMEOUT_MS : Number(pointer.timeout_ms);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_MS) {
    return { ok: false, error: `invalid_impulse: timeout_ms must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}; nothing was enqueued` };
  }
  const solicitationId = text(pointer.solicitation_id, MAX_ID_CHARS) ?? text(pointer.id, MAX_ID_CHARS) ?? text(impulseId, MAX_ID_CHARS);
  if (!solicitationId)
    return { ok: false, error: 'invalid_impulse: human_input needs solicitation_id (or id), which the answer is delivered under; nothing was enqueued' };
  const vesselId = resolverVesselOf(services);
  if (!vesselId) return { ok: false, error: 'workspace_undetermined: the queue is keyed by the workspace, which is not decided yet; nothing was enqueued' };
  const opened = await services.sidecar.open();
  if (!opened.ok) return { ok: false, error: opened.cause };
  const dispatchId = text(pointer.dispatch_id, MAX_ID_CHARS) ?? text(pointer.dispatchId, MAX_ID_CHARS) ?? null;
  const { task, created } = opened.queue.enqueue({ vesselId, solicitationId, dispatchId, question, timeoutMs: timeout, now: services.clock.now() });
  return {
    ok: true,
    accepted: true,
    solicitation_id: solicitationId,
    task_id: task.task_id,
    created,
    will_respond_via: 'pull_assigned_work / submit_resolution',
  };
}

// @anchor deliverResolution
/** One delivery of a recorded answer (20 s cap), its outcome written to the queue. */
export async function deliverResolution(services: Services, queue: SidecarQueue, task: QueuedTask): Promise<DeliveryOutcome> {
  const attachment = services.attachment;
  if (!attachment) return keep(queue, task, 'not_configured', NO_ATTACHMENT_LINE);
  const status = await attachment.status();
  if (!status.attached) return keep(queue, task, status.cause?.code ?? 'not_attached', status.cause?.line ?? status.summary);
  if (!queue.claimDelivery(task.task_id, services.clock.now())) {
    return { state: 'kept', cause: 'delivery_in_flight', line: 'delivery_in_flight: another session is sending this answer now' };
  }
  const pointer: Record<string, unknown> = { type: 'solicitationResponse_write', solicitationId: task.solicitation_id, outcome: task.outcome };
  if (task.answer) pointer.answer = task.answer;
  const workspace = services.workspace.decideNow();
  const claim = { sessionId: services.sessionId, vesselId: workspace.decided ? services.author.of(workspace.path).vesselId : undefined };
  const answer = await attachment.resolve(pointer, { family: 'goal', write: true, timeoutMs: DELIVERY_CAP_MS, claim });
  if (!answer.ok) return keep(queue, task, answer.cause, answer.line);
  const body = answer.body as { resolved?: boolean; error?: unknown } | undefined;
  if (answer.status === 404) {
    const said = typeof body?.error === 'string' ? ` (${body.error.slice(0, 200)})` : '';
    const line = `goal-host answered 404${said}: the solicitation timed out, so the answer is marked delivered and never retried`;
    queue.markDelivered(task.task_id, services.clock.now(), line);
    return { state: 'timed_out', line };
  }
  if (answer.status >= 200 && answer.status < 300 && body?.resolved !== false) {
    queue.markDelivered(task.task_id, services.clock.now(), null);
    return { state: 'delivered' };
  }
  const said = typeof body?.error === 'string' ? `: ${body.error.slice(0, 200)}` : '';
  return keep(queue, task, 'delivery_failed', `delivery_failed: goal-host answered solicitationResponse_write with HTTP ${answer.status}${said}`);
}

function keep(queue: SidecarQueue, task: QueuedTask, cause: string, line: string): DeliveryOutcome {
  queue.noteUndelivered(task.task_id, line);
  return { state: 'kept', cause, line };
}

// @anchor reconcileUndelivered
/**
 * At startup: re-delivers, once each, the answers a prior session in this workspace with this
 * key recorded but could not send. Waits for the attachment and the workspace; reads nothing
 * when no queue file exists.
 */
export async function reconcileUndelivered(services: Services): Promise<{ sent: number; kept: number; timedOut: number }> {
  const tally = { sent: 0, kept: 0, timedOut: 0 };
  if (!services.attachment || !services.sidecar.exists()) return tally;
  const decision = await services.workspace.decide();
  if (!decision.decided) return tally;
  if (!(await services.attachment.status()).attached) return tally;
  const opened = await services.sidecar.open();
  if (!opened.ok) {
    services.log.warn(opened.cause);
    return tally;
  }
  for (const task of opened.queue.undelivered(getResolverVesselId(decision.path, services.env))) {
    const outcome = await deliverResolution(services, opened.queue, task);
    if (outcome.state === 'delivered') tally.sent++;
    else if (outcome.state === 'timed_out') tally.timedOut++;
    else tally.kept++;
  }
  if (tally.sent + tally.kept + tally.timedOut > 0) {
    services.log.info(`agent-resolver reconcile: ${tally.sent} answer(s) delivered, ${tally.timedOut} timed out at goal-host, ${tally.kept} still queued`);
  }
  return tally;
}
