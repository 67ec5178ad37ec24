// SPEC §attachment: the process's one attachment to the substrate, and the API the rest of
// the server uses. The parts live in core/attachment/ along the spec's own seams:
//   attach-once.ts  the sequence (bootstrap, identity choice, org check), run once
//   supervisor.ts   the long-running server's retries, heartbeat and waiting readers
//   resolve.ts      the one ingress (discovery POST /resolve) and its named failures
//   state.ts        the AttachmentState object
// attach --check and doctor use runAttachmentOnce + resolveOnce; an entry point builds the
// long-running one with createAttachment and hands it over in the services as the port
// core/attachment/port.ts describes.
import { AttachmentSupervisor } from './attachment/supervisor.ts';
import { anchorFromEnv } from './attachment/attach-once.ts';
import type { ConfigReport } from './config/config-report.ts';
import { resolveWithState, type ResolveOptions, type ResolveResult } from './attachment/resolve.ts';
import { isAttached, publicAttachmentState, type AttachmentState, type Family } from './attachment/state.ts';
import type { AttachmentPort, AttachmentStatus } from './attachment/port.ts';
import type { ClaimSource } from './identity/operator-id.ts';

export { runAttachmentOnce, anchorFromEnv, rehostH1, type HopEvent, type Hop, type AttachOnceOptions } from './attachment/attach-once.ts';
export { classifyDiscoveryAnswer, noProducerLine, RESOLVE_TIMEOUTS_MS, type ResolveOptions, type ResolveResult } from './attachment/resolve.ts';
export { isAttached, isRetryable, type AttachmentState, type Family, type AttachmentCause } from './attachment/state.ts';
export type { AttachmentChange } from './attachment/supervisor.ts';

export interface AttachmentInputs {
  env: NodeJS.ProcessEnv;
  /** The entry point's configuration report: the anchor's source and the one missing-input line. */
  config: ConfigReport | undefined;
  /** Who a write's client claim names (SPEC §client-claim), from the decided workspace. */
  claim(): ClaimSource | undefined;
}

function statusOf(supervisor: AttachmentSupervisor, state: AttachmentState): AttachmentStatus {
  const cause = supervisor.causeOf(state);
  // The summary is agent text (get_analysis_context's attachment line: "credentials redacted").
  const shown = publicAttachmentState(state);
  return isAttached(state)
    ? {
        attached: true,
        cause: null,
        summary: `attached to ${shown.anchor.discovery ?? shown.identity.endpoint} (org ${state.auth.orgId ?? 'not reported'}, identity ${shown.identity.endpoint} via ${state.identity.source})`,
      }
    : { attached: false, cause, summary: `not attached: ${cause ? cause.line : null}` };
}

/**
 * The long-running attachment as the port the boundary gates substrate tools through. Nothing
 * is sent until start(), a substrate tool's gate, or a resolve asks for it.
 */
export function createAttachment({ env, config, claim }: AttachmentInputs): AttachmentPort {
  const anchor = config ? { source: config.anchor.source, discovery: config.anchor.discovery?.replace(/(?<!\/)\/+$/, '') ?? null } : anchorFromEnv(env);
  const supervisor = new AttachmentSupervisor(env, anchor, config?.unattachedCause ?? null, Date.now, claim);
  return {
    start: () => supervisor.start(),
    refusal: (tool) => supervisor.refusalCause(tool),
    status: async () => statusOf(supervisor, await supervisor.settledState()),
    resolve: (pointer, options) => supervisor.resolve(pointer, options),
    supervisor: async () => supervisor,
    current: async () => supervisor.current(),
  };
}

/**
 * attach --check's one read: resolves `pointer` against a state runAttachmentOnce returned,
 * with the key from the environment; no retry schedule, no heartbeat.
 */
export function resolveOnce(
  state: AttachmentState,
  pointer: Record<string, unknown>,
  family: Family | ResolveOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ResolveResult> {
  const options = typeof family === 'string' ? { family } : family;
  return resolveWithState(state, env.METABOB_API_KEY?.trim() ?? '', pointer, options, env);
}
