// The emulated concept-db's rows (substrate-contract §4.3-4.6): concepts, edges and usage, kept
// in one object that outlives the service going down and up, and, given a file, a restart of
// the emulator (its state is written after every write and read back at start).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface ConceptRowState {
  id: string;
  pointer: { type: string; metadata: Record<string, unknown> };
  shape: string;
  summary: string;
  content: string;
  token_estimate: number;
  budget: number;
  source_type: string;
  priority: number;
  relevance: number;
  times_loaded: number;
  times_succeeded: number;
  times_failed: number;
  resolution_snapshot: null;
  scope: string;
  public: boolean;
  org_id: string;
  project_id: string | null;
  client_claim: unknown;
  created_at: string;
  updated_at: string;
  /** Insertion order, the tie-break of `created_at DESC` within one millisecond. */
  seq: number;
}

export interface EdgeState {
  id: string;
  from_concept: string;
  to_concept: string;
  edge_type: string;
  description: string | null;
  weight: number;
  times_traversed: number;
  org_id: string;
  created_at: string;
  client_claim?: unknown;
}

export interface UsageState {
  id: string;
  concept_id: string;
  trace_id: string;
  activity_id: string | null;
  task_id: string | null;
  outcome: string;
  org_id: string;
  recorded_at: string;
  client_claim?: unknown;
}

export function bareConceptId(id: unknown): string {
  return String(id ?? '')
    .replace(/^concept:/, '')
    .replace(/^⟨|⟩$/g, '');
}

export function nanoid12(): string {
  return randomBytes(6).toString('hex');
}

export class ConceptStore {
  concepts = new Map<string, ConceptRowState>();
  edges: EdgeState[] = [];
  usage: UsageState[] = [];
  private seq = 0;
  /** Sorted lists by filter, dropped on every change (a database's index, so paging a large store stays cheap). */
  private lists = new Map<string, ConceptRowState[]>();

