// OTLP traces (META-ENVELOPE §OTLP integration, READING-NOTES §_meta): with
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, every tool call the
// boundary finishes becomes one span whose attributes mirror its `_meta`, exported over OTLP/HTTP
// (JSON) by the OpenTelemetry JS SDK. The SDK is imported only here and only when the endpoint is
// set, so a plain server start loads none of it (SPEC §init_workspace `lazy-native`).
//
// `traces_otlp` is advertised while the receiver accepts what is sent: a probe export with no
// spans at start, then each batch. A failed export withdraws it (a tag never promises spans that
// go nowhere) and the next export that succeeds restores it; spans are made for every call
// either way, so the receiver's return is noticed by the next batch.
//
// The endpoint receives spans and nothing else: no argument value, no answer text, no
// credential of ours. A span describes a call by the fields `_meta` already shows the client.
import type { SpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { Attributes, Tracer } from '@opentelemetry/api';
import type { CallEvent } from './boundary.ts';
import type { Services } from '../services/services.ts';
import { UNKNOWN_TOOL_LABEL } from './unknown-tool-name.ts';
import { VERSION } from '../version.ts';
import { missingPackages, optionalInstallLine } from '../process/optional-install.ts';

export const DEFAULT_SERVICE_NAME = 'metabob-mcp';
/** What a shutdown waits for the last batch; the process's cleanup budget bounds it too. */
const FLUSH_ON_SHUTDOWN_MS = 2000;
const SUCCESS = 0; // ExportResultCode.SUCCESS of @opentelemetry/core
/** The OpenTelemetry SDK: optional installs (core/process/optional-install.ts), loaded only with an endpoint. */
export const OTEL_PACKAGES = ['@opentelemetry/api', '@opentelemetry/sdk-trace-base', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources'];

export interface TraceSettings {
  /** The full URL spans are POSTed to. */
  url: string;
  serviceName: string;
}

export type TraceSettingsResult = { settings: TraceSettings } | { off: string } | { refused: string };

/** The endpoint as a log line names it: no user info, no query (either may hold a credential). */
export function endpointForLog(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

const MAX_ENDPOINT_CHARS = 2048;

function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

// The standard variables (opentelemetry.io sdk-environment-variables, OTLP exporter): a
// signal-specific endpoint is used as given, the general one gets `v1/traces` appended.
export function traceSettings(env: NodeJS.ProcessEnv): TraceSettingsResult {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { off: 'OTEL_SDK_DISABLED=true' };
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return { off: 'OTEL_TRACES_EXPORTER=none' };
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const general = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!specific && !general) return { off: 'no OTEL_EXPORTER_OTLP_ENDPOINT' };
  const name = specific ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  const raw = specific || `${trimTrailingSlashes(general!)}/v1/traces`;
  if (raw.length > MAX_ENDPOINT_CHARS) return { refused: `${name} is longer than ${MAX_ENDPOINT_CHARS} characters; no traces are exported` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: `${name} is not a URL; no traces are exported` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: `${name} is a ${url.protocol} URL, not http(s); no traces are exported` };
  return { settings: { url: url.href, serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME } };
}

/** The span's name, MCP semantic conventions' `{mcp.method.name} {target}`; every unknown name is one label. */
export function spanName(event: CallEvent): string {
  return `tools/call ${event.tool.startsWith(`${UNKNOWN_TOOL_LABEL}(`) ? UNKNOWN_TOOL_LABEL : event.tool}`;
}

/** The span's attributes: the `_meta` fields by their envelope names, and the call's tool, plane and outcome. */
export function spanAttributes(event: CallEvent, sessionId: string): Attributes {
  const attributes: Attributes = {
    'mcp.method.name': 'tools/call',
    'gen_ai.tool.name': event.tool,
    request_id: event.requestId,
    session_id: sessionId,
    plane: event.plane,
    outcome: event.outcome,
    latency_ms: event.latencyMs,
    tokens_used: event.tokensUsed,
  };
  if (event.tokensSaved !== undefined) attributes.tokens_saved = event.tokensSaved;
  if (event.tokensSavedPct !== undefined) attributes.tokens_saved_pct = event.tokensSavedPct;
  if (event.complexityTier) attributes.complexity_tier = event.complexityTier;
  if (event.emptyReason) attributes.empty_reason = event.emptyReason;
  if (event.binaryDrift)
    attributes.binary_drift_warning = `stored_version=${event.binaryDrift.stored_version} running_version=${event.binaryDrift.running_version}`;
  return attributes;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The trace id a request id names: a ULID is 128 bits, as a trace id is, so the request id is the
 * trace's own id (META-ENVELOPE §request_id: the join key between logs and the trace).
 */
export function traceIdOf(requestId: string): string | undefined {
  if (!/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(requestId)) return undefined;
  let n = 0n;
  for (const ch of requestId) n = n * 32n + BigInt(CROCKFORD.indexOf(ch));
  return n === 0n ? undefined : n.toString(16).padStart(32, '0');
}

type ExportCallback = Parameters<SpanExporter['export']>[1];

/** Passes every export through and reports whether the receiver took it. */
class ReportingExporter implements SpanExporter {
  constructor(
    private readonly inner: SpanExporter,
    private readonly report: (ok: boolean, error?: Error) => void,
  ) {}

  export(spans: ReadableSpan[], done: ExportCallback): void {
    this.inner.export(spans, (result) => {
      this.report(result.code === SUCCESS, result.error);
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * Starts the tracer when the environment names an endpoint: one span per `call` event on
 * `services.calls`, flushed at shutdown. Resolves once the start-up probe export has answered.
 */
export async function startOtlpTraces(services: Services, onShutdown: (fn: () => Promise<void>) => void): Promise<void> {
  const decided = traceSettings(services.env);
  if ('off' in decided) return;
  if ('refused' in decided) return void services.log.warn(`traces_otlp: ${decided.refused}`);
  const { url, serviceName } = decided.settings;
  const target = endpointForLog(url);
  const missing = missingPackages(OTEL_PACKAGES);
  if (missing.length > 0) {
    const fallback = 'tool calls go on without traces and traces_otlp is not advertised';
    return void services.log.warn(optionalInstallLine('OTLP traces', `OTEL_EXPORTER_OTLP_ENDPOINT (${target})`, missing, fallback));
  }

  const [{ BasicTracerProvider, BatchSpanProcessor, RandomIdGenerator }, { OTLPTraceExporter }, { defaultResource, resourceFromAttributes }, api] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/api'),
    ]);

  let warned = false;
  const report = (ok: boolean, error?: Error) => {
    const was = services.traces.exporting;
    services.traces.exporting = ok;
    if (ok) {
      if (!was) services.log.debug(`traces_otlp: ${target} accepts traces`);
    } else if (!warned) {
      warned = true;
      services.log.warn(
        `traces_otlp: export to ${target} failed (${error?.message ?? 'no reason given'}); tool calls go on, traces_otlp is withdrawn until an export succeeds`,
      );
    } else if (was) services.log.debug(`traces_otlp: export to ${target} failed again (${error?.message ?? 'no reason given'})`);
  };
  const exporter = new ReportingExporter(new OTLPTraceExporter({ url }), report);

  // The trace id of a call's span is its request id; any other span the SDK makes gets a random one.
  const random = new RandomIdGenerator();
  let nextTraceId: string | undefined;
  const idGenerator = {
    generateTraceId: () => nextTraceId ?? random.generateTraceId(),
    generateSpanId: () => random.generateSpanId(),
  };
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': serviceName, 'service.version': VERSION })),
    spanProcessors: [new BatchSpanProcessor(exporter)],
    idGenerator,
  });
  const tracer: Tracer = provider.getTracer('@metabob/mcp', VERSION);

  const onCall = (event: CallEvent) => {
    try {
      const end = Date.now();
      nextTraceId = traceIdOf(event.requestId);
      const span = tracer.startSpan(spanName(event), {
        kind: api.SpanKind.SERVER,
        startTime: end - event.latencyMs,
        attributes: spanAttributes(event, services.sessionId),
      });
      if (event.outcome === 'error') span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end(end);
    } catch (err) {
      // A span that could not be made never breaks the call that finished.
      services.log.debug(`traces_otlp: no span for ${event.requestId}: ${(err as Error).message}`);
    } finally {
      nextTraceId = undefined;
    }
  };
  services.calls.on('call', onCall);
  onShutdown(async () => {
    services.calls.off('call', onCall);
    await Promise.race([provider.shutdown(), new Promise((resolve) => setTimeout(resolve, FLUSH_ON_SHUTDOWN_MS).unref())]);
  });

  // The probe: an export of no spans, which an OTLP receiver answers like any other.
  await new Promise<void>((resolve) => exporter.export([], () => resolve()));
}
