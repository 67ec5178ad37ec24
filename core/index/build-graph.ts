// The whole-graph resolution pass (SPEC §init_workspace): per-file
// extractions in, the code graph out. Calls resolve import-aware: same file, then what the
// file imports, `this`/`self`/`super` to the enclosing class and its bases, `new X()` to the
// class, a receiver whose type is declared to that type's method (declared-types.ts). Nothing
// is linked by name alone: a call no rule proves makes no edge. The graph is a pure
// function of the extractions: a re-index re-runs this pass (reusing per-file resolutions only
// when they provably still hold, resolution-cache.ts), so it builds exactly the graph a fresh
// index builds (ids embed start lines, so edges are never patched in place).
import type { FileExtraction } from './extract-types.ts';
import {
  CONFIDENCE,
  type CallOutcome,
  type CodeGraph,
  type EdgeType,
  type GraphEdge,
  type GraphNode,
  type ResolutionStats,
  type UnprovenCall,
} from './graph-types.ts';
import type { ModuleResolver } from './module-resolver.ts';
import { SymbolTable, type DefRef } from './symbol-table.ts';
import { interfaceSignature, zeroOutcomes, type FileResolution, type ResolutionCache } from './resolution-cache.ts';
import { fileNodesOf } from './file-nodes.ts';
import { languageTraits } from './extract/languages/registry.ts';
import { CLASS_LIKE, push, refKey } from './definition-queries.ts';
import { CallResolver, type Resolved } from './call-resolution.ts';
import { withCallableMembers } from './callable-members.ts';
import type { TimeSlicer } from './extract/time-slices.ts';

/** Calls resolved between two yields of the resolution pass. */
const CALLS_PER_STEP = 256;

/** The graph of the extractions (the resolution pass), in one go: the CLI's and tests' form. */
export function buildGraph(extractionsIn: FileExtraction[], resolver: ModuleResolver, cache?: ResolutionCache): CodeGraph {
  const steps = graphSteps(extractionsIn, resolver, cache);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same graph, built in slices that let the event loop turn (extract/time-slices.ts): the server's
 * form, so requests are answered while it resolves a large or hostile workspace.
 */
export async function buildGraphInSlices(
  extractionsIn: FileExtraction[],
  resolver: ModuleResolver,
  slicer: TimeSlicer,
  cache?: ResolutionCache,
): Promise<CodeGraph> {
  const steps = graphSteps(extractionsIn, resolver, cache);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slicer.due()) await slicer.pause();
  }
}

/** The resolution pass as steps of bounded work: a file of a pass, or a few hundred calls of a file. */
function* graphSteps(extractionsIn: FileExtraction[], resolver: ModuleResolver, cache?: ResolutionCache): Generator<void, CodeGraph> {
  const sorted = [...extractionsIn].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  yield;
  const extractions = yield* withCallableMembers(sorted, resolver);
  const table = new SymbolTable(extractions, resolver);
  const fileSetKey = extractions.map((e) => e.file).join('\n');
  const reusable: Array<FileResolution | undefined> = [];
  if (cache && cache.fileSetKey === fileSetKey) {
    let sameInterfaces = true;
    for (const ext of extractions) {
      const entry = cache.entries.get(ext.file)!;
      if (entry.extraction === ext) reusable.push(entry.resolution);
      else {
        reusable.push(undefined);
        if (interfaceSignature(ext) !== interfaceSignature(entry.extraction)) sameInterfaces = false;
        yield;
      }
    }
    if (!sameInterfaces) reusable.length = 0;
  }
  yield;
  const builder = new GraphBuilder(extractions, table, reusable);
  const graph = yield* builder.build();
  if (cache) {
    cache.fileSetKey = fileSetKey;
    cache.entries = new Map();
    extractions.forEach((ext, f) => cache.entries.set(ext.file, { extraction: ext, resolution: builder.resolutions[f] }));
  }
  return graph;
}

class GraphBuilder {
  private readonly nodes = new Map<string, GraphNode>();
  /** from -> (type + to) -> edge, for de-duplication; edgeList keeps insertion order. */
  private readonly edgeMap = new Map<string, Map<string, GraphEdge>>();
  private readonly edgeList: GraphEdge[] = [];
  private readonly ids: string[][] = [];
  private readonly componentsByFile = new Map<string, GraphNode[]>();
  private readonly unresolvedByFile = new Map<string, number>();
  private readonly unprovenByCallee = new Map<string, UnprovenCall[]>();
  /** Bare-callable top-level definitions and methods across the workspace, by name (fallback). */
  private readonly callableByName = new Map<string, DefRef[]>();
  private readonly methodByName = new Map<string, DefRef[]>();
  /** Per class (file:def key): resolved base classes. */
  private readonly bases = new Map<string, DefRef[]>();
  private readonly stats: ResolutionStats = {
    callSites: 0,
    byOutcome: zeroOutcomes(),
    importsTotal: 0,
    importsResolved: 0,
    importsExternal: 0,
    heritageTotal: 0,
    heritageResolved: 0,
  };