  /** Every change to rows or their relevance goes through here. */
  changed(): void {
    this.lists.clear();
  }
  /** Edges by the bare id of each endpoint, for conceptGraph. */
  private edgesByConcept = new Map<string, EdgeState[]>();

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { concepts: ConceptRowState[]; edges: EdgeState[]; usage: UsageState[] };
      for (const c of saved.concepts) this.concepts.set(c.id, c);
      for (const e of saved.edges) this.indexEdge(e);
      this.edges = saved.edges;
      this.usage = saved.usage;
      this.seq = Math.max(0, ...saved.concepts.map((c) => c.seq));
    }
  }

  private indexEdge(edge: EdgeState): void {
    for (const end of new Set([bareConceptId(edge.from_concept), bareConceptId(edge.to_concept)])) {
      const list = this.edgesByConcept.get(end);
      if (list) list.push(edge);
      else this.edgesByConcept.set(end, [edge]);
    }
  }

  /** Writes the state to its file (atomically), when it has one. */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ concepts: [...this.concepts.values()], edges: this.edges, usage: this.usage }));
    renameSync(tmp, this.file);
  }

  /** createConcept: an existing row with the same shape, source_type, content and org is returned instead. */
  create(org: string, d: Record<string, any>, claim: unknown, at = new Date()): ConceptRowState {
    const shape = d.shape ?? 'memo';
    for (const c of this.concepts.values()) {
      if (c.org_id === org && c.content === d.content && c.source_type === d.source_type && c.shape === shape) return c;
    }
    const now = at.toISOString();
    const row: ConceptRowState = {
      id: `concept_${nanoid12()}`,
      pointer: { type: shape, metadata: d.metadata ?? {} },
      shape,
      summary: d.summary ?? String(d.content).slice(0, 200),
      content: String(d.content),
      token_estimate: Math.ceil(String(d.content).length / 4),
      budget: d.budget ?? 2000,
      source_type: d.source_type,
      priority: d.priority ?? 0.5,
      relevance: 0.5,
      times_loaded: 0,
      times_succeeded: 0,
      times_failed: 0,
      resolution_snapshot: null,
      scope: d.scope ?? 'org',
      public: false,
      org_id: org,
      project_id: d.project_id ?? null,
      client_claim: claim ?? null,
      created_at: now,
      updated_at: now,
      seq: ++this.seq,
    };
    this.concepts.set(row.id, row);
    this.changed();
    return row;
  }

  /** List mode: `ORDER BY relevance DESC, created_at DESC LIMIT $limit START $offset` (§4.4). */
  list(org: string, f: { shape?: string; source_type?: string | string[]; min_relevance?: number; query?: string }): ConceptRowState[] {
    const cacheKey = JSON.stringify([org, f.shape, f.source_type, f.min_relevance, f.query]);
    const cached = this.lists.get(cacheKey);
    if (cached) return cached;
    const types = f.source_type === undefined ? undefined : Array.isArray(f.source_type) ? f.source_type : String(f.source_type).split(',');
    const q = (f.query ?? '').toLowerCase();
    const rows: ConceptRowState[] = [];
    for (const c of this.concepts.values()) {
      if (c.org_id !== org) continue;
      if (f.shape && c.shape !== f.shape) continue;
      if (types && !types.includes(c.source_type)) continue;
      if (f.min_relevance !== undefined && c.relevance < f.min_relevance) continue;
      if (q && !`${c.content} ${c.summary}`.toLowerCase().includes(q)) continue;
      rows.push(c);
    }
    rows.sort((a, b) => b.relevance - a.relevance || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.seq - a.seq));
    this.lists.set(cacheKey, rows);
    return rows;
  }

  edgesOf(conceptId: string): EdgeState[] {
    return this.edgesByConcept.get(conceptId) ?? [];
  }

  /** upsertEdge: a repeated (from, to, edge_type) moves the weight by EMA. */
  link(org: string, d: Record<string, any>, claim: unknown): { edge: EdgeState; created: boolean; previousWeight?: number } {
    const from = `concept:${bareConceptId(d.from_concept_id)}`;
    const to = `concept:${bareConceptId(d.to_concept_id)}`;
    const type = d.edge_type ?? 'related_to';
    const existing = this.edgesOf(bareConceptId(d.from_concept_id)).find((e) => e.from_concept === from && e.to_concept === to && e.edge_type === type);
    if (existing) {
      const previousWeight = existing.weight;
      existing.weight = Math.round((0.7 * previousWeight + 0.3 * (d.weight ?? 0.5)) * 1000) / 1000;
      return { edge: existing, created: false, previousWeight };
    }
    const edge: EdgeState = {
      id: `concept_edge:${nanoid12()}`,
      from_concept: from,
      to_concept: to,
      edge_type: type,
      description: d.description ?? null,
      weight: d.weight ?? 0.5,
      times_traversed: 0,
      org_id: org,
      created_at: new Date().toISOString(),
      client_claim: claim ?? null,
    };
    this.edges.push(edge);
    this.indexEdge(edge);
    return { edge, created: true };
  }

  /** recordUsage: the row, and the concept's counts and relevance (§4.6). */
  recordUsage(org: string, d: Record<string, any>, claim: unknown): UsageState {
    const id = bareConceptId(d.concept_id);
    const row: UsageState = {
      id: `usage_${nanoid12()}`,
      concept_id: `concept:${id}`,
      trace_id: String(d.trace_id ?? ''),
      activity_id: d.activity_id ?? null,
      task_id: d.task_id ?? null,
      outcome: d.outcome,
      org_id: org,
      recorded_at: new Date().toISOString(),
      client_claim: claim ?? null,
    };
    this.usage.push(row);
    const c = this.concepts.get(id);
    if (c) {
      if (d.outcome === 'success') c.times_succeeded++;
      if (d.outcome === 'failure') c.times_failed++;
      // The contract's (succeeded + 1) / (loaded + 2), with loads counted as the outcomes that
      // were recorded (the emulator records no load events), so a success raises the row and a
      // failure lowers it.
      c.relevance = (c.times_succeeded + 1) / (c.times_succeeded + c.times_failed + 2);
      c.updated_at = new Date().toISOString();
      this.changed();
    }
    return row;
  }
}
