// SPEC §submit_resolution: records the answer durably first and marks the task resolved, then
// delivers it to goal-host (core/services/agent-delivery.ts). goal-host's 404 is terminal; no
// producer is not (through a spoke a peer goal-host's 404 arrives as no_producer), so that
// answer stays queued and is re-sent at each session's start; nothing retries within a session.
import { z } from 'zod';
import { cappedString, clipEcho } from './input-caps.ts';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { deliverResolution, resolverVesselOf } from '../services/agent-delivery.ts';
import { whenText } from './gap-activity.ts';

const MAX_ANSWER_CHARS = 16_384;

function unknownTask(taskId: string): ToolAnswer {
  return {
    text: `unknown_task: ${clipEcho(taskId)} is not a task in this workspace's queue; the substrate dispatches no task to this session, so only a task_id from pull_assigned_work can be answered`,
    isError: true,
    result: 'unknown_task',
  };
}

export default defineTool({
  name: 'submit_resolution',
  title: 'Answer a queued solicitation',
  tier: 'mixed',
  complexity: 'lite',
  baseline: null,
  description: `Record and deliver the answer to a task from pull_assigned_work.`,
  inputSchema: z.object({
    task_id: cappedString(200).min(1).describe('A task from pull_assigned_work'),
    outcome: z.enum(['answered', 'declined', 'insufficient_context']).describe('The resolution'),
    answer: cappedString(MAX_ANSWER_CHARS).optional().describe('Required when outcome is answered'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    if (args.outcome === 'answered' && !args.answer?.trim()) {
      return { text: 'invalid_arguments: submit_resolution: answer is required (non-blank) when outcome is answered; nothing was recorded', isError: true };
    }
    const vesselId = resolverVesselOf(ctx.services);
    if (!vesselId || !ctx.services.sidecar.exists()) return unknownTask(args.task_id);
    const opened = await ctx.services.sidecar.open();
    if (!opened.ok) return { text: opened.cause, isError: true, emptyReason: 'store_unavailable', result: 'store_unavailable' };
    const queue = opened.queue;
    const found = queue.find(vesselId, args.task_id);
    if (!found) return unknownTask(args.task_id);
    const now = ctx.services.clock.now();
    if (found.status === 'resolved') {
      const state = found.delivery === 'delivered' ? 'delivered' : `still queued for delivery (${found.delivery_note ?? 'not sent yet'})`;
      return {
        text: `already_resolved: ${found.task_id} was answered ${whenText(found.resolved_at ?? now, now)} (${found.outcome}); that answer is ${state}; nothing was changed`,
        isError: true,
        result: 'already_resolved',
      };
    }
    if (found.status === 'expired' || found.deadline_at < now) {
      return {
        text: `task_expired: ${found.task_id} passed its deadline ${whenText(found.deadline_at, now)}; goal-host no longer waits for it; nothing was recorded`,
        isError: true,
        result: 'task_expired',
      };
    }
    const task = queue.resolve(found.task_id, args.outcome, args.answer ?? null, now);
    const recorded = `Recorded: ${task.task_id} (${args.outcome}) for solicitation ${task.solicitation_id}.`;
    const delivery = await deliverResolution(ctx.services, queue, task);
    if (delivery.state === 'delivered') return { text: `${recorded} Delivered to goal-host as solicitationResponse_write.`, result: 'delivered' };
    if (delivery.state === 'timed_out') return { text: `${recorded} ${delivery.line}.`, result: 'timed_out' };
    const next =
      delivery.cause === 'no_producer'
        ? "No producer is not terminal (through a spoke a peer goal-host's 404 arrives this way too): the answer stays queued and is re-sent at each session's start."
        : "The answer stays queued for the next session's startup reconcile; nothing retries within this session.";
    return { text: `${recorded} Not delivered: ${delivery.line}\n${next}`, result: `kept: ${delivery.cause}` };
  },
});