  readonly resolutions: FileResolution[] = [];
  private readonly calls: CallResolver;

  constructor(
    private readonly extractions: FileExtraction[],
    private readonly table: SymbolTable,
    private readonly reusable: Array<FileResolution | undefined>,
  ) {
    this.calls = new CallResolver(extractions, table, this.bases, this.callableByName, this.methodByName);
  }

  /** The passes over every file (nodes, imports, heritage, calls), yielding after each file's step. */
  *build(): Generator<void, CodeGraph> {
    for (const [f, ext] of this.extractions.entries()) {
      this.addNodes(ext, f);
      yield;
    }
    for (const [f, ext] of this.extractions.entries()) {
      this.resolutions.push(
        this.reusable[f] ?? {
          imports: [],
          heritage: [],
          calls: [],
          unproven: [],
          outcomes: zeroOutcomes(),
          callSites: 0,
          importsExternal: 0,
          heritageTotal: 0,
        },
      );
      if (!this.reusable[f]) this.resolveImports(ext, f, this.resolutions[f]);
      this.applyImports(ext, this.resolutions[f]);
      yield;
    }
    for (const [f, ext] of this.extractions.entries()) {
      if (!this.reusable[f]) this.resolveHeritage(ext, f, this.resolutions[f]);
      this.applyHeritage(f, this.resolutions[f]);
      yield;
    }
    for (const [f, ext] of this.extractions.entries()) {
      if (!this.reusable[f]) yield* this.resolveCalls(ext, f, this.resolutions[f]);
      this.applyCalls(ext, f, this.resolutions[f]);
      yield;
    }
    const edges = this.edgeList;
    // Adjacency is built on the first query, not on every re-index.
    let adjacency: { outgoing: Map<string, GraphEdge[]>; incoming: Map<string, GraphEdge[]> } | undefined;
    const adjacent = () => {
      if (!adjacency) {
        adjacency = { outgoing: new Map(), incoming: new Map() };
        for (const edge of edges) {
          push(adjacency.outgoing, edge.from, edge);
          push(adjacency.incoming, edge.to, edge);
        }
      }
      return adjacency;
    };
    return {
      nodes: this.nodes,
      edges,
      get outgoing() {
        return adjacent().outgoing;
      },
      get incoming() {
        return adjacent().incoming;
      },
      componentsByFile: this.componentsByFile,
      unresolvedByFile: this.unresolvedByFile,
      unprovenByCallee: this.unprovenByCallee,
      stats: this.stats,
    };
  }

  private addNodes(ext: FileExtraction, f: number): void {
    const own = fileNodesOf(ext);
    this.nodes.set(ext.file, own.fileNode);
    for (const node of own.components) this.nodes.set(node.id, node);
    ext.definitions.forEach((d, i) => {
      // Contains edges are unique by construction: no de-duplication needed.
      this.edgeList.push({
        type: 'contains',
        from: d.parent !== null ? (own.ids[d.parent] ?? ext.file) : ext.file,
        to: own.ids[i],
        confidence: CONFIDENCE.contains,
      });
      const ref = { file: f, def: i };
      const parentKind = d.parent !== null ? ext.definitions[d.parent]?.kind : undefined;
      if ((parentKind && CLASS_LIKE.has(parentKind)) || (d.kind === 'method' && d.parent === null)) push(this.methodByName, d.name, ref);
      else if (d.parent === null && !CLASS_LIKE.has(d.kind)) push(this.callableByName, d.name, ref);
      if (d.parent === null && d.kind === 'class') push(this.callableByName, d.name, ref);
    });
    this.ids.push(own.ids);
    this.componentsByFile.set(ext.file, own.components);
  }

  private addEdge(type: EdgeType, from: string, to: string, confidence: number, via?: CallOutcome): void {
    if (from === to && type !== 'calls') return;
    let byTo = this.edgeMap.get(from);
    if (!byTo) this.edgeMap.set(from, (byTo = new Map()));
    const key = type === 'calls' ? to : `${type}\0${to}`;
    const existing = byTo.get(key);
    if (!existing) {
      const edge: GraphEdge = { type, from, to, confidence };
      if (via) edge.via = via;
      byTo.set(key, edge);
      this.edgeList.push(edge);
    } else if (existing.confidence < confidence) {
      existing.confidence = confidence;
      if (via) existing.via = via;
    }
  }

  private idOf(ref: DefRef): string {
    return this.ids[ref.file][ref.def];
  }

  private resolveImports(ext: FileExtraction, f: number, out: FileResolution): void {
    for (const record of ext.imports) {
      const target = this.table.moduleFile(f, record.source);
      if (target === undefined) {
        out.importsExternal++;
        continue;
      }
      if (target !== f) out.imports.push(target);
      if (languageTraits(record.kind)?.surface !== 'namespace') continue;
      // `from pkg import mod` imports the submodule file too.
      for (const { imported } of record.bindings) {
        const sub = this.table.submoduleIndex(target, imported);
        if (sub !== undefined && sub !== f) out.imports.push(sub);
      }
    }
  }

