// A graph's counts by type are made once, by the index before it commits the graph
// (core/index/graph-counts.ts): the answers that state the graph's size (init_workspace,
// get_metrics, get_analysis_context) read them and never walk the graph on the server's thread
// (SPEC §init_workspace: the server answers while it indexes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexStats } from '../../core/index/index-report.ts';
import { graphCounts, countGraphInSlices } from '../../core/index/graph-counts.ts';
import { TimeSlicer } from '../../core/index/extract/time-slices.ts';
import type { CodeGraph, GraphEdge, GraphNode } from '../../core/index/graph-types.ts';
import { indexedFixture } from '../helpers/graph-fixture.ts';
import { turnsDuring } from '../helpers/event-loop-turns.ts';

/** What counting a graph walk would give: types in code-unit order. */
function walked<T extends { type: string }>(items: Iterable<T>): Record<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(item.type, (out.get(item.type) ?? 0) + 1);
  return Object.fromEntries([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

test('after an index, its statistics count nodes and edges by type without walking the graph again', async () => {
  const index = await indexedFixture('ts-esm');
  const graph = index.graph!;
  const expected = { nodesByType: walked(graph.nodes.values()), edgesByType: walked(graph.edges) };
  assert.ok(Object.keys(expected.nodesByType).length > 1 && Object.keys(expected.edgesByType).length > 1);
  // A walk now would throw: the counts must come from the run.
  const nodes = graph.nodes;
  const edges = graph.edges;
  graph.nodes = Object.assign(new Map(nodes), {
    values: () => assert.fail('the graph was walked for its node counts'),
  }) as Map<string, GraphNode>;
  graph.edges = new Proxy(edges, {
    get(target, key, receiver) {
      if (key === Symbol.iterator) assert.fail('the graph was walked for its edge counts');
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as GraphEdge[];
  const stats = indexStats(index);
  assert.deepEqual({ nodesByType: stats.nodesByType, edgesByType: stats.edgesByType }, expected);
  assert.equal(stats.nodes, nodes.size);
  assert.equal(stats.edges, edges.length);
});

test('counting a large graph in slices lets the event loop turn, and gives what a walk gives', async () => {
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  for (let i = 0; i < 20_000; i++) {
    const type = (['function', 'class', 'method'] as const)[i % 3];
    const id = `f${i % 100}.ts::${type}::n${i}::1`;
    nodes.set(id, { id, type, name: `n${i}`, file: `f${i % 100}.ts`, startLine: 1, endLine: 2 });
    edges.push({ type: i % 4 === 0 ? 'calls' : 'contains', from: `n${i}`, to: `n${i + 1}`, confidence: 1 });
  }
  const graph = { nodes, edges } as unknown as CodeGraph;
  const slicer = new TimeSlicer(0);
  const { turns } = await turnsDuring(() => countGraphInSlices(graph, slicer));
  assert.ok(slicer.pauses >= 5 && turns >= 5, `${slicer.pauses} pauses, ${turns} turns`);
  assert.deepEqual(graphCounts(graph), { nodesByType: walked(nodes.values()), edgesByType: walked(edges) });
});
