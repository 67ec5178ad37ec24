// A local OTLP/HTTP trace receiver on 127.0.0.1: accepts POST /v1/traces with the JSON
// encoding (what @opentelemetry/exporter-trace-otlp-http sends), keeps every body as received,
// and decodes the spans in them. It can be stopped and started again on the same port, to
// play a receiver that goes down and comes back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AttributeValue = string | number | boolean;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  statusCode: number;
  attributes: Record<string, AttributeValue>;
  resource: Record<string, AttributeValue>;
}

interface OtlpKeyValue {
  key: string;
  value: { stringValue?: string; intValue?: number | string; doubleValue?: number; boolValue?: boolean };
}

function attributesOf(list: OtlpKeyValue[] | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const { key, value } of list ?? []) {
    if (value.stringValue !== undefined) out[key] = value.stringValue;
    else if (value.intValue !== undefined) out[key] = Number(value.intValue);
    else if (value.doubleValue !== undefined) out[key] = value.doubleValue;
    else if (value.boolValue !== undefined) out[key] = value.boolValue;
  }
  return out;
}

export class OtlpReceiver {
  /** Every request body, as text, in arrival order (the probe's empty export among them). */
  readonly bodies: string[] = [];
  readonly spans: ReceivedSpan[] = [];
  /** Requests that were not POST /v1/traces with a JSON body. */
  readonly strays: string[] = [];
  private server: Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
          this.strays.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
          res.writeHead(404).end();
          return;
        }
        this.bodies.push(body);
        this.decode(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private decode(body: string): void {
    const request = JSON.parse(body) as {
      resourceSpans?: Array<{
        resource?: { attributes?: OtlpKeyValue[] };
        scopeSpans?: Array<{
          spans?: Array<{
            traceId: string;
            spanId: string;
            name: string;
            kind: number;
            startTimeUnixNano: string | number;
            endTimeUnixNano: string | number;
            attributes?: OtlpKeyValue[];
            status?: { code?: number };
          }>;
        }>;
      }>;
    };
    for (const rs of request.resourceSpans ?? []) {
      const resource = attributesOf(rs.resource?.attributes);
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          this.spans.push({
            traceId: s.traceId,
            spanId: s.spanId,
            name: s.name,
            kind: s.kind,
            startNs: BigInt(s.startTimeUnixNano),
            endNs: BigInt(s.endTimeUnixNano),
            statusCode: s.status?.code ?? 0,
            attributes: attributesOf(s.attributes),
            resource,
          });
        }
      }
    }
  }
}
