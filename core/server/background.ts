// Work the long-running server starts after the transport is up, never before it:
// startup and the local tools never wait on it (SPEC §attachment). Each service that needs
// starting adds one line here.
import { log } from '../log.ts';
import { startAttachment } from '../attachment.ts';
import { attachedMarkerService } from '../identity/marker-service.ts';

type Service = { name: string; start(): void | Promise<void> };
const services: Service[] = [
  attachedMarkerService,
  { name: 'attachment', start: startAttachment },
  // Loaded when it starts: node:http and the resolver are not on the handshake's path.
  { name: 'loopback HTTP server', start: async () => (await import('../loopback/vessel-server.ts')).startLoopbackService() },
];

/**
 * Starts the services once `ready` settles: the MCP handshake goes first, since a client
 * waits on it and nothing waits on these (a substrate tool called meanwhile starts the
 * attachment itself through the gate).
 */
export function startBackgroundServices(ready: Promise<void> = Promise.resolve()): void {
  for (const service of services) {
    ready
      .then(() => service.start())
      .catch((err) => log.warn(`${service.name} did not start:`, err));
  }
}
