// SPEC §analyze_impact: a breadth-first walk over calls, imports and inherits edges of the code
// graph. It starts from the changed files and everything they define (a file crosses to the
// symbols it defines), and reports each component reached once, at the first depth it is
// reached, with the best path confidence (the product of edge confidences along the path).
import type { CodeGraph, EdgeType, GraphNode } from './graph-types.ts';

export type ImpactDirection = 'forward' | 'backward' | 'both';

export interface ImpactHit {
  node: GraphNode;
  depth: number;
  confidence: number;
  /** The edge type that reached it and the node it came from. */
  via: EdgeType;
  from: string;
  /** 'dependent' (backward) or 'dependency' (forward). */
  relation: 'dependent' | 'dependency';
}

const WALKED: ReadonlySet<EdgeType> = new Set<EdgeType>(['calls', 'imports', 'inherits']);

/** Test files by common conventions (SPEC §analyze_impact `include_tests`). */
export function isTestFile(file: string): boolean {
  return (
    /(^|\/)(tests?|__tests__|spec)\//.test(file) ||
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) ||
    /(^|\/)test_[^/]*\.py$|_test\.py$|(^|\/)conftest\.py$/.test(file)
  );
}

export function impactOf(graph: CodeGraph, changedFiles: string[], direction: ImpactDirection, maxDepth: number, includeTests: boolean): ImpactHit[] {
  const hits: ImpactHit[] = [];
  const walks: Array<'dependent' | 'dependency'> = direction === 'both' ? ['dependent', 'dependency'] : [direction === 'backward' ? 'dependent' : 'dependency'];
  const changed = new Set(changedFiles);
  for (const relation of walks) {
    const best = new Map<string, ImpactHit>();
    let frontier = new Map<string, number>();
    for (const file of changedFiles) {
      frontier.set(file, 1);
      for (const component of graph.componentsByFile.get(file) ?? []) frontier.set(component.id, 1);
    }
    const seen = new Set(frontier.keys());
    for (let depth = 1; depth <= maxDepth && frontier.size > 0; depth++) {
      const next = new Map<string, number>();
      for (const [id, confidence] of frontier) {
        const edges = relation === 'dependent' ? graph.incoming.get(id) : graph.outgoing.get(id);
        for (const edge of edges ?? []) {
          if (!WALKED.has(edge.type)) continue;
          const otherId = relation === 'dependent' ? edge.from : edge.to;
          if (seen.has(otherId)) continue;
          const other = graph.nodes.get(otherId);
          if (!other || changed.has(other.file)) continue;
          if (!includeTests && isTestFile(other.file)) continue;
          const pathConfidence = confidence * edge.confidence;
          const prior = best.get(otherId);
          if (!prior || prior.confidence < pathConfidence) {
            best.set(otherId, { node: other, depth, confidence: pathConfidence, via: edge.type, from: id, relation });
            next.set(otherId, pathConfidence);
          }
        }
      }
      for (const id of next.keys()) seen.add(id);
      frontier = next;
    }
    hits.push(...best.values());
  }
  return hits.sort(
    (a, b) =>
      a.relation.localeCompare(b.relation) || a.depth - b.depth || b.confidence - a.confidence || (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0),
  );
}
