// What every emulated producer shares (substrate-contract §4-7): the pointer and caller of a
// request, and the switches every producer honours. Discovery passes producer bodies through
// verbatim, so each producer keeps its own envelope in its own file.
import type { IncomingMessage } from 'node:http';
import { EmulatedService, delay, json, parseJson, type Reply } from './http-kit.ts';
import type { IdentityEmulator, KeyRecord } from './identity.ts';
import type { Switches } from './switches.ts';

export type Auth = KeyRecord | null;

function pointerOf(body: any): any {
  return body?.pointer ?? body?.impulse?.pointer;
}

function callerOf(identity: IdentityEmulator, req: IncomingMessage): Auth {
  const header = req.headers.authorization;
  const key = typeof header === 'string' ? /^ApiKey\s+(.+)$/i.exec(header)?.[1] : undefined;
  if (!key) return null;
  const record = identity.validate(key);
  return 'error' in record ? null : record;
}

/** Wraps a producer's resolve with the switches every producer honours. */
export function producer(
  named: string | { name: string; rest: (req: IncomingMessage, url: URL) => Reply | undefined },
  identity: IdentityEmulator,
  switches: Switches,
  resolve: (pointer: any, auth: Auth, raw: any) => Reply | Promise<Reply>,
): EmulatedService {
  // `rest`: a producer's own REST routes beside its resolve (concept-db's GET /concepts/:id/usage).
  const { name, rest } = typeof named === 'string' ? { name: named, rest: undefined } : named;
  return new EmulatedService(name, async (req, body, url) => {
    if (req.method === 'GET' && url.pathname === '/health') return json(200, { status: 'ok', vessel: name });
    const routed = rest?.(req, url);
    if (routed) {
      switches.calls.push({ producer: name, shape: `${req.method} ${url.pathname}`, pointer: null, at: Date.now() });
      return routed;
    }
    if (req.method !== 'POST') return json(404, { error: 'Not found' });
    const raw = parseJson(body);
    if (raw === undefined) return json(400, { error: 'Invalid JSON body' });
    const pointer = pointerOf(raw) ?? (raw?.type ? raw : undefined);
    const shape = pointer?.type;
    if (!shape) return json(400, { error: 'Missing or invalid pointer.type' });
    switches.calls.push({ producer: name, shape, pointer, at: Date.now() });
    await delay(switches.latencyMs[shape] ?? switches.latencyMs[name] ?? 0);
    const odd = switches.producerBody[shape];
    if (odd === 'html') return { status: 200, body: '<html><body>portal</body></html>', raw: { contentType: 'text/html' } };
    if (odd === 'text') return { status: 200, body: 'upstream says hello', raw: { contentType: 'text/plain' } };
    return resolve(pointer, callerOf(identity, req), raw);
  });
}
