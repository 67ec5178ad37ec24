// The concept-db client (SPEC §Concept graph tools, substrate-contract §4): concept-db's own
// shapes through the attachment's one ingress, never `concept`. Each request is capped at the
// concept family's 35 s; the ingress retries a read cut there with backoff and sends a write
// once. Answers are read tolerantly (concept-content.ts): ids in any of their three forms,
// search rows as `content` or `content.concepts`, write results whose `content` is a string.
// A refusal or a failed resolve comes back as one cause line, never thrown.
import { cause, type Cause } from '../process/cause.ts';
import { conceptGraphOf, conceptRowsOf, plainConceptId, producerErrorText, writeResultOf } from './concept-content.ts';

/** What the attachment's resolve answers, as this client reads it (core/attachment/resolve.ts). */
export type ConceptResolveResult =
  { ok: true; status: number; body: unknown; shape: string } | { ok: false; cause: string; line: string; shape: string; status?: number };

/** The attachment's resolve (or resolveShape over a tool context), with the concept family. */
export type ConceptResolver = (pointer: Record<string, unknown>, options: { family: 'concept'; write?: boolean }) => Promise<ConceptResolveResult>;

export type ConceptAnswer<T> = { ok: true; value: T } | { ok: false; cause: Cause };

export type ConceptRow = Record<string, unknown> & { id: string };

export interface ConceptSearchQuery {
  shape?: string;
  /** Omitted: list mode (relevance first, then newest). */
  query?: string;
  source_type?: string | string[];
  min_relevance?: number;
  limit: number;
  offset?: number;
}

export type EdgeDirection = 'outgoing' | 'incoming' | 'both';

export interface ConceptGraph {
  root: ConceptRow;
  edges: Array<{ edge: Record<string, unknown>; neighbor: ConceptRow }>;
}

export interface NewConcept {
  source_type: string;
  content: string;
  shape?: string;
  summary?: string;
  priority?: number;
  budget?: number;
  scope?: string;
  metadata?: Record<string, unknown>;
}

export interface NewLink {
  from_concept_id: string;
  to_concept_id: string;
  edge_type: string;
  description?: string;
  weight?: number;
}

export interface NewUsage {
  concept_id: string;
  trace_id: string;
  activity_id?: string;
  task_id?: string;
  outcome: 'success' | 'failure' | 'neutral';
}

/** The largest page one conceptSearch asks for (SPEC §get_problems reads 300). */
export const SEARCH_LIMIT_MAX = 300;
/** The most neighbours one conceptGraph asks for (SPEC §get_problems: 200 verdicts a finding). */
export const GRAPH_LIMIT_MAX = 200;

/** How many reads and writes of each shape this client sent (the recall bench counts them). */
export type ConceptCallCounts = Record<string, number>;

/** A row with its id in the plain form; undefined when it has none. */
function plainRow(row: Record<string, unknown>): ConceptRow | undefined {
  const id = plainConceptId(row.id);
  return id ? { ...row, id } : undefined;
}

export class ConceptDbClient {
  readonly counts: ConceptCallCounts = {};

  constructor(private readonly resolver: ConceptResolver) {}

  private async send(pointer: Record<string, unknown>, write: boolean): Promise<ConceptAnswer<{ status: number; body: unknown }>> {
    const shape = String(pointer.type);
    this.counts[shape] = (this.counts[shape] ?? 0) + 1;
    const answer = await this.resolver(pointer, { family: 'concept', ...(write ? { write: true } : {}) });
    if (!answer.ok) return { ok: false, cause: cause(answer.cause, answer.line, { shape }) };
    const failed = answer.status >= 400 || (answer.body as Record<string, unknown> | undefined)?.success === false;
    if (failed) {
      const line = `concept_db_refused(${shape}, HTTP ${answer.status}): concept-db answered ${shape} with ${producerErrorText(answer.body) || 'no error text'}`;
      return { ok: false, cause: cause('concept_db_refused', line, { shape, status: answer.status }) };
    }
    return { ok: true, value: { status: answer.status, body: answer.body } };
  }

