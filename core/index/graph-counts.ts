// A graph's nodes and edges by type, as init_workspace's answer and the graph-size line of
// get_metrics and get_analysis_context state them (SPEC §init_workspace, §get_metrics "the local
// CPG size"). A graph does not change once built (a re-index builds a new one), so it is counted
// once: the index counts it in time slices before it commits the graph (SPEC §init_workspace:
// the server answers while it indexes), and every later answer reads the counts. Counted in one
// go, a graph of 56,000 nodes and 88,000 edges held the server's thread ~50 ms.
import type { CodeGraph } from './graph-types.ts';
import type { TimeSlicer } from './extract/time-slices.ts';

export interface GraphCounts {
  /** Node and edge counts by type, types in code-unit order. */
  nodesByType: Record<string, number>;
  edgesByType: Record<string, number>;
}

/** Nodes or edges counted between two checks of the slicer. */
const ITEMS_PER_STEP = 4096;

// Process cache: each graph's counts, for as long as the graph lives.
const counted = new WeakMap<CodeGraph, GraphCounts>();

/** The graph's counts: counted now unless the index already counted them. */
export function graphCounts(graph: CodeGraph): GraphCounts {
  const known = counted.get(graph);
  if (known) return known;
  const steps = countSteps(graph);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Counts the graph in slices that let the event loop turn, for graphCounts to answer from. */
export async function countGraphInSlices(graph: CodeGraph, slicer: TimeSlicer): Promise<void> {
  if (counted.has(graph)) return;
  const steps = countSteps(graph);
  for (;;) {
    const step = steps.next();
    if (step.done) return;
    if (slicer.due()) await slicer.pause();
  }
}

function* countSteps(graph: CodeGraph): Generator<void, GraphCounts> {
  const nodes = new Map<string, number>();
  let n = 0;
  for (const node of graph.nodes.values()) {
    nodes.set(node.type, (nodes.get(node.type) ?? 0) + 1);
    if (++n % ITEMS_PER_STEP === 0) yield;
  }
  const edges = new Map<string, number>();
  for (const edge of graph.edges) {
    edges.set(edge.type, (edges.get(edge.type) ?? 0) + 1);
    if (++n % ITEMS_PER_STEP === 0) yield;
  }
  const counts = { nodesByType: sortedRecord(nodes), edgesByType: sortedRecord(edges) };
  counted.set(graph, counts);
  return counts;
}

function sortedRecord(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)));
}
