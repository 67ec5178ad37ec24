// Work the long-running server starts after the transport is up, never before it:
// startup and the local tools never wait on it (SPEC §attachment). Each service that needs
// starting adds one line here.
import { log } from '../log.ts';
import { startAttachment } from '../attachment.ts';
import { startLoopbackService } from '../loopback/vessel-server.ts';
import { attachedMarkerService } from '../identity/marker-service.ts';

type Service = { name: string; start(): void | Promise<void> };
const services: Service[] = [
  attachedMarkerService,
  { name: 'attachment', start: startAttachment },
  { name: 'loopback HTTP server', start: startLoopbackService },
];

export function startBackgroundServices(): void {
  for (const service of services) {
    Promise.resolve()
      .then(() => service.start())
      .catch((err) => log.warn(`${service.name} did not start:`, err));
  }
}