  /** conceptSearch: list mode without a query; rows with plain ids, in concept-db's order. */
  async search(q: ConceptSearchQuery): Promise<ConceptAnswer<ConceptRow[]>> {
    const limit = Math.max(1, Math.min(SEARCH_LIMIT_MAX, Math.floor(q.limit)));
    const pointer: Record<string, unknown> = { type: 'conceptSearch', limit };
    if (q.query) pointer.query = q.query;
    if (q.shape) pointer.shape = q.shape;
    if (q.source_type !== undefined) pointer.source_type = q.source_type;
    if (q.min_relevance !== undefined) pointer.min_relevance = q.min_relevance;
    if (q.offset) pointer.offset = Math.max(0, Math.floor(q.offset));
    const sent = await this.send(pointer, false);
    if (!sent.ok) return sent;
    const rows = conceptRowsOf(sent.value.body)
      .map(plainRow)
      .filter((r): r is ConceptRow => !!r);
    return { ok: true, value: rows };
  }

  /** conceptGraph around one concept; concept-db's 404 for an unknown root answers undefined. */
  async graph(
    conceptId: string,
    options: { direction?: EdgeDirection; edgeTypes?: string[]; limit?: number } = {},
  ): Promise<ConceptAnswer<ConceptGraph | undefined>> {
    const pointer: Record<string, unknown> = {
      type: 'conceptGraph',
      concept_id: plainConceptId(conceptId),
      direction: options.direction ?? 'both',
      limit: Math.max(1, Math.min(GRAPH_LIMIT_MAX, Math.floor(options.limit ?? 25))),
    };
    if (options.edgeTypes?.length) pointer.edge_types = options.edgeTypes;
    const shape = 'conceptGraph';
    this.counts[shape] = (this.counts[shape] ?? 0) + 1;
    const answer = await this.resolver(pointer, { family: 'concept' });
    if (!answer.ok) {
      // A producer's own 404 (unknown root) reaches the client as its body; discovery's is no_producer.
      return { ok: false, cause: cause(answer.cause, answer.line, { shape }) };
    }
    if (answer.status === 404) return { ok: true, value: undefined };
    if (answer.status >= 400) {
      const line = `concept_db_refused(${shape}, HTTP ${answer.status}): concept-db answered ${shape} with ${producerErrorText(answer.body) || 'no error text'}`;
      return { ok: false, cause: cause('concept_db_refused', line, { shape, status: answer.status }) };
    }
    const graph = conceptGraphOf(answer.body);
    const root = graph && plainRow(graph.root);
    if (!graph || !root) return { ok: true, value: undefined };
    const edges = graph.edges.flatMap((e) => {
      const neighbor = plainRow(e.neighbor);
      return neighbor ? [{ edge: e.edge, neighbor }] : [];
    });
    return { ok: true, value: { root, edges } };
  }

  /** One concept by id: the conceptGraph root with no neighbours asked for. */
  async byId(conceptId: string): Promise<ConceptAnswer<ConceptRow | undefined>> {
    const graph = await this.graph(conceptId, { direction: 'outgoing', limit: 1 });
    return graph.ok ? { ok: true, value: graph.value?.root } : graph;
  }

  /** concept_create_write, sent once; answers the created (or deduplicated) row with a plain id. */
  async create(conceptData: NewConcept): Promise<ConceptAnswer<ConceptRow>> {
    const sent = await this.send({ type: 'concept_create_write', conceptData }, true);
    if (!sent.ok) return sent;
    const row = writeResultOf(sent.value.body);
    const plain = row && plainRow(row);
    if (!plain) return { ok: false, cause: unreadable('concept_create_write') };
    return { ok: true, value: plain };
  }

  /** conceptLink_write, sent once (concept-db upserts the edge). */
  async link(linkData: NewLink): Promise<ConceptAnswer<{ id: string; created: boolean }>> {
    const data = { ...linkData, from_concept_id: plainConceptId(linkData.from_concept_id), to_concept_id: plainConceptId(linkData.to_concept_id) };
    const sent = await this.send({ type: 'conceptLink_write', linkData: data }, true);
    if (!sent.ok) return sent;
    const result = writeResultOf(sent.value.body);
    return { ok: true, value: { id: String(result?.id ?? ''), created: result?.created !== false } };
  }

  /** conceptUsage_write, sent once: the relevance signal. */
  async usage(usageData: NewUsage): Promise<ConceptAnswer<{ id: string }>> {
    const sent = await this.send({ type: 'conceptUsage_write', usageData: { ...usageData, concept_id: plainConceptId(usageData.concept_id) } }, true);
    if (!sent.ok) return sent;
    return { ok: true, value: { id: String(writeResultOf(sent.value.body)?.id ?? '') } };
  }
}

function unreadable(shape: string): Cause {
  return cause('concept_db_unreadable', `concept_db_unreadable(${shape}): concept-db's answer carried no concept row; the write may have landed`, { shape });
}
