// SPEC §search_codebase, components half: the query is tokenised (camelCase, snake_case and
// kebab-case split) and matched by partial token containment against each component's name,
// file path and node type, then ranked. Tokens are computed once per graph.
import type { CodeGraph, GraphNode } from './graph-types.ts';

/** `parseHTTPRequest_v2-final` -> parse, http, request, v2, final. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
}

interface Entry {
  node: GraphNode;
  name: string[];
  path: string[];
  lowerName: string;
}

export interface ComponentHit {
  node: GraphNode;
  score: number;
}

const searchIndexes = new WeakMap<CodeGraph, Entry[]>();

function entriesOf(graph: CodeGraph): Entry[] {
  let entries = searchIndexes.get(graph);
  if (!entries) {
    entries = [];
    for (const node of graph.nodes.values()) {
      const short = node.type === 'file' ? node.file.split('/').pop()! : node.name;
      entries.push({ node, name: tokenize(short), path: tokenize(node.file), lowerName: short.toLowerCase() });
    }
    searchIndexes.set(graph, entries);
  }
  return entries;
}

/** How well one query token matches a token list: exact 3, prefix 2, containment 1. */
function tokenScore(query: string, tokens: string[]): number {
  let best = 0;
  for (const t of tokens) {
    if (t === query) return 3;
    if (t.startsWith(query)) best = Math.max(best, 2);
    else if (best < 1 && (t.includes(query) || query.includes(t) && t.length >= 3)) best = 1;
  }
  return best;
}

export function searchComponents(graph: CodeGraph, query: string, limit: number, fileFilter?: string[]): ComponentHit[] {
  const qTokens = [...new Set(tokenize(query))];
  if (qTokens.length === 0) return [];
  const whole = query.trim().toLowerCase();
  const hits: ComponentHit[] = [];
  for (const entry of entriesOf(graph)) {
    if (fileFilter && fileFilter.length > 0 && !fileFilter.some((f) => entry.node.file.includes(f))) continue;
    let score = 0;
    let matched = 0;
    for (const q of qTokens) {
      const inName = tokenScore(q, entry.name);
      const inPath = tokenScore(q, entry.path);
      const inType = entry.node.type === q ? 2 : 0;
      const best = Math.max(inName * 2, inPath, inType);
      if (best > 0) matched++;
      score += best;
    }
    // Every query token must match somewhere; partial containment counts.
    if (matched < qTokens.length) continue;
    if (entry.lowerName === whole) score += 10;
    if (entry.node.type !== 'file') score += 0.5;
    hits.push({ node: entry.node, score });
  }
  hits.sort((a, b) => b.score - a.score || a.node.file.localeCompare(b.node.file) || a.node.startLine - b.node.startLine || a.node.id.localeCompare(b.node.id));
  return hits.slice(0, limit);
}
