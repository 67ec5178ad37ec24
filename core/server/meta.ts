// The `_meta` envelope (META-ENVELOPE.md, READING-NOTES §_meta), stamped in one place.
// A field that does not apply to a call is left out, never filled with a zero.
import type { EmptyReason } from '../tools/empty-reason.ts';
import type { ComplexityTier, Notice, NextStep, ToolAnswer, ToolDefinition, BaselineMethod } from '../tools/define-tool.ts';
import type { WorkspaceDecision } from '../workspace/workspace.ts';
import { countTokens, fileTokens } from './tokens.ts';
import { activeCapabilities, capabilitiesInMeta } from './capabilities.ts';
import { SCHEMA_VERSION } from '../ledger/schema-version.ts';
import type { BinaryDrift } from '../ledger/store-meta.ts';
import type { Services } from '../services/services.ts';

export interface MetaEnvelope {
  [key: string]: unknown;
  request_id: string;
  tokens_used: number;
  tokens_saved?: number | null;
  tokens_saved_pct?: number | null;
  baseline_method?: Exclude<BaselineMethod, null>;
  complexity_tier?: ComplexityTier;
  latency_ms: number;
  empty_reason?: EmptyReason;
  diagnosis?: string;
  diagnosis_v2?: Notice[];
  next_steps?: NextStep[];
  warnings?: string[];
  warnings_v2?: Notice[];
  capabilities?: string[];
  binary_drift_warning?: BinaryDrift | null;
  schema_version: number;
  schema_version_at_index?: number;
  project_id?: string;
  project_name?: string;
  session_id: string;
}

interface MetaInput {
  requestId: string;
  tool: ToolDefinition | undefined;
  answer: ToolAnswer;
  latencyMs: number;
  workspace: WorkspaceDecision;
}

/** The honest baseline: the files the answer covers, each counted once per session. */
async function baselineTokens(services: Services, answer: ToolAnswer): Promise<number> {
  let total = answer.baselineTokens ?? 0;
  for (const file of services.charges.takeUncounted(answer.baselineFiles ?? [])) total += await fileTokens(file);
  return total;
}

export async function buildMeta(services: Services, { requestId, tool, answer, latencyMs, workspace }: MetaInput): Promise<MetaEnvelope> {
  const tokensUsed = await countTokens(answer.text);
  const meta: MetaEnvelope = {
    request_id: requestId,
    tokens_used: tokensUsed,
    latency_ms: Math.round(latencyMs),
    schema_version: SCHEMA_VERSION,
    session_id: services.sessionId,
  };
  // META-ENVELOPE §complexity_tier on every answer: a name no tool has is refused before any work, the cheapest tier.
  meta.complexity_tier = tool ? tool.complexity : 'lite';

  if (tool && tool.baseline === null) {
    // READING-NOTES §_meta: a tool with no honest baseline reports null, not a made-up saving.
    meta.tokens_saved = null;
    meta.tokens_saved_pct = null;
  } else if (tool?.baseline && !answer.isError && (answer.baselineFiles || answer.baselineTokens)) {
    const baseline = await baselineTokens(services, answer);
    // No baseline left (every file already counted this session): no honest saving to claim.
    if (baseline > 0) {
      meta.baseline_method = tool.baseline;
      // A saving is never negative: an answer longer than what it stands in for saved nothing.
      meta.tokens_saved = Math.max(0, baseline - tokensUsed);
      meta.tokens_saved_pct = Math.round((meta.tokens_saved / baseline) * 1000) / 10;
    }
  }

  if (answer.emptyReason) meta.empty_reason = answer.emptyReason;
  if (answer.diagnosis?.length) {
    meta.diagnosis = answer.diagnosis.map((d) => d.message).join('; ');
    meta.diagnosis_v2 = answer.diagnosis;
  }
  if (answer.warnings?.length) {
    meta.warnings = answer.warnings.map((w) => w.message);
    meta.warnings_v2 = answer.warnings;
  }
  if (answer.nextSteps?.length) meta.next_steps = answer.nextSteps;
  if (capabilitiesInMeta(services.env)) meta.capabilities = activeCapabilities(services);

  const store = services.store.meta(workspace.decided ? workspace.path : undefined);
  if (store?.binaryDrift !== undefined) meta.binary_drift_warning = store.binaryDrift;
  const atIndex = answer.schemaVersionAtIndex ?? store?.schemaVersionAtIndex;
  if (atIndex !== undefined) meta.schema_version_at_index = atIndex;

  if (workspace.decided) {
    meta.project_id = workspace.projectId;
    meta.project_name = workspace.projectName;
  }
  return meta;
}
