// MCP tool annotations, decided per tool from what its handler does (or, for a tool not built
// yet, what SPEC says it will do). A host may run a readOnlyHint tool without asking, so the
// hint is given only to tools that change nothing: no local store write, no substrate write, no
// workspace rebinding, no cache write. idempotentHint comes from each tool's own `idempotent`.
// tests/unit/tool-annotations.test.ts holds every registered tool to one side of this table.

/** What each tool changes, by name; an empty list means it changes nothing (readOnlyHint). */
export const TOOL_WRITES: Readonly<Record<string, readonly string[]>> = {
  analyze_impact: [],
  annotate_component: [],
  assign_git_changes: [],
  claim_finding: ['substrate: a claim on the finding'],
  concept_create: ['substrate: a new concept'],
  concept_link: ['substrate: a link between concepts'],
  concept_neighbors: [],
  concept_record_usage: ['substrate: a usage record'],
  concept_search: [],
  concept_sequence: [],
  concept_usage_stats: [],
  execution_trace: [],
  get_analysis_context: [],
  get_metrics: [],
  get_problems: [],
  goal_reasoning: [],
  goal_status: [],
  init_workspace: ['the workspace binding', 'the local index and its extraction cache'],
  mark_complete: ['local store: the verdict, retired seeds', 'substrate: the shared finding and its usage'],
  path_activity: [],
  predict_cochanges: [],
  provide_feedback: ['substrate: feedback on a goal'],
  pull_assigned_work: ['the solicitation queue: claims for this session'],
  record_finding: ['local store: a new finding', 'substrate: the shared finding'],
  registry_query: [],
  resolve_impulse: ['substrate: the impulse resolution record'],
  run_goal: ['substrate: a goal run'],
  run_goal_async: ['substrate: a goal run'],
  search_codebase: [],
  submit_resolution: ['the solicitation queue and substrate: the resolution'],
};

/** True only for a tool listed as changing nothing; an unlisted tool is never read-only. */
export function isReadOnlyTool(name: string): boolean {
  const writes = TOOL_WRITES[name];
  return writes !== undefined && writes.length === 0;
}
