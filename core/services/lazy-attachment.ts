// The attachment as the entry points hand it over: a port whose first use loads
// core/attachment.ts, so a server start reaches the handshake without the attachment's
// modules (SPEC §attachment: startup never waits on it).
import type { AttachmentPort } from '../attachment/port.ts';
import type { Services } from './services.ts';

export function lazyAttachment(services: Omit<Services, 'attachment'>): AttachmentPort {
  let port: Promise<AttachmentPort> | undefined;
  const load = (): Promise<AttachmentPort> =>
    (port ??= import('../attachment.ts').then(({ createAttachment }) =>
      createAttachment({
        env: services.env,
        config: services.config,
        claim: () => {
          const decision = services.workspace.decideNow();
          const workspace = decision.decided ? decision.path : process.cwd();
          return { sessionId: services.sessionId, vesselId: services.author.of(workspace).vesselId };
        },
      }),
    ));
  return {
    start: () => void load().then((p) => p.start()),
    refusal: async (tool) => (await load()).refusal(tool),
    status: async () => (await load()).status(),
    resolve: async (pointer, options) => (await load()).resolve(pointer, options),
    supervisor: async () => (await load()).supervisor(),
    current: async () => (await load()).current(),
  };
}
