// The loopback HTTP server (SPEC §architecture `loopback-bind`, §impulse-shapes; READING-NOTES
// §_meta): GET /health, /v1/capabilities, /v1/metrics, /v1/events and
// POST /v2/impulses/resolve, on 127.0.0.1 only, advertised nowhere but the run file.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { log } from '../log.ts';
import { ulid } from '../process/ulid.ts';
import { VERSION } from '../version.ts';
import { CAPABILITY_TAGS, activeCapabilities } from '../server/capabilities.ts';
import { TOOL_REGISTRY } from '../tools/registry.ts';
import { isAttached, publicAttachmentState } from '../attachment/state.ts';
import type { AttachmentSupervisor } from '../attachment/supervisor.ts';
import type { Services } from '../services/services.ts';
import { proxyEnvironment } from '../substrate/net-client.ts';
import { CallMetrics } from './metrics.ts';
import { EventStream } from './events.ts';
import { resolveImpulseContent, type Impulse } from './impulses.ts';
import { toolAllowlist } from '../tools/tool-allowlist.ts';
import { removeRunFile, writeRunFile } from './run-file.ts';
import { CREDENTIAL_REQUIRED, checkOrigin, credentialAccepted, newAccessToken, presentedCredential } from './access.ts';
import { BOUNDED_SERVER_OPTIONS, LOOPBACK_BOUNDS, boundLoopbackServer, impulseCountRefusal } from './bounds.ts';

const MAX_BODY_BYTES = LOOPBACK_BOUNDS.bodyBytes;

export interface VesselServer {
  port: number;
  url: string;
  runFile: string | null;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, requestId: string, contentType = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), 'x-request-id': requestId });
  res.end(text);
}

function error(res: ServerResponse, status: number, code: string, message: string, requestId: string): void {
  send(res, status, { error: { code, message }, request_id: requestId }, requestId);
}

// @anchor health-attachment
/** GET /health: attached, the attachment state, the reason when not attached; never the key. */
export function healthBody(services: Services, supervisor: AttachmentSupervisor): Record<string, unknown> {
  const state = supervisor.current();
  const attached = isAttached(state);
  return {
    status: 'ok',
    service: 'metabob-mcp',
    version: VERSION,
    session_id: services.sessionId,
    pid: process.pid,
    attached,
    ...(attached ? {} : { reason: supervisor.causeLine(state) }),
    attachment: publicAttachmentState(state),
    network: { proxy: proxyEnvironment(services.env) },
  };
}

/** `Authorization: ApiKey <key>` (Bearer or bare accepted) against METABOB_API_KEY; fail closed with no key. */
function authorize(env: NodeJS.ProcessEnv, req: IncomingMessage): string | null {
  const configured = env.METABOB_API_KEY?.trim();
  if (!configured) return 'no API key is configured on this server (METABOB_API_KEY), so the resolver accepts no caller';
  const header = typeof req.headers.authorization === 'string' ? req.headers.authorization.trim() : '';
  if (!header) return 'Authorization header is required: ApiKey <key>';
  const presented = header.replace(/^(ApiKey|Bearer)\s+/i, '');
  const a = Buffer.from(presented);
  const b = Buffer.from(configured);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return "the API key does not match this server's METABOB_API_KEY";
  return null;
}

