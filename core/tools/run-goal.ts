// SPEC §run_goal: dispatch as run_goal_async does, then poll the dispatch record on a schedule
// until it leaves running or the polling deadline passes. No request is held open for the goal:
// each poll is a short goalWalkState read.
import { failureAnswer, defineTool, type ToolAnswer, type ToolContext } from './define-tool.ts';
import { headerLines, isRunning, learningLines, type WalkRecord } from '../substrate/goal-walk.ts';
import { dispatchGoal, dispatchInputSchema, missingGoalCause, readWalkState, requestedModeLine } from './goal-host-access.ts';

const DEFAULT_POLL_MS = 2_000;
const DEFAULT_POLL_MAX_MS = 15_000;
const DEFAULT_TIMEOUT_MS = 290_000;

function positiveMs(value: string | undefined, fallback: number): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export interface PollSchedule {
  pollMs: number;
  pollMaxMs: number;
  timeoutMs: number;
}

/** RUN_GOAL_POLL_MS, RUN_GOAL_POLL_MAX_MS and RUN_GOAL_TIMEOUT_MS, each a positive number of ms. */
export function pollScheduleOf(env: NodeJS.ProcessEnv): PollSchedule {
  const pollMs = positiveMs(env.RUN_GOAL_POLL_MS, DEFAULT_POLL_MS);
  return {
    pollMs,
    pollMaxMs: Math.max(pollMs, positiveMs(env.RUN_GOAL_POLL_MAX_MS, DEFAULT_POLL_MAX_MS)),
    timeoutMs: positiveMs(env.RUN_GOAL_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
  };
}

// @anchor runGoalPollDelayMs
/**
 * The pause before poll `n` (0-based): the first three are RUN_GOAL_POLL_MS apart, then the
 * pauses double up to RUN_GOAL_POLL_MAX_MS, because every goalWalkState read makes goal-host
 * re-read the execution's oracle labels from the trace store.
 */
export function runGoalPollDelayMs(n: number, schedule: PollSchedule): number {
  if (n < 3) return schedule.pollMs;
  return Math.min(schedule.pollMaxMs, schedule.pollMs * 2 ** Math.min(n - 2, 30));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

type PollOutcome =
  | { kind: 'finished'; record: WalkRecord; polls: number }
  | { kind: 'deadline' | 'cancelled'; polls: number }
  | { kind: 'failed'; line: string; code: string; polls: number };

// @anchor run-goal-poll
async function pollUntilFinished(ctx: ToolContext, dispatchId: string, schedule: PollSchedule, started: number): Promise<PollOutcome> {
  const deadline = started + schedule.timeoutMs;
  for (let n = 0; ; n++) {
    const remaining = deadline - ctx.services.clock.now();
    if (remaining <= 0) return { kind: 'deadline', polls: n };
    await sleep(Math.min(runGoalPollDelayMs(n, schedule), remaining), ctx.signal);
    if (ctx.signal.aborted) return { kind: 'cancelled', polls: n };
    const read = await readWalkState(ctx, dispatchId);
    if (!read.ok) return { kind: 'failed', line: read.cause.line, code: read.cause.code, polls: n + 1 };
    ctx.progress(n + 1, undefined, `dispatch ${dispatchId}: ${read.record.status}`);
    if (!isRunning(read.record)) return { kind: 'finished', record: read.record, polls: n + 1 };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// @anchor handle
export default defineTool({
  name: 'run_goal',
  title: 'Dispatch a goal and wait for its outcome',
  tier: 'substrate',
  complexity: 'heavy',
  baseline: null,
  description:
    'Dispatch a goal and poll until it leaves running (short, one-shot goals); prefer run_goal_async for anything non-trivial. ' +
    'Judge by reached, not status.',
  inputSchema: dispatchInputSchema,
  async handle(args, ctx): Promise<ToolAnswer> {
    const missing = missingGoalCause('run_goal', args);
    if (missing) return failureAnswer(missing);
    const schedule = pollScheduleOf(ctx.services.env);
    const started = ctx.services.clock.now();
    const dispatched = await dispatchGoal(ctx, args);
    if (!dispatched.ok) return failureAnswer(dispatched.cause);
    const { dispatchId } = dispatched;
    const hint = { tool: 'goal_status', args: { dispatch_id: dispatchId }, why: 'the goal keeps running on goal-host' };
    const outcome = await pollUntilFinished(ctx, dispatchId, schedule, started);
    const duration = seconds(ctx.services.clock.now() - started);
    if (outcome.kind === 'failed') {
      const line = `${outcome.line}\ndispatchId: ${dispatchId} (dispatched; the goal may still be running on goal-host: goal_status(dispatch_id: "${dispatchId}"))`;
      return {
        text: line,
        isError: true,
        diagnosis: [{ code: outcome.code, severity: 'error', message: outcome.line, data: { dispatch_id: dispatchId } }],
        nextSteps: [hint],
      };
    }
    if (outcome.kind !== 'finished') {
      const why =
        outcome.kind === 'deadline'
          ? `still running after the ${seconds(schedule.timeoutMs)} polling deadline (RUN_GOAL_TIMEOUT_MS)`
          : 'polling stopped: the call was cancelled';
      const lines = [
        `reached: (running)`,
        `${why}; the goal keeps running on goal-host.`,
        `dispatchId: ${dispatchId}`,
        `duration: ${duration} (${outcome.polls} polls)`,
        `Next: goal_status(dispatch_id: "${dispatchId}")`,
      ];
      return { text: lines.join('\n'), nextSteps: [hint] };
    }
    const learning = learningLines(outcome.record, args.learning_mode);
    const learnedAnyway = learning.find((l) => l.startsWith('warning: '));
    const lines = [
      ...headerLines(outcome.record, { dispatchId: true }),
      ...learning,
      ...requestedModeLine(args.learning_mode),
      `duration: ${duration} (${outcome.polls} polls)`,
      `Next: goal_reasoning(dispatch_id: "${dispatchId}") for the decision-log, then provide_feedback.`,
    ];
    return {
      text: lines.join('\n'),
      ...(learnedAnyway
        ? {
            warnings: [
              {
                code: 'learned_under_observe',
                severity: 'warning' as const,
                message: learnedAnyway.slice('warning: '.length),
                data: { dispatch_id: dispatchId, learning_mode: args.learning_mode ?? null },
              },
            ],
          }
        : {}),
      nextSteps: [{ tool: 'goal_reasoning', args: { dispatch_id: dispatchId }, why: 'read the walk decision-log' }],
    };
  },
});
