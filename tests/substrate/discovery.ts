// discovery-vessel (substrate-contract §2): GET /bootstrap (public), GET /health, and
// POST /resolve behind its ApiKey middleware (validated through identity's nested form),
// answering its own shapes and forwarding the rest by shape with {impulse:{pointer}}, the
// caller's Authorization and the producer's resolve_timeout_ms; producer answers pass
// through verbatim, a failed forward is 502 forward_failed, no producer is 404.
import type { IncomingMessage } from 'node:http';
import { EmulatedService, apiKeyOf, delay, json, parseJson, type Reply } from './http-kit.ts';
import type { Switches } from './switches.ts';

export interface VesselRow {
  vesselId: string;
  vesselName: string;
  shapes: string[];
  service: { url: string; up: boolean };
  resolve_endpoint: string;
  resolve_timeout_ms?: number;
  protocol: string;
}

interface CachedAuth {
  auth: { orgId: string; userId: string; keyId: string; scopes: string[] };
  at: number;
}

const OWN_SHAPES = ['vesselCapability', 'vesselEndpoint', 'vesselHealth', 'vesselRegistry'];

export class DiscoveryEmulator {
  readonly service: EmulatedService;
  private cache = new Map<string, CachedAuth>();
  /** Keys whose Authorization reached /resolve (never logged by the emulator). */
  resolveRequests = 0;
  /** The bodies POST /resolve received, in order (the last 200), for tests that look for what was sent. */
  readonly resolveBodies: string[] = [];
  bootstrapRequests = 0;

  constructor(
    private readonly switches: Switches,
    private readonly vessels: VesselRow[],
    private readonly identityUrl: () => string,
  ) {
    this.service = new EmulatedService('discovery', (req, body, url) => this.handle(req, body, url));
  }

  private async handle(req: IncomingMessage, body: string, url: URL): Promise<Reply> {
    if (req.method === 'GET' && url.pathname === '/bootstrap') {
      this.bootstrapRequests += 1;
      await delay(this.switches.bootstrapDelayMs);
      return this.bootstrap();
    }
    if (req.method === 'GET' && url.pathname === '/health') {
      return json(200, { status: 'ok', vessel: 'discovery', version: '0.1.0', registeredVessels: this.vessels.length, uptime: process.uptime() });
    }
    if (req.method === 'GET' && url.pathname === '/registry/shapes') return json(200, { shapes: this.vocabulary() });
    if (req.method === 'POST' && url.pathname === '/resolve') {
      if (this.switches.resolveBody === 'html') return { status: 200, body: '<html><body>Please sign in</body></html>', raw: { contentType: 'text/html' } };
      this.resolveRequests += 1;
      this.resolveBodies.push(body);
      if (this.resolveBodies.length > 200) this.resolveBodies.shift();
      const auth = await this.authenticate(req);
      if ('reply' in auth) return auth.reply;
      const parsed = parseJson(body);
      if (parsed === undefined) return json(404, { error: 'Invalid JSON' });
      const pointer = parsed.pointer;
      if (!pointer || !pointer.type) return json(400, { error: 'Missing pointer or pointer.type' });
      if (OWN_SHAPES.includes(pointer.type)) return this.ownShape(pointer);
      return this.forward(pointer, req.headers.authorization);
    }
    return json(404, { error: 'Not found' });
  }

  private bootstrap(): Reply {
    const mode = this.switches.bootstrap;
    if (mode === 'html') {
      return {
        status: 200,
        body: '<!DOCTYPE html><html><head><title>Guest Wi-Fi</title></head><body>Accept the terms to continue</body></html>',
        raw: { contentType: 'text/html' },
      };
    }
    if (mode === 'text') return { status: 200, body: 'OK', raw: { contentType: 'text/plain' } };
    if (mode === 'status503') return json(503, { error: 'unavailable' });
    const advertised = this.switches.advertisedIdentity ?? this.identityUrl();
    return json(200, { relay_multiaddrs: [], identity_endpoint: advertised, discovery_endpoint: this.service.url, prefer_transport: 'libp2p' });
  }

