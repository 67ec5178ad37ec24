// concept-db's emulated producer (substrate-contract §4): conceptSearch (list mode with limit and
// offset, or a substring query), conceptGraph (direction, edge_types, limit), conceptUsageStats,
// conceptSequence and the three writes, over a ConceptStore that survives the service's restarts.
// The switches vary the wire forms the contract marks as guessed, and can make concept-db answer
// an offset with the first page.
import type { IncomingMessage } from 'node:http';
import type { EmulatedService } from './http-kit.ts';
import { json } from './http-kit.ts';
import type { IdentityEmulator } from './identity.ts';
import { producer } from './producer-kit.ts';
import type { Switches } from './switches.ts';
import { ConceptStore, bareConceptId, type ConceptRowState } from './concept-store.ts';

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
const CONCEPT_WRITES = ['concept_create_write', 'conceptLink_write', 'conceptUsage_write'];

export function conceptDb(identity: IdentityEmulator, switches: Switches, store: ConceptStore = new ConceptStore()): EmulatedService {
  const wireId = (bare: string) =>
    switches.conceptWire.ids === 'bare' ? bare : switches.conceptWire.ids === 'wrapped' ? `concept:⟨${bare}⟩` : `concept:${bare}`;
  const wireRow = (c: ConceptRowState) => {
    const { seq: _seq, ...row } = c;
    return { ...row, id: wireId(c.id) };
  };
  const meta = (shape: string, extra: Record<string, unknown> = {}) => ({ shape, ...extra });
  // GET /concepts/:id/usage?limit= (substrate-contract §4.8): the rows, newest first.
  const usageRoute = (req: IncomingMessage, url: URL) => {
    const match = req.method === 'GET' ? /^\/concepts\/([^/]+)\/usage$/.exec(url.pathname) : null;
    if (!match) return undefined;
    const id = bareConceptId(decodeURIComponent(match[1]!));
    const rows = store.usage.filter((u) => bareConceptId(u.concept_id) === id).reverse();
    return json(200, { usage: rows.slice(0, Number(url.searchParams.get('limit') ?? 100)).map(({ client_claim: _c, ...row }) => row) });
  };
  return producer({ name: 'concept-db', rest: usageRoute }, identity, switches, (p, auth) => {
    const shape: string = p.type;
    const isWrite = shape.endsWith('_write');
    if (isWrite && !auth) {
      return json(401, { success: false, error: 'Authentication required', code: 'AUTH_REQUIRED', unauthenticated_read_shapes: CONCEPT_READS });
    }
    const org = auth?.orgId ?? 'default';
    const write = (result: unknown, summary: string) => {
      store.save();
      const content = switches.conceptWire.writeContent === 'object' ? result : JSON.stringify(result);
      return json(200, { success: true, content, metadata: { shape: `${shape}_result`, summary, auditImpulseId: null } });
    };
    switch (shape) {
      case 'conceptSearch': {
        const rows = store.list(org, { shape: p.shape, source_type: p.source_type, min_relevance: p.min_relevance, query: p.query });
        const limit = Math.max(0, Number(p.limit ?? 20));
        const offset = switches.conceptOffsetIgnored ? 0 : Math.max(0, Number(p.offset ?? 0));
        const page = rows.slice(offset, offset + limit).map(wireRow);
        const content = switches.conceptWire.searchRows === 'content.concepts' ? { concepts: page, count: rows.length } : page;
        return json(200, { content, metadata: meta(shape, { count: page.length }) });
      }
      case 'conceptGraph': {
        if (!p.concept_id) return json(400, { error: 'pointer.concept_id is required for shape "conceptGraph"' });
        const root = store.concepts.get(bareConceptId(p.concept_id));
        if (!root || root.org_id !== org) return json(404, { error: `Concept not found: ${p.concept_id}` });
        const direction = p.direction ?? 'both';
        const types: string[] | undefined = Array.isArray(p.edge_types) && p.edge_types.length ? p.edge_types : undefined;
        const found = [];
        const edges = store.edgesOf(root.id);
        // Newest edges first.
        for (let i = edges.length - 1; i >= 0 && found.length < Number(p.limit ?? 25); i--) {
          const edge = edges[i]!;
          const outgoing = bareConceptId(edge.from_concept) === root.id;
          const incoming = bareConceptId(edge.to_concept) === root.id;
          if (direction === 'outgoing' && !outgoing) continue;
          if (direction === 'incoming' && !incoming) continue;
          if (types && !types.includes(edge.edge_type)) continue;
          const neighbor = store.concepts.get(bareConceptId(outgoing ? edge.to_concept : edge.from_concept));
          if (!neighbor || neighbor.org_id !== org) continue;
          const { client_claim: _claim, ...wireEdge } = edge;
          found.push({ edge: wireEdge, neighbor: wireRow(neighbor) });
        }
        return json(200, { content: { root: wireRow(root), edges: found }, metadata: meta(shape, { root_id: p.concept_id, neighbor_count: found.length }) });
      }
      case 'conceptUsageStats': {
        if (!p.concept_id) return json(400, { error: 'pointer.concept_id is required for shape "conceptUsageStats"' });
        const rows = store.usage.filter((u) => bareConceptId(u.concept_id) === bareConceptId(p.concept_id));
        const rate = (o: string) => (rows.length ? rows.filter((u) => u.outcome === o).length / rows.length : 0);
        return json(200, {
          content: { total_uses: rows.length, success_rate: rate('success'), failure_rate: rate('failure'), neutral_rate: rate('neutral') },
          metadata: meta(shape, { concept_id: p.concept_id }),
        });
      }
      case 'conceptSequence': {
        // The chain is the sequence_next edges: next follows them from the concept, prev walks them back.
        const id = bareConceptId(p.concept_id);
        const direction = p.direction ?? 'next';
        const chain = store.edgesOf(id).filter((e) => e.edge_type === 'sequence_next' && e.org_id === org);
        const next = direction === 'prev' ? [] : chain.filter((e) => bareConceptId(e.from_concept) === id).map((e) => ({ e, other: e.to_concept }));
        const prev = direction === 'next' ? [] : chain.filter((e) => bareConceptId(e.to_concept) === id).map((e) => ({ e, other: e.from_concept }));
        const rows = [...next, ...prev]
          .slice(0, p.limit ?? 5)
          .map(({ e, other }) => ({ concept_id: bareConceptId(other), weight: e.weight, times_traversed: e.times_traversed }));
        return json(200, { content: rows, metadata: meta(shape, { concept_id: p.concept_id, direction, count: rows.length }) });
      }
      case 'concept_create_write': {
        const d = p.conceptData;
        if (!d) return json(400, { success: false, error: 'conceptData required for concept_create_write' });
        if (!d.source_type || !d.content) return json(400, { success: false, error: 'source_type and content are required' });
        const row = store.create(org, d, p.client_claim);
        return write(wireRow(row), `Concept ${row.id} created`);
      }
      case 'conceptLink_write': {
        const d = p.linkData;
        if (!d) return json(400, { success: false, error: 'linkData required for conceptLink_write' });
        if (!d.from_concept_id || !d.to_concept_id) return json(400, { success: false, error: 'from_concept_id and to_concept_id are required' });
        const { edge, created, previousWeight } = store.link(org, d, p.client_claim);
        const summary = created ? `Edge ${edge.id} created` : `Edge ${edge.id} EMA-updated (weight ${edge.weight})`;
        const previous = created ? {} : { previous_weight: previousWeight };
        return write({ id: edge.id, created, ...previous, new_weight: edge.weight, edge_type: edge.edge_type }, summary);
      }
      case 'conceptUsage_write': {
        const d = p.usageData;
        if (!d) return json(400, { success: false, error: 'usageData required for conceptUsage_write' });
        if (!d.concept_id || !['success', 'failure', 'neutral'].includes(d.outcome)) {
          return json(400, { success: false, error: 'concept_id and outcome (success|failure|neutral) are required' });
        }
        const row = store.recordUsage(org, d, p.client_claim);
        return write(row, `Usage ${row.id} recorded for concept ${d.concept_id}`);
      }
      default:
        return json(400, { error: `Unknown impulse shape: "${shape}"`, supported_shapes: [...CONCEPT_READS, ...CONCEPT_WRITES] });
    }
  });
}