/** The body, or why not: over the cap (declared or sent), or cut off (the caller went away, or its slow body passed LOOPBACK_BOUNDS.requestMs). */
async function readBody(req: IncomingMessage): Promise<string | 'too_large' | 'cut_off'> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return 'too_large';
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) return 'too_large';
      chunks.push(chunk as Buffer);
    }
  } catch {
    return 'cut_off';
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function resolveImpulses(services: Services, req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
  const refused = authorize(services.env, req);
  if (refused) return error(res, 401, 'unauthorized', refused, requestId);
  const raw = await readBody(req);
  // Cut off: the deadline's 408 is already on the socket (bounds.ts), or the caller is gone.
  if (raw === 'cut_off') return;
  if (raw === 'too_large') return error(res, 413, 'too_large', `the body is over ${MAX_BODY_BYTES} bytes`, requestId);
  let body: any;
  try {
    body = JSON.parse(raw);
  } catch (err) {
    return error(res, 400, 'invalid_json', `the body is not JSON (${(err as Error).message})`, requestId);
  }
  const single = body && typeof body === 'object' && !Array.isArray(body.impulses) && body.pointer !== undefined;
  if (!single && !(body && Array.isArray(body.impulses))) {
    return error(res, 400, 'invalid_request', 'the body is { impulses: [{ id?, pointer }] } or a single { pointer }', requestId);
  }
  const tooMany = single ? null : impulseCountRefusal((body.impulses as unknown[]).length);
  if (tooMany) return error(res, 413, 'too_many_impulses', tooMany, requestId);
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  if (single) {
    const result = await resolveImpulseContent(services, { id: body.id, pointer: body.pointer }, controller.signal);
    const id = req.headers['x-request-id'] ? requestId : (result._meta?.request_id ?? requestId);
    return send(res, 200, result, id);
  }
  const results = [];
  for (const impulse of body.impulses as Impulse[]) results.push(await resolveImpulseContent(services, impulse ?? {}, controller.signal));
  send(res, 200, { results }, requestId);
}

function capabilitiesBody(services: Services): Record<string, unknown> {
  const active = new Set(activeCapabilities(services));
  const allowed = toolAllowlist(services.env);
  return {
    version: VERSION,
    capabilities: [...active],
    tags: CAPABILITY_TAGS.map((c) => ({ tag: c.tag, meaning: c.meaning, active: active.has(c.tag) })),
    tools: TOOL_REGISTRY.filter((t) => !allowed || allowed.has(t.name)).map((t) => ({
      name: t.name,
      tier: t.tier,
      complexity_tier: t.complexity,
      built: !t.pending,
    })),
  };
}

// @anchor loopback-bind
/** Starts the server on 127.0.0.1 (METABOB_LOOPBACK_PORT, else an ephemeral port) and writes the run file. */
export async function startVesselServer(services: Services, supervisor: AttachmentSupervisor): Promise<VesselServer> {
  const env = services.env;
  const metrics = new CallMetrics(services.tally);
  const events = new EventStream(services.calls, supervisor.events, env);
  const token = newAccessToken();
  let port = 0;
  const server: Server = createServer(BOUNDED_SERVER_OPTIONS, (req, res) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : ulid();
    if (!gate.admit(req, res, requestId)) return;
    const path = (req.url ?? '/').split('?')[0];
    const route = `${req.method} ${path}`;
    const handle = async () => {
      const misdirected = checkOrigin(req, port);
      if (misdirected) return error(res, misdirected.status, misdirected.code, misdirected.message, requestId);
      const credentialed = credentialAccepted(req, token, env.METABOB_API_KEY?.trim());
      if (!credentialed && route.startsWith('GET /v1/')) return error(res, 401, 'unauthorized', CREDENTIAL_REQUIRED, requestId);
      switch (route) {
        case 'GET /health':
          // Without a credential, only that the server is alive: no session, pid or attachment.
          if (credentialed) return send(res, 200, healthBody(services, supervisor), requestId);
          if (presentedCredential(req) !== undefined) return error(res, 401, 'unauthorized', CREDENTIAL_REQUIRED, requestId);
          return send(res, 200, { status: 'ok' }, requestId);
        case 'GET /v1/capabilities':
          return send(res, 200, capabilitiesBody(services), requestId);
        case 'GET /v1/metrics':
          return send(
            res,
            200,
            metrics.render(isAttached(supervisor.current()), { sessionStartedAt: services.sessionStartedAt }),
            requestId,
            'text/plain; version=0.0.4',
          );
        case 'GET /v1/events':
          res.setHeader('x-request-id', requestId);
          return events.add(res, { session_id: services.sessionId, attached: isAttached(supervisor.current()), reason: supervisor.causeLine() });
        case 'POST /v2/impulses/resolve':
          return resolveImpulses(services, req, res, requestId);
        default:
          return error(
            res,
            404,
            'not_found',
            `${route} is not served here; GET /health, /v1/capabilities, /v1/metrics, /v1/events and POST /v2/impulses/resolve are`,
            requestId,
          );
      }
    };
    handle().catch((err) => {
      log.error(`loopback ${route} failed:`, err);
      if (!res.headersSent) error(res, 500, 'internal_error', (err as Error).message, requestId);
      else res.end();
    });
  });
  const gate = boundLoopbackServer(server);

  const wanted = Number(env.METABOB_LOOPBACK_PORT ?? 0);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(Number.isInteger(wanted) && wanted > 0 && wanted < 65536 ? wanted : 0);
  } catch (err) {
    log.warn(`loopback: port ${wanted} on 127.0.0.1 is not available (${(err as NodeJS.ErrnoException).code}); using an ephemeral port`);
    await listen(0);
  }
  port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  services.loopback.listening = true;
  let runFile: string | null = null;
  try {
    runFile = writeRunFile(
      { pid: process.pid, port, url, session_id: services.sessionId, version: VERSION, started_at: new Date(services.sessionStartedAt).toISOString(), token },
      env,
    );
  } catch (err) {
    log.warn(`loopback: the run file could not be written (${(err as Error).message}); the server is on ${url}`);
  }
  log.debug(`loopback HTTP on ${url}`);
  const close = async () => {
    services.loopback.listening = false;
    if (runFile) removeRunFile(runFile);
    events.stop();
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, url, runFile, close };
}

/** Background service entry: the loopback server after the transport is up (METABOB_LOOPBACK=off skips it). */
export async function startLoopbackService(services: Services, onShutdown: (cleanup: () => Promise<void>) => void): Promise<void> {
  if (services.env.METABOB_LOOPBACK === 'off') return;
  // The loopback plane reports the attachment's state; a process with none serves no loopback.
  if (!services.attachment) return;
  const server = await startVesselServer(services, await services.attachment.supervisor());
  onShutdown(() => server.close());
}
