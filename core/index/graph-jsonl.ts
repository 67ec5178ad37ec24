// The graph as JSON lines (docs/graph-format.md): one line per node, then one per edge, in a
// stable order, so users and tests can read what the server sees.
import { createWriteStream } from 'node:fs';
import type { CodeGraph } from './graph-types.ts';

export function graphJsonLines(graph: CodeGraph): string[] {
  const nodes = [...graph.nodes.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const edges = [...graph.edges].sort(
    (a, b) => a.type.localeCompare(b.type) || (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0),
  );
  return [
    ...nodes.map((n) => JSON.stringify({ kind: 'node', id: n.id, type: n.type, name: n.name, file: n.file, start_line: n.startLine, end_line: n.endLine })),
    ...edges.map((e) => JSON.stringify({ kind: 'edge', type: e.type, from: e.from, to: e.to, confidence: e.confidence })),
  ];
}

export async function writeGraphJsonl(graph: CodeGraph, path: string): Promise<void> {
  const stream = createWriteStream(path);
  for (const line of graphJsonLines(graph)) {
    if (!stream.write(line + '\n')) await new Promise<void>((r) => stream.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}
