// What the boundary and the tools know of the attachment (SPEC §attachment "The gate"): a
// port the entry point hands over in the services. Types only (imported with `import type`),
// so a process that never attaches loads none of the attachment's modules.
import type { ResolveOptions, ResolveResult } from './resolve.ts';
import type { AttachmentState } from './state.ts';
import type { AttachmentSupervisor } from './supervisor.ts';
import type { AttachmentStatus } from '../substrate/attachment-status.ts';
import type { Cause } from '../process/cause.ts';

export type { AttachmentStatus };

export interface AttachmentPort {
  /** Starts the first attempt in the background (idempotent); startup never waits on it. */
  start(): void;
  // @anchor substrateToolRefusal
  /** The cause a substrate tool is refused with, or null when it may run. */
  refusal(tool: string): Promise<Cause | null>;
  /** Waits for an attempt in flight, then reports the last settled state. */
  status(): Promise<AttachmentStatus>;
  /** The one ingress (SPEC §attachment `resolveShape`); never throws. */
  resolve(pointer: Record<string, unknown>, options: ResolveOptions): Promise<ResolveResult>;
  /** The supervisor itself, for the loopback plane's /health and event stream. */
  supervisor(): Promise<AttachmentSupervisor>;
  /** The last settled state without waiting (the attached marker, /health). */
  current(): Promise<AttachmentState>;
}
