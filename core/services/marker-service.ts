// Keeps the attached marker in step with the workspace decision and the attachment: started
// with the background services (never before the transport is up), removed at shutdown.
import type { WorkspaceState } from '../workspace/workspace.ts';
import type { AttachmentPort } from '../attachment/port.ts';
import type { AuthorIdentityService } from '../identity/vessel-identity.ts';
import { AttachedMarkers } from '../identity/attached-marker.ts';

export interface MarkerServiceInputs {
  env: NodeJS.ProcessEnv;
  sessionId: string;
  workspace: WorkspaceState;
  author: AuthorIdentityService;
  attachment: AttachmentPort | undefined;
  onShutdown(cleanup: () => void): void;
}

export async function startAttachedMarkerService({ env, sessionId, workspace, author, attachment, onShutdown }: MarkerServiceInputs): Promise<void> {
  const markers = new AttachedMarkers({ sessionId, vesselIdFor: (ws) => author.of(ws).vesselId }, env);
  let attached = false;
  const writeFor = (path: string | undefined) => {
    if (path) markers.write(path, workspace.launchDir, attached, (p) => workspace.inPluginFolder(p));
  };
  onShutdown(() => markers.removeAll());
  workspace.onChange((decision) => writeFor(decision.decided ? decision.path : undefined));
  const first = workspace.decideNow();
  writeFor(first.decided ? first.path : undefined);
  // The attached flag follows the attachment once its first attempt settles.
  attached = attachment ? (await attachment.status()).attached : false;
  const now = workspace.decideNow();
  if (attached && now.decided) writeFor(now.path);
}
