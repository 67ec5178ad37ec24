// SPEC §agent-instructions: the MCP `instructions` the initialize result carries. Every tool
// named here in backticks must exist in the registry (tests/e2e/server.test.ts holds it).

// @anchor SERVER_INSTRUCTIONS
export const SERVER_INSTRUCTIONS = [
  'metabob gives you local code intelligence for this workspace (a tree-sitter code graph, impact analysis, git co-change) and a findings ledger shared with the other agents working on this codebase.',
  '',
  'Before editing files that other agents or the substrate also work on: call `get_problems` with those files, then `path_activity` on them. When you notice a problem you are not fixing, call `record_finding`: a bug mentioned only in a reply is lost. When you fix a recorded finding, call `mark_complete` on it.',
  '',
  'Load the metabob skill before your first call: it holds the sequencing and the rules. Without the skill, start with these four: `get_analysis_context`, `get_problems`, `record_finding`, `mark_complete`.',
  '',
  'Loops: the ledger loop is `get_problems` -> `claim_finding` -> fix -> `mark_complete` (`record_finding` for what you leave). The goal loop is `run_goal_async` -> `goal_status` -> `goal_reasoning` -> `provide_feedback`. `execution_trace` with no id lists recent traces.',
  '',
  'Local tools (no substrate needed): `init_workspace` (call it first; it indexes the workspace), `search_codebase`, `analyze_impact`, `predict_cochanges`, `assign_git_changes`, `get_metrics`, `annotate_component`, `pull_assigned_work` (decisions queued on this machine), and the local half of `get_problems`, `get_analysis_context`, `record_finding`, `mark_complete` and `submit_resolution`.',
  'Substrate tools (need the attachment): `claim_finding`, `path_activity`, `run_goal`, `run_goal_async`, `goal_status`, `goal_reasoning`, `provide_feedback`, `registry_query`, `execution_trace`, `resolve_impulse`, `concept_search`, `concept_neighbors`, `concept_usage_stats`, `concept_sequence`, `concept_link`, `concept_create`, `concept_record_usage`.',
  'tools/list names the substrate tools only while an attachment can answer them: to enable them, give the server METABOB_API_KEY and METABOB_ENDPOINT (or run "metabob-mcp configure") and start it again.',
  '',
  'A named cause from a substrate tool (for example key_rejected: ... or anchor_unreachable: ...) is the attachment\'s state, not a problem with your call: local tools still work, and the person diagnoses it with "metabob-mcp attach --check".',
  '',
  'Every result carries `_meta`: branch on empty_reason and next_steps rather than retrying the same call.',
].join('\n');