  private async authenticate(req: IncomingMessage): Promise<{ auth: CachedAuth['auth'] } | { reply: Reply }> {
    const header = req.headers.authorization;
    if (!header) return { reply: json(401, { error: { code: 'INVALID_API_KEY', message: 'Authorization header is required' } }) };
    const key = apiKeyOf(req);
    if (!key) return { reply: json(401, { error: { code: 'INVALID_API_KEY', message: "Invalid Authorization format; expected 'ApiKey <key>'" } }) };
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < 60_000) return { auth: cached.auth };
    try {
      const res = await fetch(`${this.identityUrl()}/v1/auth/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ impulse: { type: 'authentication', pointer: { type: 'apiKey', apiKey: key } } }),
        signal: AbortSignal.timeout(10_000),
      });
      const data: any = await res.json().catch(() => ({}));
      if (res.ok && data.success && data.data?.authenticated) {
        const auth = { orgId: data.data.orgId, userId: data.data.userId, keyId: data.data.keyId, scopes: data.data.scopes };
        this.cache.set(key, { auth, at: Date.now() });
        return { auth };
      }
      this.cache.delete(key);
      return { reply: json(401, { error: { code: 'INVALID_API_KEY', message: 'API key is invalid or has been revoked' } }) };
    } catch {
      // Identity unreachable: a key validated in the last 600 s is still accepted.
      if (cached && Date.now() - cached.at < 600_000) return { auth: cached.auth };
      return { reply: json(401, { error: { code: 'INVALID_API_KEY', message: 'API key is invalid or has been revoked' } }) };
    }
  }

  vocabulary(): string[] {
    return [...new Set(this.vessels.flatMap((v) => v.shapes))].sort();
  }

  private ownShape(pointer: any): Reply {
    const envelope = (content: unknown) => json(200, { content, metadata: { shape: pointer.type, resolvedAt: new Date().toISOString(), cacheStatus: 'miss' } });
    const now = new Date().toISOString();
    switch (pointer.type) {
      case 'vesselRegistry': {
        const rows = this.vessels.map((v) => ({
          vesselId: v.vesselId,
          vesselName: v.vesselName,
          shapes: v.shapes,
          endpoint: this.switches.advertisedEndpoint[v.vesselName] ?? v.service.url,
          protocol: v.protocol,
          status: v.service.up ? 'healthy' : 'unhealthy',
          lastSeen: now,
          metadata: {},
        }));
        return envelope({ vessels: rows, totalCount: rows.length });
      }
      case 'vesselCapability': {
        const rows = this.vessels
          .filter((v) => v.shapes.includes(pointer.shape) && !(pointer.excludeVessels ?? []).includes(v.vesselId))
          .map((v) => ({
            vesselId: v.vesselId,
            vesselName: v.vesselName,
            endpoint: this.switches.advertisedEndpoint[v.vesselName] ?? v.service.url,
            protocol: v.protocol,
            confidence: 1.0,
            lastSeen: now,
            resolve_endpoint: v.resolve_endpoint,
            resolve_request_format: 'pointer',
            auth_scheme: 'ApiKey',
            ...(v.resolve_timeout_ms ? { resolve_timeout_ms: v.resolve_timeout_ms } : {}),
          }));
        const peers = (this.switches.peerCapability[pointer.shape] ?? []).map((peer) => ({
          vesselId: peer.vesselId,
          vesselName: peer.vesselId,
          endpoint: peer.endpoint,
          protocol: 'http',
          confidence: 1.0,
          lastSeen: now,
          resolve_endpoint: '/v2/impulses/resolve',
          discoveredVia: 'peer',
          peerEndpoint: 'http://peer-discovery.invalid',
        }));
        return envelope({ shape: pointer.shape, vessels: [...rows, ...peers], found: rows.length + peers.length > 0 });
      }
      case 'vesselEndpoint': {
        const v = this.vessels.find((row) => row.vesselId === pointer.vesselId);
        if (!v) return json(404, { error: `Vessel not found: ${pointer.vesselId}` });
        return envelope({ vesselId: v.vesselId, vesselName: v.vesselName, endpoint: v.service.url, protocol: v.protocol, health: 'healthy', lastSeen: now });
      }
      default: {
        const v = this.vessels.find((row) => row.vesselId === pointer.vesselId);
        if (!v) return envelope({ vesselId: pointer.vesselId, status: 'unhealthy', error: 'Vessel not found in registry' });
        return envelope({ vesselId: v.vesselId, status: v.service.up ? 'healthy' : 'unhealthy', endpoint: v.service.url, lastHeartbeat: now });
      }
    }
  }

  private async forward(pointer: any, authorization: string | undefined): Promise<Reply> {
    const shape: string = pointer.type;
    const target = this.switches.noProducer.includes(shape) ? undefined : this.vessels.find((v) => v.shapes.includes(shape));
    if (!target) return json(404, { error: 'Not found', shape });
    if (this.switches.forwardFailed.includes(shape)) return json(502, { error: 'forward_failed', shape, detail: 'fetch failed' });
    const timeout = this.switches.resolveTimeoutMs[target.vesselName] ?? target.resolve_timeout_ms ?? 10_000;
    const url = /^https?:\/\//.test(target.resolve_endpoint) ? target.resolve_endpoint : `${target.service.url}${target.resolve_endpoint}`;
    try {
      const fwd = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ impulse: { pointer } }),
        signal: AbortSignal.timeout(timeout),
      });
      return json(fwd.status, await fwd.json());
    } catch (err) {
      return json(502, { error: 'forward_failed', shape, detail: (err as Error).message });
    }
  }
}
