// SPEC §pull_assigned_work: drains the human_input queue the loopback resolver fills. The session
// is a client of the substrate and advertises no shape, so the substrate has no inbound offer to
// dispatch a task to it (CONFORMANCE §c11-attachment-model): an empty queue is said to stay empty.
import { z } from 'zod';
import { defineTool, type ToolAnswer } from './define-tool.ts';
import { resolverVesselOf } from '../services/agent-delivery.ts';

// @anchor NO_INBOUND_OFFER
export const NO_INBOUND_OFFER =
  'No task is queued, and none can arrive from the substrate: this session advertises no shape, so the substrate has no inbound offer to dispatch a task to ' +
  '(CONFORMANCE §c11-attachment-model). Only a local caller of the loopback resolver queues one (a human_input impulse); do not poll.';

function timeLeft(ms: number): string {
  if (ms <= 0) return 'no time';
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
}

export default defineTool({
  name: 'pull_assigned_work',
  title: 'Decisions queued for this session',
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  description: `List the human_input solicitations queued on this machine and claim them for this session.`,
  inputSchema: z.object({
    limit: z.number().int().min(1).max(100).default(10).describe('Max tasks (max 100)'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const vesselId = resolverVesselOf(ctx.services);
    if (!vesselId) return { text: NO_INBOUND_OFFER, emptyReason: 'queue_empty', result: 'empty' };
    if (!ctx.services.sidecar.exists()) return { text: NO_INBOUND_OFFER, emptyReason: 'queue_empty', result: 'empty' };
    const opened = await ctx.services.sidecar.open();
    if (!opened.ok) return { text: opened.cause, isError: true, emptyReason: 'store_unavailable', result: 'store_unavailable' };
    const now = ctx.services.clock.now();
    const { expired, tasks } = opened.queue.pull(vesselId, ctx.sessionId, args.limit, now);
    const expiredLine = expired > 0 ? [`${expired} task(s) passed their deadline and expired; goal-host no longer waits for them.`] : [];
    if (tasks.length === 0) return { text: [...expiredLine, NO_INBOUND_OFFER].join('\n'), emptyReason: 'queue_empty', result: 'empty' };
    const lines = [
      ...expiredLine,
      `${tasks.length} task(s) queued for this workspace (vessel ${vesselId}), oldest first, now claimed by this session (a claim is not exclusive: a task lists until it is resolved or expires):`,
    ];
    tasks.forEach((t, i) => {
      lines.push(
        `${i + 1}. ${t.task_id} (dispatch ${t.dispatch_id ?? 'none'}, solicitation ${t.solicitation_id}), ${timeLeft(t.deadline_at - now)} left to respond`,
      );
      for (const q of t.question.split('\n').slice(0, 40)) lines.push(`   ${q}`);
    });
    lines.push(
      '',
      'Answer each with submit_resolution {"task_id": "<task_id>", "outcome": "answered" | "declined" | "insufficient_context", "answer": "..."}.',
    );
    return { text: lines.join('\n'), result: `${tasks.length} task(s)` };
  },
});
