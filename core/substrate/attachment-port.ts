// What the boundary and the tools know of the attachment (SPEC §attachment "The gate"): a
// port the entry point hands over in the services. Types only, so a process that never
// attaches (a boundary built without it) loads none of the attachment's modules.
import type { ResolveOptions, ResolveResult } from '../attachment/resolve.ts';
import type { AttachmentState } from '../attachment/state.ts';
import type { AttachmentSupervisor } from '../attachment/supervisor.ts';

export interface AttachmentStatus {
  attached: boolean;
  /** The cause line when not attached (e.g. `not_configured: ...`). */
  cause: string | null;
  /** One line for get_analysis_context's attachment line. */
  summary: string;
}

export interface AttachmentPort {
  /** Starts the first attempt in the background (idempotent); startup never waits on it. */
  start(): void;
  // @anchor substrateToolRefusal
  /** The cause line a substrate tool is refused with, or null when it may run. */
  refusal(tool: string): Promise<string | null>;
  /** Waits for an attempt in flight, then reports the last settled state. */
  status(): Promise<AttachmentStatus>;
  /** The one ingress (SPEC §attachment `resolveShape`); never throws. */
  resolve(pointer: Record<string, unknown>, options: ResolveOptions): Promise<ResolveResult>;
  /** The supervisor itself, for the loopback plane's /health and event stream. */
  supervisor(): Promise<AttachmentSupervisor>;
  /** The last settled state without waiting (the attached marker, /health). */
  current(): Promise<AttachmentState>;
}

/** SPEC §attachment "The gate": a boundary with no attachment refuses, never runs ungated. */
export const NO_ATTACHMENT_LINE =
  'not_configured: this process has no substrate attachment; substrate tools are unavailable; local tools still work';

export const NO_ATTACHMENT_STATUS: AttachmentStatus = Object.freeze({
  attached: false,
  cause: NO_ATTACHMENT_LINE,
  summary: `not attached: ${NO_ATTACHMENT_LINE}`,
});
