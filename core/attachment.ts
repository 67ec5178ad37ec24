// SPEC §attachment: the process's one attachment to the substrate, and the API the rest of
// the server uses. The parts live in core/attachment/ along the spec's own seams:
//   attach-once.ts  the sequence (bootstrap, identity choice, org check), run once
//   supervisor.ts   the long-running server's retries, heartbeat and waiting readers
//   resolve.ts      the one ingress (discovery POST /resolve) and its named failures
//   state.ts        the AttachmentState object
// attach --check and doctor use runAttachmentOnce + resolveOnce; tools use resolveShape.
import { installSubstrateGate } from './substrate/gate.ts';
import { setAttachmentStatusProvider } from './substrate/attachment-status.ts';
import { AttachmentSupervisor } from './attachment/supervisor.ts';
import { anchorFromEnv } from './attachment/attach-once.ts';
import { currentConfigReport } from './config.ts';
import { resolveWithState, type ResolveOptions, type ResolveResult } from './attachment/resolve.ts';
import { isAttached, type AttachmentState, type Family } from './attachment/state.ts';

export { runAttachmentOnce, anchorFromEnv, rehostH1, type HopEvent, type Hop, type AttachOnceOptions } from './attachment/attach-once.ts';
export { classifyDiscoveryAnswer, noProducerLine, RESOLVE_TIMEOUTS_MS, type ResolveOptions, type ResolveResult } from './attachment/resolve.ts';
export { isAttached, isRetryable, type AttachmentState, type Family, type AttachmentCause } from './attachment/state.ts';
export type { AttachmentChange } from './attachment/supervisor.ts';

let supervisor: AttachmentSupervisor | undefined;

/**
 * The process's attachment, created on first use: the server starts it in the background
 * after the transport is up; on other planes (a headless call) the gate or a tool's resolve
 * creates it. The configuration lookup has run by then (serve, call); its report names the
 * anchor's source and the one missing-input line. Without it (tests) the env is read.
 */
export function attachment(): AttachmentSupervisor {
  if (!supervisor) {
    const report = currentConfigReport();
    const anchor = report
      ? { source: report.anchor.source, discovery: report.anchor.discovery?.replace(/(?<!\/)\/+$/, '') ?? null }
      : anchorFromEnv(process.env);
    supervisor = new AttachmentSupervisor(process.env, anchor, report?.unattachedCause ?? null);
  }
  return supervisor;
}

// The gate (SPEC §attachment "The gate") and the mixed tools' view of the attachment are
// installed when this module loads, which every plane does (the substrate tools import it),
// so no substrate tool on any plane runs ungated.
installSubstrateGate((tool) => attachment().refusal(tool));
setAttachmentStatusProvider(async () => {
  const created = attachment();
  const state = await created.settledState();
  const cause = created.causeLine(state);
  return isAttached(state)
    ? {
        attached: true,
        cause: null,
        summary: `attached to ${state.anchor.discovery ?? state.identity.endpoint} (org ${state.auth.orgId ?? 'not reported'}, identity ${state.identity.endpoint} via ${state.identity.source})`,
      }
    : { attached: false, cause, summary: `not attached: ${cause}` };
});

/** Background service entry (core/server/background.ts): attach without blocking startup. */
export function startAttachment(): void {
  attachment().start();
}

// @anchor resolveShape
/**
 * The path substrate tools take to the substrate: waits for a pending attachment, refuses
 * with the cause line when it is not authenticated, and otherwise resolves through discovery.
 * Never throws: every failure is `{ok:false, line}` with a named cause.
 */
export function resolveShape(pointer: Record<string, unknown>, options: ResolveOptions): Promise<ResolveResult> {
  return attachment().resolve(pointer, options);
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
