// MCP tool annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint), all four
// from one per-tool table of what each tool writes and where it sends, decided from what its
// handler does. A host may run a readOnlyHint tool without asking and asks before a
// destructiveHint one, so a hint errs toward caution only where the handler can do it: a tool
// that only adds is not destructive, and one that reads is not open-world unless it reaches the
// substrate. tests/e2e/tool-hints.test.ts runs every tool against the emulated substrate and
// holds each row to what the call wrote and sent (docs/tool-surface.md "Annotations").

/**
 * Where a call's effects land. `store`: the local store under the metabob home (the findings
 * ledger and the agent-resolver queue). `workspace`: the workspace binding and its index, with
 * the index's extraction cache. `substrate`: a write shape sent through the attachment.
 */
export type EffectPlace = 'store' | 'workspace' | 'substrate';

/**
 * `adds`: only adds records, or fills a field that was empty. `changes`: may overwrite or
 * remove what was there (MCP's "destructive updates").
 */
export type WriteKind = 'adds' | 'changes';

export interface ToolEffects {
  /** What a call may write, by place; a place left out is never written. */
  writes: Partial<Record<EffectPlace, { kind: WriteKind; what: string }>>;
  /**
   * Whether a call may send requests to the substrate, whose other agents and services make it
   * an open world (openWorldHint); a tool that does not works on this machine only.
   */
  sendsToSubstrate: boolean;
  /** Whether repeating a call with the same arguments has no further effect (always so for a tool that writes nothing). */
  idempotent: boolean;
}

const READS_LOCAL: ToolEffects = { writes: {}, sendsToSubstrate: false, idempotent: true };
const READS_SUBSTRATE: ToolEffects = { writes: {}, sendsToSubstrate: true, idempotent: true };

/** Every registered tool, once (tests/unit/tool-annotations.test.ts holds the keys to the registry). */
export const TOOL_EFFECTS: Readonly<Record<string, ToolEffects>> = {
  init_workspace: {
    writes: { workspace: { kind: 'adds', what: 'the workspace binding, its index and the extraction cache' } },
    sendsToSubstrate: false,
    idempotent: true,
  },
  get_analysis_context: READS_SUBSTRATE,
  get_problems: READS_SUBSTRATE,
  record_finding: {
    writes: { store: { kind: 'adds', what: 'a new finding' }, substrate: { kind: 'adds', what: 'the shared finding' } },
    sendsToSubstrate: true,
    // force: true records the same finding again.
    idempotent: false,
  },
  mark_complete: {
    writes: {
      store: { kind: 'changes', what: "the finding's verdict; stale siblings retired or removed" },
      substrate: { kind: 'adds', what: 'the verdict and its usage record' },
    },
    sendsToSubstrate: true,
    idempotent: false,
  },
  annotate_component: READS_LOCAL,
  search_codebase: READS_LOCAL,
  analyze_impact: READS_LOCAL,
  predict_cochanges: READS_LOCAL,
  assign_git_changes: READS_LOCAL,
  get_metrics: READS_LOCAL,
  claim_finding: { writes: { substrate: { kind: 'adds', what: 'a claim on the finding' } }, sendsToSubstrate: true, idempotent: false },
  path_activity: READS_SUBSTRATE,
  run_goal: {
    // A goal goal-host routes to feature_compose lands a commit, and a learning run moves the posteriors it learns.
    writes: { substrate: { kind: 'changes', what: 'a goal run, which may land a commit and change what goal-host learns' } },
    sendsToSubstrate: true,
    idempotent: false,
  },
  run_goal_async: {
    writes: { substrate: { kind: 'changes', what: 'a goal run, which may land a commit and change what goal-host learns' } },
    sendsToSubstrate: true,
    idempotent: false,
  },
  goal_status: READS_SUBSTRATE,
  goal_reasoning: READS_SUBSTRATE,
  provide_feedback: { writes: { substrate: { kind: 'adds', what: 'a verification label on the run' } }, sendsToSubstrate: true, idempotent: false },
  registry_query: READS_SUBSTRATE,
  execution_trace: READS_SUBSTRATE,
  resolve_impulse: {
    // Its one write, memoryNote_write, may replace the note it names.
    writes: { substrate: { kind: 'changes', what: 'a memory note (memoryNote_write)' } },
    sendsToSubstrate: true,
    idempotent: false,
  },
  concept_search: READS_SUBSTRATE,
  concept_neighbors: READS_SUBSTRATE,
  concept_usage_stats: READS_SUBSTRATE,
  concept_sequence: READS_SUBSTRATE,
  concept_link: { writes: { substrate: { kind: 'adds', what: 'a link between two concepts' } }, sendsToSubstrate: true, idempotent: false },
  concept_create: { writes: { substrate: { kind: 'adds', what: 'a new concept' } }, sendsToSubstrate: true, idempotent: false },
  concept_record_usage: { writes: { substrate: { kind: 'adds', what: 'a usage record' } }, sendsToSubstrate: true, idempotent: false },
  pull_assigned_work: {
    writes: { store: { kind: 'changes', what: 'the agent-resolver queue: overdue tasks expired, pending ones claimed by this session' } },
    sendsToSubstrate: false,
    idempotent: false,
  },
  submit_resolution: {
    writes: {
      store: { kind: 'changes', what: 'the agent-resolver queue: the task resolved' },
      substrate: { kind: 'adds', what: "the answer to goal-host's solicitation" },
    },
    sendsToSubstrate: true,
    idempotent: false,
  },
};

export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** An unlisted tool gets the hints MCP assumes when none are given: it may write, destroy, repeat and reach out. */
const UNCLASSIFIED: ToolHints = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

/** The four hints, from the table. */
export function toolHints(name: string): ToolHints {
  const effects = TOOL_EFFECTS[name];
  if (!effects) return UNCLASSIFIED;
  const writes = Object.values(effects.writes);
  return {
    readOnlyHint: writes.length === 0,
    destructiveHint: writes.some((w) => w.kind === 'changes'),
    idempotentHint: writes.length === 0 || effects.idempotent,
    openWorldHint: effects.sendsToSubstrate,
  };
}

/** True only for a tool the table lists as writing nothing. */
export function isReadOnlyTool(name: string): boolean {
  return TOOL_EFFECTS[name] !== undefined && toolHints(name).readOnlyHint;
}
