// Work the long-running server starts after the transport is up, never before it:
// startup and the local tools never wait on it (SPEC §attachment). Each service that needs
// starting adds one line here.
import type { EventEmitter } from 'node:events';
import { log } from '../log.ts';
import { onShutdown } from '../process/shutdown.ts';
import type { Services } from '../services/services.ts';
import type { AnsweredCall } from '../services/edit-news-service.ts';

/** The most calls kept for a service that has not loaded yet: more than a session makes before its modules load. */
const EARLY_CALLS_CAP = 256;

// Each loads when it starts, so none of their modules is on the handshake's path.
type Background = { name: string; start(services: Services, earlyCalls: () => AnsweredCall[]): void | Promise<void> };
const BACKGROUND: Background[] = [
  { name: 'attachment', start: (services) => services.attachment?.start() },
  {
    name: 'attached marker',
    start: async (services) => (await import('../services/marker-service.ts')).startAttachedMarkerService({ ...services, onShutdown }),
  },
  {
    name: 'edit news',
    // The calls answered while its module loaded are news too (a get_problems the agent asked first).
    start: async (services, earlyCalls) =>
      (await import('../services/edit-news-service.ts')).startEditNewsService({ ...services, earlier: earlyCalls(), onShutdown }),
  },
  { name: 'agent-resolver reconcile', start: async (services) => void (await (await import('../services/agent-delivery.ts')).reconcileUndelivered(services)) },
  { name: 'loopback HTTP server', start: async (services) => (await import('../loopback/vessel-server.ts')).startLoopbackService(services, onShutdown) },
  // Loads the OpenTelemetry SDK only when OTEL_EXPORTER_OTLP_ENDPOINT names a receiver.
  { name: 'OTLP traces', start: async (services) => (await import('../server/otlp-traces.ts')).startOtlpTraces(services, onShutdown) },
  // The boundary and every tool module: loaded now, so the first tools/call does not wait on it.
  { name: 'tool boundary', start: async () => void (await import('../server/boundary.ts')) },
];

/**
 * Starts the services once `ready` settles: the MCP handshake goes first, since a client
 * waits on it and nothing waits on these (a substrate tool called meanwhile starts the
 * attachment itself through the gate).
 */
export function startBackgroundServices(services: Services, ready: Promise<void> = Promise.resolve()): void {
  const earlyCalls = keepCallsUntilTaken(services.calls);
  for (const task of BACKGROUND) {
    ready.then(() => task.start(services, earlyCalls)).catch((err) => log.warn(`${task.name} did not start:`, err));
  }
}

/**
 * Keeps the calls answered from now until the returned function is called; that call hands
 * them over and stops keeping. The taker attaches its own listener in the same turn, so no
 * call falls between the two.
 */
export function keepCallsUntilTaken(calls: EventEmitter): () => AnsweredCall[] {
  const early: AnsweredCall[] = [];
  const keep = (call: AnsweredCall) => void (early.length < EARLY_CALLS_CAP && early.push(call));
  calls.on('answered', keep);
  return () => {
    calls.off('answered', keep);
    return early.splice(0);
  };
}
