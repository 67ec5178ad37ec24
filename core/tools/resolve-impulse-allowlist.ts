// SPEC §resolve_impulse: which shapes the escape hatch sends. It is an allowlist: a shape's name
// does not tell a read from an action (bash, code_replace_lines, surrealdb_import and
// llm_completion read like reads), so everything not listed here is refused before any request.
// The known writes carry their own reason and alternative, from the spec's table.
// tests/fixtures/registry-vocabulary.json decides every shape of a live vocabulary and a unit
// test holds this file to it.

// @anchor escape-hatch-reads
/** Plain reads: records, reports, statistics, summaries and policies. */
export const ESCAPE_HATCH_READS: readonly string[] = [
  'memoryNote',
  'traceAggregateReport',
  'llmSpendSummary',
  'vesselRegistry',
  'vesselCapability',
  'vesselEndpoint',
  'vesselHealth',
  'conceptSearch',
  'conceptGraph',
  'relatedConcepts',
  'conceptUsageStats',
  'conceptSequence',
  'impulseCooccurrenceEdges',
  'goalWalkState',
  'activeDispatches',
  'executionTraceList',
  'activityExecutionTrace',
  'substrateGap',
];

// @anchor escape-hatch-writes
/** The memory write with no dedicated tool. */
export const ESCAPE_HATCH_WRITES: readonly string[] = ['memoryNote_write'];

interface RefusalRow {
  /** Shapes named exactly. */
  shapes: readonly string[];
  /** Families named by a prefix and a suffix (interactor*_write). */
  families?: ReadonlyArray<{ prefix: string; suffix: string }>;
  why: string;
  instead: string;
}

const LEARNED_PREFIXES = [
  'activityTemplate',
  'activityVariant',
  'activityComposition',
  'activityFeedback',
  'templateVariant',
  'composition',
  'impulseRelevance',
  'shapeScore',
  'executionSequence',
  'conceptSequence',
  'attribution',
  'toolUsage',
];

// @anchor coordination-writes
/** The known writes, each with why an agent does not make it and what to do instead. */
export const COORDINATION_WRITES: readonly RefusalRow[] = [
  {
    shapes: ['maintenanceLease_write', 'substrateGapLease_write'],
    why: "the system's own coordination: maintenance windows, the auto-pick lane, a gap's landing",
    instead: 'dispatch the work as a goal, or let the system land the gap; record a finding for a lease that looks stuck or foreign',
  },
  {
    shapes: ['activityExecutionTrace_write', 'execution_write'],
    why: "the graded record: a trace's tags set its reach",
    instead: 'dispatch the work as a goal, so goal-host traces it and its judge grades it',
  },
  {
    shapes: ['conceptSignatureUpsert_write', 'conceptCreditDecontaminate_write', 'impulseSignatureConcept'],
    families: LEARNED_PREFIXES.map((prefix) => ({ prefix, suffix: '_write' })),
    why: 'the system learns these (activity templates, variants, compositions and feedback; impulse relevance, shape scores, execution and concept sequences, attributions, tool usage) from its own graded work; an agent writing them hand-feeds it',
    instead: 'dispatch a goal, or record a finding with what was observed',
  },
  {
    shapes: ['test_report_write', 'test_audit_report_write', 'test_registration_write'],
    why: 'gate evidence, which the gates write themselves',
    instead: 'run the check, or dispatch it',
  },
  {
    shapes: [],
    families: [
      { prefix: 'interactor', suffix: '_write' },
      { prefix: 'ui', suffix: '_write' },
    ],
    why: "the human surface's own records",
    instead: 'the person uses that surface as themselves',
  },
  { shapes: ['fs_write'], why: 'writes files on a vessel', instead: 'a dispatched goal or a reviewed commit' },
  {
    shapes: ['pushPolicy_write', 'llmModelPolicy_write', 'docFixPolicy_write', 'renderPolicy_write'],
    why: "system policy is an operator's decision; this key carries no operator authority",
    instead: 'ask the person, or record a finding proposing the change',
  },
  { shapes: ['goal_verification_label_write'], why: 'the oracle corpus', instead: 'provide_feedback' },
  { shapes: ['poolImpulse_write'], why: 'walk input with no stamped principal', instead: 'dispatch a goal' },
  { shapes: ['substrateGap_write'], why: "gaps, which the system's detectors file", instead: 'record_finding' },
  {
    shapes: ['concept_create_write', 'conceptLink_write', 'conceptUsage_write', 'solicitationResponse_write'],
    why: 'each has a dedicated tool that checks its input and records provenance',
    instead: 'concept_create, concept_link, concept_record_usage, submit_resolution',
  },
  {
    shapes: ['concept_write', 'concept_delete_write', 'concept_retire_write'],
    why: "overwriting, deleting or retiring the system's memory",
    instead: 'concept_create the corrected concept and concept_link it derived_from the wrong one, which keeps the history',
  },
  {
    shapes: ['concept_supersede_write'],
    why: 'advertised by concept-db but not implemented there (it throws)',
    instead: 'concept_create the corrected concept and concept_link it derived_from the wrong one, which keeps the history',
  },
];

/** Everything else: a shell, file edits, git and GitHub, restarts, cutovers, composes, dispatch, credit, trace deletion, unlisted reads. */
export const UNLISTED_REFUSAL = {
  why: "it is not one of resolve_impulse's plain reads or memoryNote_write, and a shape's name does not tell a read from an action, so an unlisted shape is refused before any request",
  instead: 'dispatch the work as a goal (run_goal_async), so goal-host routes it and its judge grades it, or use a dedicated tool',
} as const;

export type ShapeDecision = { decision: 'allowed'; kind: 'read' | 'write' } | { decision: 'refused'; why: string; instead: string };

/** How resolve_impulse treats one shape; never throws, and an undecided shape is refused. */
export function decideShape(shape: string): ShapeDecision {
  if (ESCAPE_HATCH_READS.includes(shape)) return { decision: 'allowed', kind: 'read' };
  if (ESCAPE_HATCH_WRITES.includes(shape)) return { decision: 'allowed', kind: 'write' };
  for (const row of COORDINATION_WRITES) {
    const inFamily = (row.families ?? []).some(
      (f) => shape.length >= f.prefix.length + f.suffix.length && shape.startsWith(f.prefix) && shape.endsWith(f.suffix),
    );
    if (row.shapes.includes(shape) || inFamily) return { decision: 'refused', why: row.why, instead: row.instead };
  }
  return { decision: 'refused', ...UNLISTED_REFUSAL };
}
