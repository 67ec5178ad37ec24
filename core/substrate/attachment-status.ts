// What the substrate halves of the mixed tools (get_problems, get_analysis_context,
// record_finding, mark_complete) need to know about the attachment without importing it:
// whether it is authenticated and, if not, the cause line to report in place of their shared
// output (SPEC §attachment "The gate"). The attachment installs the real provider.

export interface AttachmentStatus {
  attached: boolean;
  /** The cause line when not attached (e.g. `not_configured: ...`). */
  cause: string | null;
  /** One line for get_analysis_context's attachment line. */
  summary: string;
}

let provider: (() => Promise<AttachmentStatus>) | undefined;

export function setAttachmentStatusProvider(fn: () => Promise<AttachmentStatus>): void {
  provider = fn;
}

/** Waits for an attempt in flight, then reports the last settled state. */
export async function attachmentStatus(): Promise<AttachmentStatus> {
  if (provider) return provider();
  const cause = 'not_configured: no substrate attachment in this process; the local half ran';
  return { attached: false, cause, summary: `not attached: ${cause}` };
}
