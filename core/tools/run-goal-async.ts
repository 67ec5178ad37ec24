// SPEC §run_goal_async: dispatch a goal (goalDispatchAsync, a write, never retried) and return
// its dispatchId at once, with the goal_status hint of the canonical loop.
import { failureAnswer, defineTool, type ToolAnswer } from './define-tool.ts';
import { dispatchGoal, dispatchInputSchema, missingGoalCause, requestedModeLine } from './goal-host-access.ts';

// @anchor handle
export default defineTool({
  name: 'run_goal_async',
  title: 'Dispatch a goal asynchronously',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description:
    'Dispatch a goal to the substrate (the default for non-trivial goals); returns a dispatchId. ' +
    'Canonical loop: run_goal_async -> goal_status -> goal_reasoning -> provide_feedback. Judge by reached, not status.',
  inputSchema: dispatchInputSchema,
  async handle(args, ctx): Promise<ToolAnswer> {
    const missing = missingGoalCause('run_goal_async', args);
    if (missing) return failureAnswer(missing);
    const dispatched = await dispatchGoal(ctx, args);
    if (!dispatched.ok) return failureAnswer(dispatched.cause);
    const { dispatchId } = dispatched;
    const lines = [
      `Dispatched: ${dispatchId} (goal-host status ${dispatched.status})`,
      ...(dispatched.coalesced ? ['coalesced: goal-host returned an already-running dispatch for this goal (another caller may have started it)'] : []),
      `operator: ${dispatched.operator} (declared; tags carry session:${ctx.sessionId})`,
      ...requestedModeLine(args.learning_mode),
      `Next: goal_status(dispatch_id: "${dispatchId}") until reached is yes or no, then goal_reasoning, then provide_feedback.`,
    ];
    return { text: lines.join('\n'), nextSteps: [{ tool: 'goal_status', args: { dispatch_id: dispatchId }, why: 'follow the dispatch to its outcome' }] };
  },
});
