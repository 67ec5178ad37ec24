// SPEC §provide_feedback: an automated verification label for a finished dispatch, written once
// to activity-api's oracle corpus (goal_verification_label_write). The goal, execution and
// activity come from the dispatch record; with no template the activity comes from the trace
// listing, and with no activity or no execution nothing is written and the reply says where
// the assessment goes instead.
import { z } from 'zod';
import { failureAnswer, defineTool } from './define-tool.ts';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { cause } from '../process/cause.ts';
import { bareExecutionId } from '../substrate/execution-traces.ts';
import { goalOf, isRunning } from '../substrate/goal-walk.ts';
import { claimSourceOf, operatorOf, readWalkState } from './goal-host-access.ts';
import { listExecutionTraces } from './trace-access.ts';
import { resolveShape } from './substrate-access.ts';

/** SPEC §provide_feedback: the activity is looked up in the newest 50 traces. */
const LISTING_LIMIT = 50;
const VERDICTS = { reached: 'achieved', not_reached: 'not_achieved', partial: 'partial' } as const;
const ELSEWHERE = 'record the assessment with record_finding (category goal-routing) instead';

function errorOf(body: unknown): string {
  const e = (body as { error?: unknown } | undefined)?.error;
  return typeof e === 'string' ? e.slice(0, 300) : 'no error given';
}

// @anchor handle
export default defineTool({
  name: 'provide_feedback',
  title: 'Record your verdict on a finished dispatch',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `Record an automated verification label for a finished dispatch: reached, not_reached or partial, with your evidence (written once, never as a human label).`,
  inputSchema: z.object({
    dispatch_id: cappedString(INPUT_CAPS.id).min(1).describe('The dispatchId from run_goal_async'),
    verdict: z.enum(['reached', 'not_reached', 'partial']).describe('Whether the goal was achieved'),
    rationale: cappedString(INPUT_CAPS.details).min(1).describe('The evidence behind the verdict; stored as the label notes'),
    confidence: z.number().min(0).max(1).default(0.9).describe('Confidence, 0..1'),
    goal: cappedString(INPUT_CAPS.details).optional().describe('Goal text, when the dispatch record lacks it'),
  }),
  async handle(args, ctx) {
    const read = await readWalkState(ctx, args.dispatch_id);
    if (!read.ok) return failureAnswer(cause(read.cause.code, `${read.cause.line}; no label was written`, read.cause.data));
    const record = read.record;
    if (isRunning(record)) {
      return failureAnswer(
        cause(
          'dispatch_running',
          `dispatch_running: dispatch ${record.dispatchId} is still running; no label was written — give feedback once goal_status shows it finished`,
        ),
      );
    }
    const goal = goalOf(record, args.goal);
    if (!goal) {
      return failureAnswer(
        cause('invalid_arguments', `invalid_arguments: provide_feedback: the dispatch record carries no goal; pass goal. No label was written`),
      );
    }
    if (!record.executionId) {
      return failureAnswer(
        cause('label_not_written', `label_not_written: dispatch ${record.dispatchId} has no execution, so there is no trace to label; ${ELSEWHERE}`),
      );
    }
    const executionId = bareExecutionId(record.executionId);
    const notes: string[] = [];
    let activity = record.selectedTemplateId;
    if (!activity) {
      // A misrouted or failed walk records no template; its trace row names the closing activity.
      const listed = await listExecutionTraces(ctx, LISTING_LIMIT);
      const row = listed.ok ? listed.listing.rows.find((r) => r.id === executionId) : undefined;
      activity = row?.activityId ?? row?.templateId;
      if (!activity) {
        const why = listed.ok ? `its execution ${executionId} is not among the newest ${LISTING_LIMIT} traces with an activity` : listed.cause.line;
        return failureAnswer(
          cause('label_not_written', `label_not_written: dispatch ${record.dispatchId} records no selected template and ${why}; ${ELSEWHERE}`),
        );
      }
      notes.push(`activity: ${activity} (taken from the trace listing, since the dispatch record has no selected template)`);
    }
    const operator = operatorOf(ctx);
    const verdict = VERDICTS[args.verdict];
    const pointer = {
      type: 'goal_verification_label_write',
      goal,
      execution_id: executionId,
      activity_id: activity,
      verdict,
      confidence: args.confidence,
      labeler: 'automated',
      notes: `${args.rationale} [operator: ${operator}] [session: ${ctx.sessionId}]`,
    };
    const result = await resolveShape(ctx, pointer, { family: 'trace', write: true, claim: claimSourceOf(ctx) });
    if (!result.ok) {
      if (result.cause === 'no_producer') {
        return failureAnswer(
          cause(
            'no_producer',
            'no_producer(goal_verification_label_write): either no producer answered, or the producer refused the label ' +
              '(a 400 naming missing fields); no label was written',
          ),
        );
      }
      return failureAnswer(cause(result.cause, `${result.line}; no label was written`));
    }
    const body = result.body as { success?: unknown; content?: unknown } | undefined;
    if (result.status !== 200 || body?.success === false) {
      return failureAnswer(cause('label_rejected', `label_rejected(${result.status}): activity-api refused the label: ${errorOf(body)}; no label was written`));
    }
    let labelId = '(no id returned)';
    try {
      const parsed = typeof body?.content === 'string' ? JSON.parse(body.content) : body?.content;
      if (parsed && typeof parsed.id === 'string') labelId = parsed.id.slice(0, 200);
    } catch {
      // The label was written; an unreadable id only leaves it unnamed.
    }
    return [
      `Label written: ${labelId}`,
      `verdict: ${verdict} (labeler automated, confidence ${args.confidence}) for execution ${executionId}, activity ${activity}`,
      ...notes,
      'It lands in the oracle corpus (goal_verification_labels) for offline audit; no automated reach-gate reads it, and an agent verdict is never a human label.',
    ].join('\n');
  },
});
