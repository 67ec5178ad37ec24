// SPEC §impulse-shapes (HTTP resolver): POST /v2/impulses/resolve maps a pointer's shape to a
// tool and runs it through the same boundary as stdio (plane "loopback"), so the workspace
// gate, the substrate gate, the call log and the `_meta` envelope all apply. Per-impulse
// failures are loaded:false entries inside the HTTP 200.
import { callTool, type CallResult } from '../server/boundary.ts';
import type { Services } from '../services/services.ts';
import { enqueueHumanInput } from '../services/agent-delivery.ts';
import { findTool } from '../tools/registry.ts';
import { toolAllowlist, toolNotAllowedLine } from '../tools/tool-allowlist.ts';
import { echoableToolName, quotedToolName } from '../server/unknown-tool-name.ts';

export interface Impulse {
  id?: string;
  pointer?: Record<string, unknown>;
}

export interface ImpulseResult {
  id: string | null;
  shape: string | null;
  loaded: boolean;
  tool?: string;
  content?: string;
  /** A queued shape's acknowledgement (SPEC §Impulse shapes `human_input`). */
  accepted?: boolean;
  solicitation_id?: string;
  task_id?: string;
  will_respond_via?: string;
  isError?: boolean;
  error?: string;
  _meta?: CallResult['_meta'];
}

type Mapping = { tool: string; args: Record<string, unknown> } | { error: string } | { queued: string };

const FORWARDED: Record<string, { tool: string; fields: string[] }> = {
  'code:cochange_prediction': { tool: 'predict_cochanges', fields: ['changed_files', 'limit', 'confidence_threshold'] },
  'code:impact_analysis': { tool: 'analyze_impact', fields: ['changed_files', 'diff', 'direction', 'max_depth', 'include_tests'] },
  'code:git_change_assignment': { tool: 'assign_git_changes', fields: ['changed_files', 'diff', 'include_cochange_predictions', 'prediction_limit'] },
  'code:analysis_context': { tool: 'get_analysis_context', fields: ['recently_changed_files', 'problem_limit', 'scope'] },
};

// @anchor QUEUED_SHAPES
/** Shapes enqueued for the agent rather than resolved inline. */
export const QUEUED_SHAPES = ['human_input'];

// @anchor resolvePointerToTool
export function resolvePointerToTool(pointer: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): Mapping {
  const shape = pointer.type;
  if (typeof shape !== 'string' || !shape) return { error: 'invalid_impulse: the pointer has no type' };
  let mapping: { tool: string; args: Record<string, unknown> };
  if (shape === 'mcp:tool_call') {
    if (typeof pointer.tool !== 'string' || !pointer.tool) return { error: "invalid_impulse: mcp:tool_call needs pointer.tool, the tool's name" };
    if (pointer.input !== undefined && pointer.arguments !== undefined) {
      return { error: 'invalid_impulse: mcp:tool_call carries both input and arguments; send one of them' };
    }
    const args = pointer.input ?? pointer.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return { error: 'invalid_impulse: mcp:tool_call input must be a JSON object' };
    mapping = { tool: pointer.tool, args: args as Record<string, unknown> };
  } else if (FORWARDED[shape]) {
    const { tool, fields } = FORWARDED[shape];
    const args: Record<string, unknown> = {};
    for (const field of fields) if (pointer[field] !== undefined) args[field] = pointer[field];
    mapping = { tool, args };
  } else if (QUEUED_SHAPES.includes(shape)) {
    return { queued: shape };
  } else {
    return { error: `unsupported_shape(${shape}): this resolver maps mcp:tool_call, ${Object.keys(FORWARDED).join(', ')} and human_input` };
  }
  const allowed = toolAllowlist(env);
  if (allowed && !allowed.has(mapping.tool)) {
    const named = echoableToolName(mapping.tool) ? mapping.tool : `a name of ${mapping.tool.length} characters`;
    return { error: toolNotAllowedLine(named, allowed) };
  }
  if (!findTool(mapping.tool)) return { error: `unknown_tool: ${quotedToolName(mapping.tool)} is not a tool of this server` };
  return mapping;
}

// @anchor resolveImpulseContent
/** One impulse through the boundary; never throws. */
export async function resolveImpulseContent(services: Services, impulse: Impulse, signal?: AbortSignal): Promise<ImpulseResult> {
  const id = typeof impulse.id === 'string' ? impulse.id : null;
  const pointer = impulse.pointer;
  if (!pointer || typeof pointer !== 'object' || Array.isArray(pointer)) {
    return { id, shape: null, loaded: false, error: 'invalid_impulse: each impulse needs a pointer object' };
  }
  const shape = typeof pointer.type === 'string' ? pointer.type : null;
  const mapping = resolvePointerToTool(pointer);
  if ('error' in mapping) return { id, shape, loaded: false, error: mapping.error };
  if ('queued' in mapping) {
    // Durably enqueued for pull_assigned_work / submit_resolution before the POST is acknowledged.
    const queued = await enqueueHumanInput(services, id, pointer);
    if (!queued.ok) return { id, shape, loaded: false, accepted: false, error: queued.error };
    const { accepted, solicitation_id, task_id, will_respond_via } = queued;
    return { id, shape, loaded: true, accepted, solicitation_id, task_id, will_respond_via };
  }
  const result = await callTool(services, mapping.tool, mapping.args, { plane: 'loopback', signal });
  const content = result.content.map((c) => c.text).join('\n');
  return {
    id,
    shape,
    loaded: !result.isError,
    tool: mapping.tool,
    content,
    ...(result.isError ? { isError: true, error: content.split('\n')[0] } : {}),
    _meta: result._meta,
  };
}
