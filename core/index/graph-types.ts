// The local code graph (SPEC §architecture local tier): nodes are files and the components
// extraction found in them; edges are contains, calls, imports and inherits, each with a
// confidence. docs/graph-format.md documents the shape and the confidence values.
import type { DefinitionKind } from './extract-types.ts';

export type NodeType = 'file' | DefinitionKind;
export type EdgeType = 'contains' | 'calls' | 'imports' | 'inherits';

export interface GraphNode {
  /** `<file>` for a file, else `<file>::<type>::<name>::<startLine>`. */
  id: string;
  type: NodeType;
  /** Qualified within its file: a method is `Class.method`. A file's name is its path. */
  name: string;
  /** Workspace-relative, forward slashes. */
  file: string;
  startLine: number;
  endLine: number;
}

export interface GraphEdge {
  type: EdgeType;
  from: string;
  to: string;
  confidence: number;
  /** calls only: the rule that decided the edge (eval:calls scores each rule apart). */
  via?: CallOutcome;
}

/**
 * What a file proves by itself: certain. Every cross-file decision (an import binding, a
 * declared type, a base class, an unlisted export) carries its language's measured confidence
 * instead (call-confidence.ts). Precision over recall (a wrong edge misleads more than a missing
 * one): a name with many candidates is left unresolved.
 */
export const CONFIDENCE = {
  /** contains: the definition sits in the file or class. */
  contains: 1.0,
  /** imports: the specifier resolved to a file of the index. */
  import: 1.0,
  /** calls/inherits to a definition in the same file. */
  sameFile: 1.0,
  /** this./self. calls to a method of the enclosing class. */
  ownClass: 1.0,
} as const;

/**
 * How a call site ended up (the index's resolution rates). 'fallback' is a call no rule proved
 * whose name one or two definitions in the files the caller imports carry: it makes no edge
 * (eval:calls measured such by-name guesses below 0.9 precise on every corpus but one), and
 * counts as unresolved in unresolvedByFile.
 */
export type CallOutcome = 'same_file' | 'own_class' | 'base_class' | 'declared_type' | 'import' | 'fallback' | 'external' | 'unresolved';

export interface ResolutionStats {
  callSites: number;
  byOutcome: Record<CallOutcome, number>;
  importsTotal: number;
  importsResolved: number;
  importsExternal: number;
  heritageTotal: number;
  heritageResolved: number;
}

/** A call site the resolver could not tie to a definition. */
export interface UnprovenCall {
  file: string;
  line: number;
  /** The calling component's id, or the file's for a module-level call. */
  from: string;
  /** Called on a receiver (`x.save()`), not bare (`save()`). */
  member: boolean;
}

export interface CodeGraph {
  nodes: Map<string, GraphNode>;
  edges: GraphEdge[];
  outgoing: Map<string, GraphEdge[]>;
  incoming: Map<string, GraphEdge[]>;
  /** Component nodes per file (not the file node itself), in source order. */
  componentsByFile: Map<string, GraphNode[]>;
  /** Unresolved call sites per file, for honest impact answers. */
  unresolvedByFile: Map<string, number>;
  /** Call sites no rule proved, by the callee name they call: analyze_impact's possible dependents. */
  unprovenByCallee: Map<string, UnprovenCall[]>;
  stats: ResolutionStats;
}

export function componentId(file: string, type: NodeType, name: string, startLine: number): string {
  return `${file}::${type}::${name}::${startLine}`;
}
