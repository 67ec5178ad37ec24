// goal-host's and activity-api's emulated producers (substrate-contract §5, §6): dispatch records and execution traces, in memory.
// A dispatch runs the scripted walk the goalWalk switch names (goal-walks.ts).
import { randomUUID } from 'node:crypto';
import type { EmulatedService } from './http-kit.ts';
import { json } from './http-kit.ts';
import type { IdentityEmulator } from './identity.ts';
import { producer } from './producer-kit.ts';
import { principalFor, walkScript } from './goal-walks.ts';
import type { Switches } from './switches.ts';

export function goalHost(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const dispatches = new Map<string, any>();
  return producer('goal-host', identity, switches, (p, auth, raw) => {
    const field = (name: string) => raw?.[name] ?? p?.[name];
    const shape: string = raw?.type ?? p.type;
    if (shape === 'goalDispatchAsync' || shape === 'goal_dispatch_async') {
      const goal = field('goal');
      if (!goal) return json(400, { error: 'goal is required for goalDispatchAsync' });
      const dispatchId = randomUUID();
      if (switches.goalDispatch === 'refused') return json(200, { refused: true, dispatchId, goalReachReason: 'no template can reach this goal' });
      if (switches.goalDispatch === 'draining') return json(503, { draining: true, error: 'goal-host is draining; retry later' }, { 'retry-after': '30' });
      if (switches.goalDispatch === 'busy') return json(429, { error: 'too many dispatches in flight' }, { 'retry-after': '10' });
      const operator = field('operator') ?? null;
      const tags: string[] = field('tags') ?? [];
      const learningMode = field('learning_mode');
      const record: any = {
        dispatchId,
        status: 'running',
        reached: null,
        goal,
        operator,
        tags,
        startedAt: Date.now(),
        walk: switches.goalWalk,
        principal: principalFor(auth, switches.goalPrincipal),
        walkLog: [`dispatch ${dispatchId} accepted (operator ${operator ?? 'none'})`, `walk tier 1: sampling templates (thompson)`],
      };
      if (field('targetTemplateId')) record.targetTemplateId = field('targetTemplateId');
      dispatches.set(dispatchId, record);
      // goal-host keeps about the last 100 dispatch records in memory.
      if (dispatches.size > 100) dispatches.delete(dispatches.keys().next().value!);
      const script = walkScript(switches.goalWalk, dispatchId, operator, auth?.orgId ?? 'org_unknown', tags);
      if (script.finish) {
        setTimeout(() => {
          const lines = [...script.finishLog, `recordGoalPath PRECONDITIONS reached=${script.finish!.reached} learningMode=${learningMode ?? 'learn'}`];
          Object.assign(record, script.finish, { walkLog: [...record.walkLog, ...lines] });
          if (script.trace) switches.traces.unshift(script.trace);
        }, switches.goalRunMs).unref();
      }
      return json(202, { dispatchId, status: 'running' });
    }
    if (shape === 'goalWalkState') {
      const id = field('dispatchId');
      if (!id) return json(400, { resolved: false, shape, error: 'dispatchId is required' });
      const d = dispatches.get(id);
      if (!d) return json(404, { resolved: false, shape, error: 'dispatch not found' });
      // A running walk's log grows with every read, as a live walkLog does; goalWalkState carries its last 60 lines.
      if (d.status === 'running') d.walkLog.push(`step ${d.walkLog.length - 1}: still walking (pool ${d.walkLog.length} shapes)`);
      const body: any = {
        dispatchId: id,
        status: d.status,
        reached: d.reached,
        goalReachReason: d.goalReachReason ?? null,
        poolShapes: [],
        poolProvenance: [],
        pendingTargets: [],
        poolEvents: [],
        walkLog: d.walkLog.slice(-60),
        currentStep: d.walkLog.length ? d.walkLog[d.walkLog.length - 1] : null,
        steps: [],
        executionPath: d.executionPath ?? null,
        walkTier: 1,
        attemptCount: 1,
        grounded: false,
        learning: d.learning ?? null,
        answerBody: null,
        operator: d.operator,
        completionShapes: d.completionShapes ?? [],
        humanGraded: false,
        humanReachNotes: null,
        trigger: null,
        requeueOf: null,
      };
      if (d.principal) body.principal = d.principal;
      for (const k of ['goal', 'executionId', 'selectedTemplateId', 'error']) if (d[k] !== undefined) body[k] = d[k];
      return json(200, { resolved: true, shape, body });
    }
    if (shape === 'activeDispatches') {
      const list = [...dispatches.values()]
        .reverse()
        .slice(0, 50)
        .map((d) => ({ dispatchId: d.dispatchId, goal: String(d.goal).slice(0, 200), status: d.status, reached: d.reached, operator: d.operator }));
      return json(200, { resolved: true, shape, body: { dispatches: list } });
    }
    if (shape === 'solicitationResponse_write') {
      if (!field('solicitationId') || !field('outcome')) {
        return json(400, { resolved: false, shape, error: 'solicitationId and outcome (answered|declined|insufficient_context) are required' });
      }
      return json(404, { resolved: false, shape, error: 'no pending solicitation with that id' });
    }
    return json(404, {
      error: `unknown shape '${shape}'; supported: goal_execution, activity_execution, activeDispatches, goalWalkState, poolImpulse_write, solicitationResponse_write, solicitationHeartbeat_write`,
    });
  });
}

