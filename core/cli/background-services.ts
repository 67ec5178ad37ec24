// Work the long-running server starts after the transport is up, never before it:
// startup and the local tools never wait on it (SPEC §attachment). Each service that needs
// starting adds one line here.
import { log } from '../log.ts';

// Each loads when it starts, so none of their modules is on the handshake's path.
type Service = { name: string; start(): void | Promise<void> };
const services: Service[] = [
  { name: 'attachment', start: async () => (await import('../attachment.ts')).startAttachment() },
  // The marker follows the attachment's status, which exists once the attachment module has loaded.
  { name: 'attached marker', start: async () => { await import('../attachment.ts'); await (await import('../identity/marker-service.ts')).attachedMarkerService.start(); } },
  { name: 'loopback HTTP server', start: async () => (await import('../loopback/vessel-server.ts')).startLoopbackService() },
  // The boundary and every tool module: loaded now, so the first tools/call does not wait on it.
  { name: 'tool boundary', start: async () => void (await import('../server/boundary.ts')) },
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
