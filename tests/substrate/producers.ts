// Stubs of the producers the substrate tools need (substrate-contract §4-7), each with its
// own envelope, as discovery passes producer bodies through verbatim: concept-db, goal-host,
// activity-api and development-vessel's gap store. In-memory, per emulator.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EmulatedService, delay, json, parseJson, type Reply } from './http-kit.ts';
import type { IdentityEmulator, KeyRecord } from './identity.ts';
import type { Switches } from './switches.ts';

type Auth = KeyRecord | null;

function pointerOf(body: any): any {
  return body?.pointer ?? body?.impulse?.pointer;
}

function callerOf(identity: IdentityEmulator, req: IncomingMessage): Auth {
  const header = req.headers.authorization;
  const key = typeof header === 'string' ? /^ApiKey\s+(.+)$/i.exec(header)?.[1] : undefined;
  if (!key) return null;
  const record = identity.validate(key);
  return 'error' in record ? null : record;
}

/** Wraps a producer's resolve with the switches every producer honours. */
function producer(
  name: string,
  identity: IdentityEmulator,
  switches: Switches,
  resolve: (pointer: any, auth: Auth, raw: any) => Reply | Promise<Reply>,
): EmulatedService {
  return new EmulatedService(name, async (req, body, url) => {
    if (req.method === 'GET' && url.pathname === '/health') return json(200, { status: 'ok', vessel: name });
    if (req.method !== 'POST') return json(404, { error: 'Not found' });
    const raw = parseJson(body);
    if (raw === undefined) return json(400, { error: 'Invalid JSON body' });
    const pointer = pointerOf(raw) ?? (raw?.type ? raw : undefined);
    const shape = pointer?.type;
    if (!shape) return json(400, { error: 'Missing or invalid pointer.type' });
    switches.calls.push({ producer: name, shape, pointer, at: Date.now() });
    await delay(switches.latencyMs[shape] ?? switches.latencyMs[name] ?? 0);
    const odd = switches.producerBody[shape];
    if (odd === 'html') return { status: 200, body: '<html><body>portal</body></html>', raw: { contentType: 'text/html' } };
    if (odd === 'text') return { status: 200, body: 'upstream says hello', raw: { contentType: 'text/plain' } };
    return resolve(pointer, callerOf(identity, req), raw);
  });
}

const CONCEPT_READS = [
  'mcpTool',
  'resolver_schema',
  'concept',
  'conceptSearch',
  'conceptGraph',
  'relatedConcepts',
  'conceptUsageStats',
  'conceptSequence',
  'impulseCooccurrenceEdges',
  'embed',
  'cluster',
];

