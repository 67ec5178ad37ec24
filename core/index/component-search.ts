// SPEC §search_codebase, components half: the query is tokenised (camelCase, snake_case and
// kebab-case split) and matched by partial token containment against each component's name,
// file path and node type, then ranked. Tokens are computed once per graph.
import type { CodeGraph, GraphNode } from './graph-types.ts';

/**
 * The most of a text that is tokenized. Every caller's text is capped at write or call time
 * (docs/input-caps.md): a query, a finding's summary and category, a file path or identifier
 * fits in it; a longer identifier from a source file, or a summary stored before the caps, is
 * tokenized by its first part only, so no stored or indexed text can slow every later search.
 */
export const TOKENIZE_MAX_CHARS = 4096;

const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;

function charClass(code: number): number {
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

/**
 * `parseHTTPRequest_v2-final` -> parse, http, request, v2, final. One pass, so linear in the
 * text's length on any input. A token ends at every character other than an ASCII letter or
 * digit, before a capital that follows a lower-case letter or a digit (camelCase, v2Final), and
 * before the last capital of a run of capitals that a lower-case letter follows (HTTPServer).
 */
export function splitTokens(text: string): string[] {
  const tokens: string[] = [];
  const n = text.length;
  let start = -1;
  let prev = OTHER;
  for (let i = 0; i < n; i++) {
    const cls = charClass(text.charCodeAt(i));
    if (cls === OTHER) {
      if (start >= 0) tokens.push(text.slice(start, i).toLowerCase());
      start = -1;
    } else if (start < 0) {
      start = i;
    } else if (cls === UPPER && (prev === LOWER || prev === DIGIT || (prev === UPPER && i + 1 < n && charClass(text.charCodeAt(i + 1)) === LOWER))) {
      tokens.push(text.slice(start, i).toLowerCase());
      start = i;
    }
    prev = cls;
  }
  if (start >= 0) tokens.push(text.slice(start).toLowerCase());
  return tokens;
}

/** The tokens of a query, name, path or finding text, over its first TOKENIZE_MAX_CHARS characters. */
export function tokenize(text: string): string[] {
  return splitTokens(text.length > TOKENIZE_MAX_CHARS ? text.slice(0, TOKENIZE_MAX_CHARS) : text);
}

interface Entry {
  node: GraphNode;
  lowerName: string;
}

/** Entries plus an inverted index from each distinct token to the entries holding it. */
interface SearchIndex {
  entries: Entry[];
  vocabulary: string[];
  inName: Map<string, number[]>;
  inPath: Map<string, number[]>;
  byType: Map<string, number[]>;
}

export interface ComponentHit {
  node: GraphNode;
  score: number;
}

const searchIndexes = new WeakMap<CodeGraph, SearchIndex>();

function add(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

function indexOf(graph: CodeGraph): SearchIndex {
  let index = searchIndexes.get(graph);
  if (!index) {
    const entries: Entry[] = [];
    const inName = new Map<string, number[]>();
    const inPath = new Map<string, number[]>();
    const byType = new Map<string, number[]>();
    for (const node of graph.nodes.values()) {
      const i = entries.length;
      const short = node.type === 'file' ? node.file.split('/').pop()! : node.name;
      entries.push({ node, lowerName: short.toLowerCase() });
      const nameTokens = tokenize(short);
      for (const t of nameTokens) add(inName, t, i);
      // The run-together name is a token too, so "getusername" finds getUserName by containment
      // of the query in a component token, the one direction SPEC §search_codebase names.
      if (nameTokens.length > 1) add(inName, nameTokens.join(''), i);
      for (const t of tokenize(node.file)) add(inPath, t, i);
      add(byType, node.type, i);
    }
    const vocabulary = [...new Set([...inName.keys(), ...inPath.keys()])];
    index = { entries, vocabulary, inName, inPath, byType };
    searchIndexes.set(graph, index);
  }
  return index;
}

/**
 * How well a query token matches a component token: exact 3, prefix 2, containment 1. Only the
 * query's token inside the component's (SPEC §search_codebase): "forgetting" holds "get", and
 * does not find getUserName.
 */
function tokenScore(query: string, token: string): number {
  if (token === query) return 3;
  if (token.startsWith(query)) return 2;
  if (token.includes(query)) return 1;
  return 0;
}

export function searchComponents(graph: CodeGraph, query: string, limit: number, fileFilter?: string[]): ComponentHit[] {
  return searchComponentsCounted(graph, query, limit, fileFilter).hits;
}

/** The best `limit` hits and how many components matched in all, so a cut list can say so. */
export function searchComponentsCounted(graph: CodeGraph, query: string, limit: number, fileFilter?: string[]): { hits: ComponentHit[]; total: number } {
  const qTokens = [...new Set(tokenize(query))];
  if (qTokens.length === 0) return { hits: [], total: 0 };
  const whole = query.trim().toLowerCase();
  const { entries, vocabulary, inName, inPath, byType } = indexOf(graph);
  const total = new Float64Array(entries.length);
  const matched = new Uint16Array(entries.length);
  const best = new Float64Array(entries.length);
  for (const q of qTokens) {
    best.fill(0);
    const touched: number[] = [];
    const raise = (i: number, score: number) => {
      if (best[i] === 0) touched.push(i);
      if (score > best[i]) best[i] = score;
    };
    for (const token of vocabulary) {
      const s = tokenScore(q, token);
      if (s === 0) continue;
      for (const i of inName.get(token) ?? []) raise(i, s * 2);
      for (const i of inPath.get(token) ?? []) raise(i, s);
    }
    for (const i of byType.get(q) ?? []) raise(i, 2);
    for (const i of touched) {
      total[i] += best[i];
      matched[i]++;
    }
  }
  // The best `limit` hits, kept sorted by insertion (limit is at most 50): no full sort of a
  // broad query's thousands of matches.
  const top: ComponentHit[] = [];
  let matches = 0;
  for (let i = 0; i < entries.length; i++) {
    // Every query token must match somewhere; partial containment counts.
    if (matched[i] < qTokens.length) continue;
    const entry = entries[i];
    if (fileFilter && fileFilter.length > 0 && !fileFilter.some((f) => entry.node.file.includes(f))) continue;
    matches++;
    let score = total[i];
    if (entry.lowerName === whole) score += 10;
    if (entry.node.type !== 'file') score += 0.5;
    const hit = { node: entry.node, score };
    if (top.length === limit && rank(hit, top[top.length - 1]) >= 0) continue;
    let at = top.length;
    while (at > 0 && rank(hit, top[at - 1]) < 0) at--;
    top.splice(at, 0, hit);
    if (top.length > limit) top.pop();
  }
  return { hits: top, total: matches };
}

/** Best first: score, then file, line and id, so equal scores order the same every time. */
function rank(a: ComponentHit, b: ComponentHit): number {
  return b.score - a.score || cmp(a.node.file, b.node.file) || a.node.startLine - b.node.startLine || cmp(a.node.id, b.node.id);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
