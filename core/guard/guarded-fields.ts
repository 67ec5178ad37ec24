// SPEC §outgoing-text-guard: which tools send nothing, and each guarded field's kind and cap.
// A field the table does not list is acted on with a 4 KB cap, so a new field is guarded by default.

/** SPEC: the tools that send nothing (path_activity's paths are matched locally). */
export const GUARD_EXEMPT_TOOLS: ReadonlySet<string> = new Set([
  'init_workspace',
  'analyze_impact',
  'predict_cochanges',
  'search_codebase',
  'annotate_component',
  'get_metrics',
  'assign_git_changes',
  'get_problems',
  'get_analysis_context',
  'pull_assigned_work',
  'path_activity',
]);

/**
 * prose: text a person or agent reads (home paths are sent as ~).
 * acted_on: text the substrate acts on (a goal, a query, an id, a pointer): a home path there
 * refuses the call, since rewriting it would change what the request asks.
 * local_path: a path this server resolves on this machine and sends only workspace-relative
 * (record_finding's files), so a home path in it is never sent; secrets and the cap still apply.
 */
export type FieldKind = 'prose' | 'acted_on' | 'local_path';

export interface FieldRule {
  kind: FieldKind;
  /** UTF-8 bytes of every string in the field, object keys included. */
  capBytes: number;
}

export const DEFAULT_FIELD_RULE: FieldRule = { kind: 'acted_on', capBytes: 4096 };

const prose = (capBytes: number): FieldRule => ({ kind: 'prose', capBytes });
const actedOn = (capBytes: number): FieldRule => ({ kind: 'acted_on', capBytes });

// @anchor guarded-fields
/** By field name, for every tool; a tool's own entry wins (`tool.field`). */
export const GUARDED_FIELDS: Readonly<Record<string, FieldRule>> = {
  // Prose: what other agents read.
  summary: prose(2048),
  details: prose(16384),
  description: prose(2048),
  rationale: prose(4096),
  answer: prose(16384),
  // A concept body is embedded whole; concept_create takes up to 64 KB of it.
  'concept_create.content': prose(65536),
  // Acted on: what the substrate matches, runs or stores as a key.
  goal: actedOn(4096),
  query: actedOn(1024),
  shape: actedOn(256),
  source_type: actedOn(256),
  category: actedOn(64),
  status: actedOn(32),
  edge_type: actedOn(64),
  edge_types: actedOn(1024),
  tags: actedOn(2048),
  composition_chain: actedOn(4096),
  variables: actedOn(4096),
  pointer: actedOn(4096),
  // resolve_impulse forwards a caller's whole pointer (its own cap is 16 KB as JSON).
  'resolve_impulse.pointer': actedOn(16384),
  problem_id: actedOn(128),
  concept_id: actedOn(128),
  from_concept_id: actedOn(128),
  to_concept_id: actedOn(128),
  dispatch_id: actedOn(128),
  execution_id: actedOn(128),
  parent_execution_id: actedOn(128),
  target_template_id: actedOn(128),
  trace_id: actedOn(128),
  activity_id: actedOn(128),
  task_id: actedOn(128),
  fix_commit: actedOn(64),
  // Resolved here, sent workspace-relative.
  'record_finding.files': { kind: 'local_path', capBytes: 65536 },
};

export function fieldRule(tool: string, field: string): FieldRule {
  return GUARDED_FIELDS[`${tool}.${field}`] ?? GUARDED_FIELDS[field] ?? DEFAULT_FIELD_RULE;
}