export function conceptDb(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const concepts = new Map<string, any>();
  const edges: any[] = [];
  const usage: any[] = [];
  const bare = (id: string) =>
    String(id ?? '')
      .replace(/^concept:/, '')
      .replace(/^⟨|⟩$/g, '');
  const meta = (shape: string, extra: Record<string, unknown> = {}) => ({ shape, ...extra });
  return producer('concept-db', identity, switches, (p, auth) => {
    const shape: string = p.type;
    const isWrite = shape.endsWith('_write');
    if (isWrite && !auth) {
      return json(401, { success: false, error: 'Authentication required', code: 'AUTH_REQUIRED', unauthenticated_read_shapes: CONCEPT_READS });
    }
    const org = auth?.orgId ?? 'default';
    const write = (result: unknown, summary: string) =>
      json(200, { success: true, content: JSON.stringify(result), metadata: { shape: `${shape}_result`, summary, auditImpulseId: null } });
    switch (shape) {
      case 'conceptSearch': {
        const q = String(p.query ?? '').toLowerCase();
        const rows = [...concepts.values()].filter((c) => c.org_id === org && (!q || `${c.content} ${c.summary}`.toLowerCase().includes(q)));
        return json(200, {
          content: rows.slice(0, p.limit ?? 20).map((c) => ({ ...c, id: `concept:${c.id}` })),
          metadata: meta(shape, { count: rows.length }),
        });
      }
      case 'conceptGraph': {
        if (!p.concept_id) return json(400, { error: 'pointer.concept_id is required for shape "conceptGraph"' });
        const root = concepts.get(bare(p.concept_id));
        if (!root) return json(404, { error: `Concept not found: ${p.concept_id}` });
        const found = edges
          .filter((e) => bare(e.from_concept) === root.id || bare(e.to_concept) === root.id)
          .map((edge) => ({ edge, neighbor: concepts.get(bare(edge.from_concept) === root.id ? bare(edge.to_concept) : bare(edge.from_concept)) }))
          .filter((e) => e.neighbor && e.neighbor.org_id === org);
        return json(200, { content: { root, edges: found }, metadata: meta(shape, { root_id: p.concept_id, neighbor_count: found.length }) });
      }
      case 'conceptUsageStats': {
        if (!p.concept_id) return json(400, { error: 'pointer.concept_id is required for shape "conceptUsageStats"' });
        const rows = usage.filter((u) => bare(u.concept_id) === bare(p.concept_id));
        const rate = (o: string) => (rows.length ? rows.filter((u) => u.outcome === o).length / rows.length : 0);
        return json(200, {
          content: { total_uses: rows.length, success_rate: rate('success'), failure_rate: rate('failure'), neutral_rate: rate('neutral') },
          metadata: meta(shape, { concept_id: p.concept_id }),
        });
      }
      case 'conceptSequence':
        return json(200, { content: [], metadata: meta(shape, { concept_id: p.concept_id, direction: p.direction ?? 'next', count: 0 }) });
      case 'concept_create_write': {
        const d = p.conceptData;
        if (!d) return json(400, { success: false, error: 'conceptData required for concept_create_write' });
        if (!d.source_type || !d.content) return json(400, { success: false, error: 'source_type and content are required' });
        const dup = [...concepts.values()].find(
          (c) => c.org_id === org && c.content === d.content && c.source_type === d.source_type && c.shape === (d.shape ?? 'memo'),
        );
        const now = new Date().toISOString();
        const row = dup ?? {
          id: `concept_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
          pointer: { type: d.shape ?? 'memo', metadata: d.metadata ?? {} },
          shape: d.shape ?? 'memo',
          summary: d.summary ?? String(d.content).slice(0, 200),
          content: d.content,
          source_type: d.source_type,
          priority: d.priority ?? 0.5,
          relevance: 0.5,
          times_loaded: 0,
          times_succeeded: 0,
          times_failed: 0,
          scope: d.scope ?? 'org',
          public: false,
          org_id: org,
          project_id: d.project_id ?? null,
          client_claim: p.client_claim ?? null,
          created_at: now,
          updated_at: now,
        };
        concepts.set(row.id, row);
        return write({ ...row, id: `concept:${row.id}` }, `Concept ${row.id} created`);
      }
      case 'conceptLink_write': {
        const d = p.linkData;
        if (!d) return json(400, { success: false, error: 'linkData required for conceptLink_write' });
        const edge = {
          id: `concept_edge:${randomUUID().slice(0, 8)}`,
          from_concept: `concept:${bare(d.from_concept_id)}`,
          to_concept: `concept:${bare(d.to_concept_id)}`,
          edge_type: d.edge_type ?? 'related_to',
          description: d.description ?? null,
          weight: d.weight ?? 0.5,
          times_traversed: 0,
          org_id: org,
          created_at: new Date().toISOString(),
        };
        edges.push(edge);
        return write({ id: edge.id, created: true, new_weight: edge.weight }, `Edge ${edge.id} created`);
      }
      case 'conceptUsage_write': {
        const d = p.usageData;
        if (!d) return json(400, { success: false, error: 'usageData required for conceptUsage_write' });
        const row = {
          id: `usage_${randomUUID().slice(0, 12)}`,
          concept_id: `concept:${bare(d.concept_id)}`,
          trace_id: d.trace_id,
          outcome: d.outcome,
          org_id: org,
        };
        usage.push(row);
        return write(row, `Usage ${row.id} recorded for concept ${d.concept_id}`);
      }
      default:
        return json(400, {
          error: `Unknown impulse shape: "${shape}"`,
          supported_shapes: [...CONCEPT_READS, 'concept_create_write', 'conceptLink_write', 'conceptUsage_write'],
        });
    }
  });
}

export function goalHost(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const dispatches = new Map<string, any>();
  return producer('goal-host', identity, switches, (p, _auth, raw) => {
    const field = (name: string) => raw?.[name] ?? p?.[name];
    const shape: string = raw?.type ?? p.type;
    if (shape === 'goalDispatchAsync' || shape === 'goal_dispatch_async') {
      const goal = field('goal');
      if (!goal) return json(400, { error: 'goal is required for goalDispatchAsync' });
      const dispatchId = randomUUID();
      if (switches.goalDispatch === 'refused') return json(200, { refused: true, dispatchId, goalReachReason: 'no template can reach this goal' });
      if (switches.goalDispatch === 'draining') return json(503, { draining: true, error: 'goal-host is draining; retry later' }, { 'retry-after': '30' });
      if (switches.goalDispatch === 'busy') return json(429, { error: 'too many dispatches in flight' }, { 'retry-after': '10' });
      const record: any = {
        dispatchId,
        status: 'running',
        reached: null,
        goal,
        operator: field('operator') ?? null,
        tags: field('tags') ?? [],
        startedAt: Date.now(),
      };
      dispatches.set(dispatchId, record);
      setTimeout(
        () => Object.assign(record, { status: 'completed', reached: true, executionId: `exec_${dispatchId.slice(0, 8)}` }),
        switches.goalRunMs,
      ).unref();
      return json(202, { dispatchId, status: 'running' });
    }
    if (shape === 'goalWalkState') {
      const id = field('dispatchId');
      if (!id) return json(400, { resolved: false, shape, error: 'dispatchId is required' });
      const d = dispatches.get(id);
      if (!d) return json(404, { resolved: false, shape, error: 'dispatch not found' });
      const body: any = {
        dispatchId: id,
        status: d.status,
        reached: d.reached,
        goalReachReason: null,
        poolShapes: [],
        pendingTargets: [],
        poolEvents: [],
        walkLog: [],
        currentStep: null,
        steps: [],
        learning: null,
        answerBody: null,
        operator: d.operator,
      };
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

export function gapStore(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const gaps: any[] = switches.gaps;
  return producer('development-vessel', identity, switches, (p) => {
    if (p.type === 'substrateGap') {
      let rows = gaps.filter((g) => (!p.id || g.id === p.id) && (!p.category || g.category === p.category) && (!p.status || g.status === p.status));
      if (!p.include_held) rows = rows.filter((g) => !g.operator_hold && !g.classification_metadata?.operator_hold);
      rows = rows.slice(0, p.limit ?? 50);
      return json(200, {
        success: true,
        shape: 'substrateGap',
        body: { gaps: rows, total: rows.length, falsifier_coverage: { class1: 0, class2: 0, unresolvable: 0, none: 0, unstamped: 0 } },
      });
    }
    if (p.type === 'substrateGap_write') {
      if (!p.gap?.id) return json(200, { success: true, shape: 'structuredError', body: { error: 'missing_required_field', field: p.gap ? 'gap.id' : 'gap' } });
      const existing = gaps.findIndex((g) => g.id === p.gap.id);
      if (existing >= 0) gaps[existing] = { ...gaps[existing], ...p.gap };
      else gaps.push(p.gap);
      return json(200, { success: true, shape: 'substrateGapWriteResult', body: { id: p.gap.id, action: existing >= 0 ? 'updated' : 'created' } });
    }
    return json(400, { success: false, error: `Unknown shape ${p.type}` });
  });
}
