// What a re-index may reuse from the previous resolution pass (SPEC §init_workspace
// `index-not-persisted`, in-process only): per-file resolutions, and the rule for when they
// still hold.
import type { FileExtraction } from './extract-types.ts';
import type { CallOutcome } from './graph-types.ts';
import type { DefRef } from './symbol-table.ts';

/** What resolving one file produced, kept so a re-index can reuse it (see ResolutionCache). */
export interface FileResolution {
  imports: number[];
  /** `followedOnly`: a union alias's member or a `typeof` alias's value, followed by resolution and drawn as no edge. */
  heritage: Array<{ child: number; target: DefRef; confidence: number; followedOnly?: true }>;
  calls: Array<{ from: number | null; target: DefRef; confidence: number; via: CallOutcome }>;
  /** Call sites no rule proved (unresolved or by-name only): their callee's name, for possible dependents. */
  unproven: Array<{ from: number | null; callee: string; line: number; member: boolean }>;
  outcomes: Record<CallOutcome, number>;
  callSites: number;
  importsExternal: number;
  heritageTotal: number;
}

/**
 * Per-file resolutions of the previous build. A file's calls can depend on any file it
 * imports, so a cached resolution is reused only when the file set is the same and every
 * changed file kept its interface: the same definitions (kind, name, nesting, exported), exports,
 * imports and bases, in the same order, line numbers aside. Then every other file resolves to
 * the same definitions as before, and only the changed files are resolved again; ids are mapped
 * afresh, so moved lines are reflected. Anything else resolves every file. Either way the graph
 * equals a fresh build (tests/unit/graph-incremental.test.ts).
 */
export interface ResolutionCache {
  fileSetKey: string;
  entries: Map<string, { extraction: FileExtraction; resolution: FileResolution }>;
}

export function newResolutionCache(): ResolutionCache {
  return { fileSetKey: '', entries: new Map() };
}

export function interfaceSignature(ext: FileExtraction): string {
  return JSON.stringify([
    ext.language,
    Boolean(ext.error),
    ext.definitions.map((d) => [d.kind, d.name, d.parent, d.exported, d.parentName ?? '']),
    ext.exports,
    ext.imports.map((i) => [i.kind, i.source, i.bindings]),
    ext.heritage,
    // Fields type `this.x` in subclasses of other files; module-level names (an exported
    // `const m = new M()`, a function's declared return and callback parameter types) type calls in importers.
    (ext.declaredTypes ?? []).filter((d) => d.kind === 'member' || d.owner === null),
  ]);
}

export function zeroOutcomes(): Record<CallOutcome, number> {
  return { same_file: 0, own_class: 0, base_class: 0, declared_type: 0, import: 0, fallback: 0, external: 0, unresolved: 0 };
}
