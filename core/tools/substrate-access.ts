// How tools reach the substrate (SPEC §attachment "The gate", `resolveShape`): through the
// attachment in the services, and the shared ledger only when the attachment is authenticated
// and the services carry one; else the one-line cause the tool prints in its place.
import type { AttachmentStatus } from '../attachment/port.ts';
import { NO_ATTACHMENT_LINE, NO_ATTACHMENT_STATUS } from '../substrate/attachment-status.ts';
import type { ResolveOptions, ResolveResult } from '../attachment/resolve.ts';
import type { SharedLedger } from '../ledger/shared-ledger.ts';
import type { ToolContext } from './define-tool.ts';
import { cause, type Cause } from '../process/cause.ts';

/** The attachment's status as the mixed tools report it; a process with none is not attached. */
export function attachmentStatusOf(ctx: ToolContext): Promise<AttachmentStatus> {
  return ctx.services.attachment ? ctx.services.attachment.status() : Promise.resolve(NO_ATTACHMENT_STATUS);
}

/** The shared ledger when it can run, else the cause it did not. */
export async function sharedLedgerOf(ctx: ToolContext): Promise<{ ledger: SharedLedger } | { cause: Cause }> {
  const status = await attachmentStatusOf(ctx);
  if (!status.attached) return { cause: status.cause ?? cause('not_attached', 'not_attached: the substrate attachment is not authenticated') };
  const ledger = ctx.services.sharedLedger;
  if (!ledger) return { cause: cause('not_implemented', 'not_implemented: the shared ledger (concept-db recall and verdicts) is not built in this release') };
  return { ledger };
}

// @anchor resolveShape
/** The one ingress a substrate tool resolves through; never throws. */
export function resolveShape(ctx: ToolContext, pointer: Record<string, unknown>, options: ResolveOptions): Promise<ResolveResult> {
  const attachment = ctx.services.attachment;
  if (!attachment) return Promise.resolve({ ok: false, cause: 'not_configured', line: NO_ATTACHMENT_LINE, shape: String(pointer.type ?? '') });
  const workspace = ctx.workspace.decided ? ctx.workspace.path : undefined;
  return attachment.resolve(pointer, { workspaceRoot: workspace, ...options });
}
