// Keeps the attached marker in step with the workspace decision and the attachment: started
// with the background services (never before the transport is up), removed at shutdown.
import { workspaceState } from '../workspace/workspace.ts';
import { attachmentStatus } from '../substrate/attachment-status.ts';
import { onShutdown } from '../process/shutdown.ts';
import { removeAttachedMarkers, writeAttachedMarkers } from './attached-marker.ts';

let attached = false;

function writeFor(decisionPath: string | undefined): void {
  const state = workspaceState();
  if (!decisionPath) return;
  writeAttachedMarkers(decisionPath, state.launchDir, attached, (p) => state.inPluginFolder(p));
}

export const attachedMarkerService = {
  name: 'attached marker',
  async start(): Promise<void> {
    const state = workspaceState();
    onShutdown(removeAttachedMarkers);
    state.onChange((decision) => writeFor(decision.decided ? decision.path : undefined));
    const first = state.decideNow();
    writeFor(first.decided ? first.path : undefined);
    // The attached flag follows the attachment once its first attempt settles.
    const status = await attachmentStatus();
    attached = status.attached;
    const now = state.decideNow();
    if (attached && now.decided) writeFor(now.path);
  },
};