  private applyImports(ext: FileExtraction, res: FileResolution): void {
    this.stats.importsTotal += ext.imports.length;
    this.stats.importsExternal += res.importsExternal;
    this.stats.importsResolved += ext.imports.length - res.importsExternal;
    for (const target of res.imports) this.addEdge('imports', ext.file, this.extractions[target].file, CONFIDENCE.import);
  }

  private resolveHeritage(ext: FileExtraction, f: number, out: FileResolution): void {
    for (const h of ext.heritage) {
      // `ReturnType<typeof f>` names a call's result, `passes` a type parameter's place, and
      // `elements` a collection's element, which declared-types.ts reads; no base to resolve here.
      if ((h.kind === 'typeof' && h.parent.endsWith(')')) || h.kind === 'passes' || h.kind === 'elements') continue;
      const followedOnly = h.kind === 'union' || h.kind === 'typeof';
      // The report counts bases; a union's members and a `typeof` alias's value are none.
      if (!followedOnly) out.heritageTotal++;
      const target = this.calls.resolveTypeName(f, h.parent);
      if (target)
        out.heritage.push({ child: h.child, target: target.ref, confidence: target.confidence, ...(followedOnly ? { followedOnly: true as const } : {}) });
    }
  }

  private applyHeritage(f: number, res: FileResolution): void {
    this.stats.heritageTotal += res.heritageTotal;
    for (const { child, target, confidence, followedOnly } of res.heritage) {
      const childRef = { file: f, def: child };
      push(this.bases, refKey(childRef), target);
      if (followedOnly) continue;
      this.stats.heritageResolved++;
      this.addEdge('inherits', this.idOf(childRef), this.idOf(target), confidence);
    }
  }

  private *resolveCalls(ext: FileExtraction, f: number, out: FileResolution): Generator<void> {
    // The same call shape in one file resolves the same way: `self.x()` within one class,
    // `obj.x()` anywhere in the file, a bare `x()` within one enclosing function.
    const memo = new Map<string, Resolved>();
    const { declared, defs } = this.calls;
    for (const call of ext.calls) {
      if (++out.callSites % CALLS_PER_STEP === 0) yield;
      const r = call.receiver;
      const dot = r === undefined ? -1 : r.indexOf('.');
      const segment = r === undefined ? undefined : dot < 0 ? r : r.slice(0, dot);
      // `this[kSocket].send()`, `xs[i].m()`: the name before a key (pathOf) is what the scope depends on.
      const head = segment?.includes('[') ? segment.slice(0, segment.indexOf('[')) : segment;
      const local = head === undefined ? false : declared.hasLocal(f, head);
      const ownClass = head === 'this' || head === 'self' || head === 'super' ? defs.classOfCall(ext, call) : undefined;
      // Outside a class, `this` is a function's own (a `this: T` parameter): settled per function;
      // so is a receiver a function's own import binds (Python `def f(): from . import store`).
      const imported = head !== undefined && !local && this.table.functionBinding(f, call.enclosing, head) !== undefined;
      // A name a parameter or a local binds (CallSite.boundInScope) is that function's, and only where it is bound.
      const bound = call.boundInScope === true;
      // A file declaring a `this` or `self` of some function's own settles those per function too.
      const scope = (local ? undefined : ownClass) ?? (r === undefined || local || imported || bound ? call.enclosing : -1);
      // A name typed inside a callback only: the same receiver text may be another value on another line.
      const key = `${r ?? ''}\0${call.callee}\0${call.isNew ? 1 : 0}${bound ? 'b' : ''}\0${scope ?? ''}${local === 'scoped' ? `\0${call.line}` : ''}`;
      let settled = memo.get(key);
      if (!settled) {
        settled = this.calls.callableOnly(this.calls.resolveCall(ext, f, call));
        memo.set(key, settled);
      }
      out.outcomes[settled.outcome]++;
      const from = call.enclosing !== null && call.enclosing < ext.definitions.length ? call.enclosing : null;
      for (const t of settled.targets) out.calls.push({ from, target: t.ref, confidence: t.confidence, via: settled.outcome });
      if (settled.targets.length === 0 && (settled.outcome === 'unresolved' || settled.outcome === 'fallback')) {
        out.unproven.push({ from, callee: call.callee, line: call.line, member: r !== undefined });
      }
    }
  }

  private applyCalls(ext: FileExtraction, f: number, res: FileResolution): void {
    this.stats.callSites += res.callSites;
    for (const outcome of Object.keys(res.outcomes) as CallOutcome[]) this.stats.byOutcome[outcome] += res.outcomes[outcome];
    const unproven = res.outcomes.unresolved + res.outcomes.fallback;
    if (unproven > 0) this.unresolvedByFile.set(ext.file, unproven);
    for (const { from, target, confidence, via } of res.calls) {
      this.addEdge('calls', from !== null ? this.ids[f][from] : ext.file, this.idOf(target), confidence, via);
    }
    for (const { from, callee, line, member } of res.unproven) {
      push(this.unprovenByCallee, callee, { file: ext.file, line, from: from !== null ? this.ids[f][from] : ext.file, member });
    }
  }
}
