// concept-db's emulated producer (substrate-contract §4): concepts, edges and usage, in memory.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { EmulatedService } from './http-kit.ts';
import { json } from './http-kit.ts';
import type { IdentityEmulator } from './identity.ts';
import { producer } from './producer-kit.ts';
import type { Switches } from './switches.ts';

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
  // GET /concepts/:id/usage?limit= (substrate-contract §4.8): the rows, newest first.
  const usageRoute = (req: IncomingMessage, url: URL) => {
    const match = req.method === 'GET' ? /^\/concepts\/([^/]+)\/usage$/.exec(url.pathname) : null;
    if (!match) return undefined;
    const id = bare(decodeURIComponent(match[1]!));
    const rows = usage.filter((u) => bare(u.concept_id) === id).reverse();
    return json(200, { usage: rows.slice(0, Number(url.searchParams.get('limit') ?? 100)) });
  };
  return producer({ name: 'concept-db', rest: usageRoute }, identity, switches, (p, auth) => {
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
        const sources = p.source_type === undefined ? undefined : [p.source_type].flat();
        const rows = [...concepts.values()]
          .filter((c) => c.org_id === org && (!q || `${c.content} ${c.summary}`.toLowerCase().includes(q)))
          .filter((c) => (p.shape ? c.shape === p.shape : true) && (sources ? sources.includes(c.source_type) : true))
          .filter((c) => (typeof p.min_relevance === 'number' ? c.relevance >= p.min_relevance : true))
          .sort((a, b) => b.relevance - a.relevance);
        return json(200, {
          content: rows.slice(0, p.limit ?? 20).map((c) => ({ ...c, id: `concept:${c.id}` })),
          metadata: meta(shape, { count: rows.length }),
        });
      }
      case 'conceptGraph': {
        if (!p.concept_id) return json(400, { error: 'pointer.concept_id is required for shape "conceptGraph"' });
        const root = concepts.get(bare(p.concept_id));
        if (!root) return json(404, { error: `Concept not found: ${p.concept_id}` });
        const direction = p.direction ?? 'both';
        const found = edges
          .filter((e) => (direction !== 'incoming' && bare(e.from_concept) === root.id) || (direction !== 'outgoing' && bare(e.to_concept) === root.id))
          .filter((e) => !Array.isArray(p.edge_types) || p.edge_types.includes(e.edge_type))
          .map((edge) => ({ edge, neighbor: concepts.get(bare(edge.from_concept) === root.id ? bare(edge.to_concept) : bare(edge.from_concept)) }))
          .filter((e) => e.neighbor && e.neighbor.org_id === org)
          .slice(0, p.limit ?? 25);
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
      case 'conceptSequence': {
        // The chain is the sequence_next edges: next follows them from the concept, prev walks them back.
        const id = bare(p.concept_id);
        const direction = p.direction ?? 'next';
        const chain = edges.filter((e) => e.edge_type === 'sequence_next' && e.org_id === org);
        const next = direction === 'prev' ? [] : chain.filter((e) => bare(e.from_concept) === id).map((e) => ({ e, other: e.to_concept }));
        const prev = direction === 'next' ? [] : chain.filter((e) => bare(e.to_concept) === id).map((e) => ({ e, other: e.from_concept }));
        const rows = [...next, ...prev]
          .slice(0, p.limit ?? 5)
          .map(({ e, other }) => ({ concept_id: bare(other), weight: e.weight, times_traversed: e.times_traversed }));
        return json(200, { content: rows, metadata: meta(shape, { concept_id: p.concept_id, direction, count: rows.length }) });
      }
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
        // An upsert: a repeated (from, to, edge_type) moves the weight by EMA (alpha 0.3).
        const existing = edges.find(
          (e) =>
            e.org_id === org && bare(e.from_concept) === bare(d.from_concept_id) && bare(e.to_concept) === bare(d.to_concept_id) && e.edge_type === d.edge_type,
        );
        if (existing) {
          const previous = existing.weight;
          existing.weight = Math.round((0.7 * previous + 0.3 * (d.weight ?? 0.5)) * 1000) / 1000;
          return write(
            { id: existing.id, created: false, previous_weight: previous, new_weight: existing.weight },
            `Edge ${existing.id} EMA-updated (weight ${existing.weight})`,
          );
        }
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
          activity_id: d.activity_id ?? null,
          task_id: d.task_id ?? null,
          outcome: d.outcome,
          org_id: org,
          recorded_at: new Date().toISOString(),
        };
        usage.push(row);
        const concept = concepts.get(bare(d.concept_id));
        if (concept) {
          concept.times_loaded += 1;
          if (d.outcome === 'success') concept.times_succeeded += 1;
          if (d.outcome === 'failure') concept.times_failed += 1;
          concept.relevance = (concept.times_succeeded + 1) / (concept.times_loaded + 2);
        }
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