export function activityApi(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const traces: any[] = switches.traces;
  const labels: any[] = [];
  return producer('activity-api', identity, switches, (p, auth) => {
    if (!auth) return json(401, { success: false, error: 'Authentication required' });
    switch (p.type) {
      case 'executionTraceList': {
        const rows = traces.filter((t) => t.org_id === auth.orgId).slice(0, p.limit ?? 50);
        const content = {
          loaded: false,
          metadata: {
            rowCount: rows.length,
            summary: { successCount: rows.filter((r) => r.success).length, failureCount: rows.filter((r) => !r.success).length },
          },
          content: {
            traces: rows.map((r) => ({
              id: `execution:${r.id}`,
              templateId: r.template_id,
              activityId: r.activity_id,
              status: r.success ? 'success' : 'failure',
              duration_ms: r.duration_ms,
              created_at: r.executed_at,
              pointer: { type: 'activityExecutionTrace', executionId: r.id },
            })),
          },
        };
        return json(200, { success: true, content: JSON.stringify(content), metadata: { shape: 'executionTraceList' } });
      }
      case 'activityExecutionTrace': {
        if (!p.executionId) return json(400, { success: false, error: 'executionId required for activityExecutionTrace pointer' });
        const row = traces.find((t) => t.id === p.executionId && t.org_id === auth.orgId);
        if (!row) return json(404, { success: false, error: `Execution trace not found: ${p.executionId}` });
        const content = p.format === 'json' ? JSON.stringify(row) : `# Execution ${row.id}\n\nstatus: ${row.success ? 'success' : 'failure'}`;
        return json(200, { success: true, content, metadata: { shape: 'activityExecutionTrace' } });
      }
      case 'goal_verification_label_write': {
        const missing = ['goal', 'execution_id', 'activity_id', 'verdict', 'confidence', 'labeler'].some((k) => p[k] === undefined);
        if (missing)
          return json(400, {
            success: false,
            error: 'goal, execution_id, activity_id, verdict, confidence, and labeler are required for goal_verification_label_write',
          });
        if (!['achieved', 'not_achieved', 'partial'].includes(p.verdict))
          return json(400, { success: false, error: 'verdict must be one of: achieved, not_achieved, partial' });
        const id = `goal_verification_labels:${randomUUID().slice(0, 8)}`;
        labels.push({ id, ...p, org_id: auth.orgId });
        return json(200, {
          success: true,
          content: JSON.stringify({ id }),
          metadata: { shape: 'goal_verification_label', summary: `goal verification label created: verdict=${p.verdict}, labeler=${p.labeler}` },
        });
      }
      default:
        return json(400, { success: false, error: `Unsupported pointer type: ${p.type}` });
    }
  });
}
