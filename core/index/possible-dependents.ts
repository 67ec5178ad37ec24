// The call sites analyze_impact cannot prove but cannot rule out (SPEC §analyze_impact, honest
// impact): a call the resolver left unresolved, or matched by name only, whose callee carries
// the name of a symbol defined in a changed file. A missing edge must never read as "safe to
// change", so these are listed beside the proven dependents, capped and counted.
import type { CodeGraph, UnprovenCall } from './graph-types.ts';
import { isTestFile } from './impact-traversal.ts';
import { moduleIndexOfPath } from './extract/languages/registry.ts';

export interface PossibleDependent extends UnprovenCall {
  /** The changed symbol the call names. */
  symbol: string;
}

const NAMED_TYPES = new Set(['function', 'method', 'class', 'struct']);
/** Python's protocol methods (`__eq__`, `__getitem__`): run by the language, explicitly called mostly through super(). */
const DUNDER = /^__\w+__$/;

// Process cache: per graph, how many components carry each short name (a rarer name is a likelier callee).
const nameCounts = new WeakMap<CodeGraph, Map<string, number>>();

function shortName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

function countsOf(graph: CodeGraph): Map<string, number> {
  let counts = nameCounts.get(graph);
  if (!counts) {
    counts = new Map();
    for (const node of graph.nodes.values()) {
      if (!NAMED_TYPES.has(node.type)) continue;
      const name = shortName(node.name);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    nameCounts.set(graph, counts);
  }
  return counts;
}

/**
 * Unproven call sites outside the changed files naming one of their functions, classes or
 * methods. A method is named only by a call on a receiver (`x.save()`); a function or class by
 * any call of its name. Sites whose caller is already a proven dependent (`proven`) are left out.
 */
export function possibleDependents(
  graph: CodeGraph,
  changedFiles: string[],
  proven: ReadonlySet<string>,
  includeTests: boolean,
  cap: number,
): { shown: PossibleDependent[]; total: number } {
  const changed = new Set(changedFiles);
  // A call names a symbol of its own language only: a JavaScript change has no Python callers.
  // One language module is one family (TypeScript and JavaScript call each other).
  const languages = new Set(changedFiles.map(moduleIndexOfPath));
  const sameLanguage = (file: string) => languages.has(moduleIndexOfPath(file));
  const wanted = new Map<string, 'any' | 'member'>();
  for (const file of changedFiles) {
    for (const node of graph.componentsByFile.get(file) ?? []) {
      if (!NAMED_TYPES.has(node.type)) continue;
      // A method's node is named by its class (`Repo.save`); its calls name the method alone.
      const name = shortName(node.name);
      if (!name || name === 'constructor' || DUNDER.test(name)) continue;
      const kind = node.type === 'method' ? 'member' : 'any';
      if (wanted.get(name) !== 'any') wanted.set(name, kind);
    }
  }
  const shown: PossibleDependent[] = [];
  let total = 0;
  // Names few components share first: their unproven calls are the likeliest to reach the change.
  const counts = countsOf(graph);
  const order = [...wanted].sort(([a], [b]) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
  for (const [symbol, kind] of order) {
    for (const site of graph.unprovenByCallee.get(symbol) ?? []) {
      if (changed.has(site.file) || proven.has(site.from) || !sameLanguage(site.file)) continue;
      if (kind === 'member' && !site.member) continue;
      if (!includeTests && isTestFile(site.file)) continue;
      total++;
      if (shown.length < cap) shown.push({ ...site, symbol });
    }
  }
  return { shown, total };
}
