// SPEC §architecture `TOOL_REGISTRY`: every tool is one entry. Adding a tool is one new file
// under core/tools/ and one line here.
// @anchor TOOL_REGISTRY
import type { ToolDefinition } from './define-tool.ts';
import analyzeImpact from './analyze-impact.ts';
import annotateComponent from './annotate-component.ts';
import assignGitChanges from './assign-git-changes.ts';
import claimFinding from './claim-finding.ts';
import conceptCreate from './concept-create.ts';
import conceptLink from './concept-link.ts';
import conceptNeighbors from './concept-neighbors.ts';
import conceptRecordUsage from './concept-record-usage.ts';
import conceptSearch from './concept-search.ts';
import conceptSequence from './concept-sequence.ts';
import conceptUsageStats from './concept-usage-stats.ts';
import executionTrace from './execution-trace.ts';
import getAnalysisContext from './get-analysis-context.ts';
import getMetrics from './get-metrics.ts';
import getProblems from './get-problems.ts';
import goalReasoning from './goal-reasoning.ts';
import goalStatus from './goal-status.ts';
import initWorkspace from './init-workspace.ts';
import markComplete from './mark-complete.ts';
import pathActivity from './path-activity.ts';
import predictCochanges from './predict-cochanges.ts';
import provideFeedback from './provide-feedback.ts';
import pullAssignedWork from './pull-assigned-work.ts';
import recordFinding from './record-finding.ts';
import registryQuery from './registry-query.ts';
import resolveImpulse from './resolve-impulse.ts';
import runGoalAsync from './run-goal-async.ts';
import runGoal from './run-goal.ts';
import searchCodebase from './search-codebase.ts';
import submitResolution from './submit-resolution.ts';

// The order is the order tools/list presents them: the local tier and the ledger first.
export const TOOL_REGISTRY: ToolDefinition[] = [
  initWorkspace,
  getAnalysisContext,
  getProblems,
  recordFinding,
  markComplete,
  annotateComponent,
  searchCodebase,
  analyzeImpact,
  predictCochanges,
  assignGitChanges,
  getMetrics,
  claimFinding,
  pathActivity,
  runGoal,
  runGoalAsync,
  goalStatus,
  goalReasoning,
  provideFeedback,
  registryQuery,
  executionTrace,
  resolveImpulse,
  conceptSearch,
  conceptNeighbors,
  conceptUsageStats,
  conceptSequence,
  conceptLink,
  conceptCreate,
  conceptRecordUsage,
  pullAssignedWork,
  submitResolution,
];

const byName = new Map(TOOL_REGISTRY.map((tool) => [tool.name, tool]));

export function findTool(name: string): ToolDefinition | undefined {
  return byName.get(name);
}
