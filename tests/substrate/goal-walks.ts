// The emulated goal-host's scripted walks (switch goalWalk): what a dispatch record says while it
// runs and once it finishes, and the execution row activity-api then holds for it. The records
// follow goalWalkState's newer serialisation (substrate-contract §5.2): keys absent when
// undefined, walkLog entries strings or objects, learning consequences or null.
import { createHash } from 'node:crypto';
import type { Auth } from './producer-kit.ts';
import type { Switches } from './switches.ts';

export type WalkKind = Switches['goalWalk'];

export interface WalkScript {
  /** Fields the record takes when the walk finishes (never, for running). */
  finish?: Record<string, unknown>;
  /** walkLog lines added at the finish. */
  finishLog: Array<string | Record<string, unknown>>;
  /** The execution row activity-api stores for it, if any (a satisfier reach persists none). */
  trace?: Record<string, unknown>;
}

/** goal-host's principal for the caller: a key id's hash prefix as tag, never the id. */
export function principalFor(auth: Auth, mode: Switches['goalPrincipal']): Record<string, unknown> | undefined {
  if (mode === 'absent' || !auth) return undefined;
  if (mode === 'legacy') return { kind: 'key', label: `key:${auth.keyId}` };
  const scopes = auth.scopes ?? [];
  const tag = `key#${createHash('sha256').update(String(auth.keyId)).digest('hex').slice(0, 8)}`;
  return { kind: 'key', operator: scopes.includes('admin') || scopes.includes('operator:direct'), tag };
}

function task(resolver: string, tier: string, inShapes: string[], outShapes: string[], success = true, failure?: Record<string, string>) {
  return { resolver, tier, inShapes, outShapes, success, ...(failure ? { failure_mode: failure } : {}) };
}

/** The row activity-api stores for an execution (substrate-contract §6.1 row fields, with format "json"). */
function traceRow(id: string, orgId: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { id, org_id: orgId, vessel_id: 'development-vessel', composition_chain: [], duration_ms: 1234, executed_at: new Date().toISOString(), ...fields };
}

export function walkScript(kind: WalkKind, dispatchId: string, operator: string | null, orgId: string, tags: string[]): WalkScript {
  const short = dispatchId.slice(0, 8);
  const executionId = `exec_${short}`;
  const opTag = operator ? [`operator:${operator}`] : [];
  switch (kind) {
    case 'running':
      return { finishLog: [] };
    case 'reached':
      return {
        finish: {
          status: 'completed',
          reached: true,
          goalReachReason: 'completion shape fileWritten produced',
          executionId,
          selectedTemplateId: 'tpl_write_file',
          executionPath: 'learned_pathway',
          completionShapes: ['fileWritten'],
          learning: {
            alphaBetaDelta: [
              { templateId: 'tpl_write_file', dAlpha: 1, dBeta: 0 },
              { templateId: 'tpl_unrelated', dAlpha: 0, dBeta: 0 },
            ],
            gapsFiled: [],
            goalPathRecorded: true,
            oracleLabelWritten: false,
          },
        },
        finishLog: ['select tpl_write_file (thompson, sampled 0.81, α5/β2)', { step: 2, event: 'reach-gate', reached: true }],
        trace: traceRow(executionId, orgId, {
          success: true,
          status: 'success',
          activity_template_id: 'tpl_write_file',
          template_id: 'tpl_write_file',
          activity_id: 'act_write_file',
          tags: [`state_signature:sig_${short}`, 'reached:true', 'completion_shapes:fileWritten', ...opTag, ...tags],
          produced_shapes: ['fileDraft', 'fileWritten'],
          thompson: { alpha: 5, beta: 2 },
          execution_trace: {
            tasks: [task('draft_file', 'llm', ['goal'], ['fileDraft']), task('write_file', 'deterministic', ['fileDraft'], ['fileWritten'])],
          },
        }),
      };
    case 'hollow':
      return {
        finish: {
          status: 'completed',
          reached: false,
          goalReachReason: 'template completed without a completion shape',
          executionId,
          selectedTemplateId: 'tpl_summarize',
          executionPath: 'learned_pathway',
          learning: {
            alphaBetaDelta: [{ templateId: 'tpl_summarize', dAlpha: 0, dBeta: 1 }],
            gapsFiled: ['gap_hollow_1'],
            goalPathRecorded: false,
            oracleLabelWritten: false,
          },
        },
        finishLog: ['select tpl_summarize (thompson, sampled 0.44, α2/β3)', 'reach-gate: no completion shape (hollow)'],
        trace: traceRow(executionId, orgId, {
          success: true,
          status: 'success',
          activity_template_id: 'tpl_summarize',
          template_id: 'tpl_summarize',
          activity_id: 'act_summarize',
          tags: [`state_signature:sig_${short}`, 'reached:false', ...opTag, ...tags],
          failure_mode: { type: 'hollow_completion', reason: 'no completion shape produced' },
          produced_shapes: ['summary'],
          thompson: { alpha: 2, beta: 4 },
          execution_trace: { tasks: [task('summarize', 'llm', ['goal'], ['summary'])] },
        }),
      };
    case 'failed':
      return {
        finish: {
          status: 'failed',
          reached: false,
          goalReachReason: 'no template reached the goal',
          executionId,
          error: 'walk exhausted: no candidate template',
          learning: null,
        },
        finishLog: ['candidates: none survived exclusion', 'walk failed: closing as satisfier:goal-host-walk-failed'],
        trace: traceRow(executionId, orgId, {
          success: false,
          status: 'failure',
          activity_id: 'satisfier:goal-host-walk-failed',
          tags: [`state_signature:sig_${short}`, 'reached:false', ...opTag, ...tags],
          failure_mode: { type: 'walk_failed', reason: 'no candidate template' },
          execution_trace: { tasks: [task('select_template', 'deterministic', ['goal'], [], false, { type: 'no_candidate', reason: 'all excluded' })] },
        }),
      };
    case 'satisfier':
      return {
        finish: {
          status: 'failed',
          reached: true,
          goalReachReason: 'the pool already held the goal shape',
          executionId: `walk-satisfier-${short}`,
          selectedTemplateId: 'satisfier:pool-holds-shape',
          executionPath: 'satisfier',
          learning: { alphaBetaDelta: [], gapsFiled: [], goalPathRecorded: false, oracleLabelWritten: false },
        },
        finishLog: ['satisfier: pool already holds fileWritten', 'reached by satisfier; no template ran'],
      };
  }
}
