// What the mixed tools know of the attachment (SPEC §attachment "The gate"), and the answers
// of a process whose services carry none: the gate is closed, and it is reported not attached.

export interface AttachmentStatus {
  attached: boolean;
  /** The cause line when not attached (e.g. `not_configured: ...`). */
  cause: string | null;
  /** One line for get_analysis_context's attachment line. */
  summary: string;
}

/** SPEC §attachment "The gate": a boundary with no attachment refuses, never runs ungated. */
export const NO_ATTACHMENT_LINE = 'not_configured: this process has no substrate attachment; substrate tools are unavailable; local tools still work';

export const NO_ATTACHMENT_STATUS: AttachmentStatus = Object.freeze({
  attached: false,
  cause: NO_ATTACHMENT_LINE,
  summary: `not attached: ${NO_ATTACHMENT_LINE}`,
});
