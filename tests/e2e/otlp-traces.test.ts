// OTLP traces end to end (META-ENVELOPE §OTLP integration): the built server, pointed at a
// local OTLP/HTTP receiver by OTEL_EXPORTER_OTLP_ENDPOINT, exports one span per tool call whose
// attributes mirror the call's `_meta`, carries no argument value, and advertises `traces_otlp`
// only while the receiver takes its exports.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { metaOf } from '../helpers/client.ts';
import { capabilityProbe } from '../helpers/probe.ts';
import { OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';
import { traceIdOf } from '../../core/server/otlp-traces.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function receiver(): Promise<OtlpReceiver> {
  const r = new OtlpReceiver();
  await r.start();
  cleanups.push(() => r.stop());
  return r;
}

async function server(env: Record<string, string | undefined>): Promise<ServerUnderTest> {
  // Short batches and a short export timeout, so a test waits on spans for well under a second.
  const s = await startServer({ OTEL_BSP_SCHEDULE_DELAY: '50', OTEL_EXPORTER_OTLP_TIMEOUT: '1000', ...env });
  cleanups.push(() => s.close());
  return s;
}

type Meta = Record<string, any>;
const calls: Meta[] = [];
async function call(s: ServerUnderTest, name: string, args: Record<string, unknown> = {}): Promise<Meta> {
  const meta = metaOf(await s.client.callTool({ name, arguments: args }));
  calls.push(meta);
  return meta;
}

const advertised = async (s: ServerUnderTest) => ((await s.get('/v1/capabilities')).json.capabilities as string[]).includes('traces_otlp');
const spansOf = (r: OtlpReceiver, requestId: string): ReceivedSpan[] => r.spans.filter((span) => span.attributes.request_id === requestId);
const warnLines = (s: ServerUnderTest) => s.stderr.filter((l) => /WARNING traces_otlp: export to/.test(l));

// Distinctive values no span may carry: an argument, and a tool name the server does not know.
const ARGUMENT_VALUE = 'zebra-argument-value-7f3c91';
const UNKNOWN_NAME = 'no_such_tool_quokka_55e1';

capabilityProbe('traces_otlp', async () => {
  const r = await receiver();
  const s = await server({ OTEL_EXPORTER_OTLP_ENDPOINT: r.url, OTEL_SERVICE_NAME: 'metabob-under-test' });

  // The start-up probe: an export of no spans, then the tag.
  await waitFor(() => r.bodies.length > 0, 10_000, 'the probe export');
  assert.deepEqual(JSON.parse(r.bodies[0]), { resourceSpans: [] }, 'the probe carries no span');
  await waitFor(() => advertised(s), 10_000, 'traces_otlp in GET /v1/capabilities');

  const metas = [
    await call(s, 'get_metrics'),
    await call(s, 'search_codebase', { query: ARGUMENT_VALUE }),
    await call(s, 'get_metrics', { [`unknown_${ARGUMENT_VALUE}`]: ARGUMENT_VALUE }),
  ];
  // A name no tool has is refused with -32602 (no result, so no _meta), and traced all the same.
  await assert.rejects(s.client.callTool({ name: UNKNOWN_NAME, arguments: { anything: ARGUMENT_VALUE } }), /unknown_tool: /);
  for (const meta of metas) assert.ok(meta.capabilities.includes('traces_otlp'), 'in _meta.capabilities too');
  const unknownSpans = () => r.spans.filter((span) => span.name === 'tools/call unknown_tool');
  await waitFor(() => metas.every((m) => spansOf(r, m.request_id).length > 0) && unknownSpans().length > 0, 10_000, 'a span for every call');

  // One span per call: every call of this server, and nothing else.
  assert.equal(r.spans.length, calls.length + 1, r.spans.map((x) => x.name).join(', '));
  for (const meta of calls) assert.equal(spansOf(r, meta.request_id).length, 1, meta.request_id);

  const tools = ['get_metrics', 'search_codebase', 'get_metrics'];
  metas.forEach((meta, i) => {
    const [span] = spansOf(r, meta.request_id);
    assert.equal(span.name, `tools/call ${tools[i]}`);
    assert.equal(span.kind, 2, 'SPAN_KIND_SERVER');
    assert.equal(span.traceId, traceIdOf(meta.request_id), 'the trace id is the request id');
    assert.equal(span.resource['service.name'], 'metabob-under-test');
    const a = span.attributes;
    assert.equal(a.request_id, meta.request_id);
    assert.equal(a.session_id, meta.session_id);
    assert.equal(a.tokens_used, meta.tokens_used);
    assert.equal(a.latency_ms, meta.latency_ms);
    assert.equal(a.complexity_tier, meta.complexity_tier);
    assert.equal(a.tokens_saved_pct, meta.tokens_saved_pct ?? undefined);
    assert.equal(a.empty_reason, meta.empty_reason);
    const drift = meta.binary_drift_warning;
    assert.equal(a.binary_drift_warning, drift ? `stored_version=${drift.stored_version} running_version=${drift.running_version}` : undefined);
    assert.equal(a['mcp.method.name'], 'tools/call');
    assert.equal(span.endNs - span.startNs >= 0n, true);
  });
  const [unknownSpan] = unknownSpans();
  assert.equal(unknownSpan.kind, 2, 'SPAN_KIND_SERVER');
  assert.equal(unknownSpan.attributes.complexity_tier, 'lite');
  assert.equal(unknownSpan.attributes.outcome, 'error');
  assert.equal(unknownSpan.statusCode, 2, 'STATUS_CODE_ERROR');
  assert.equal(unknownSpan.attributes['gen_ai.tool.name'], `unknown_tool(${UNKNOWN_NAME.length})`);

  const everything = r.bodies.join('\n');
  assert.ok(!everything.includes(ARGUMENT_VALUE), 'no argument value (nor an unknown argument name) reaches the receiver');
  assert.ok(!everything.includes(UNKNOWN_NAME), 'an unknown tool name goes by its length only');
  assert.deepEqual(r.strays, [], 'the receiver got trace exports and nothing else');
  assert.deepEqual(warnLines(s), []);

  // The receiver goes down: the next export fails, the tag is withdrawn, the calls go on, and
  // the failure is said once however many exports fail.
  await r.stop();
  for (let i = 0; i < 3; i++) assert.equal(metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} })).tokens_used > 0, true);
  await waitFor(async () => !(await advertised(s)), 15_000, 'traces_otlp withdrawn');
  assert.ok(!metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} })).capabilities.includes('traces_otlp'));
  await waitFor(() => warnLines(s).length > 0, 15_000, 'the warning');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(warnLines(s).length, 1, warnLines(s).join('\n'));
  assert.match(warnLines(s)[0], /tool calls go on, traces_otlp is withdrawn until an export succeeds/);

  // It comes back on the same port: the next batch is taken and the tag returns.
  await r.start();
  const back = metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} }));
  await waitFor(() => spansOf(r, back.request_id).length === 1, 15_000, 'the span after the receiver came back');
  await waitFor(() => advertised(s), 10_000, 'traces_otlp restored');
});

test('without OTEL_EXPORTER_OTLP_ENDPOINT there is no traces_otlp, and the tag reads inactive', async () => {
  const s = await server({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined });
  assert.ok(!metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} })).capabilities.includes('traces_otlp'));
  const body = (await s.get('/v1/capabilities')).json;
  assert.ok(!body.capabilities.includes('traces_otlp'));
  assert.equal(body.tags.find((t: { tag: string }) => t.tag === 'traces_otlp').active, false);
});

test('a receiver that is down at start: no traces_otlp, one warning, and tool calls answer as usual', async () => {
  const r = await receiver();
  const port = r.port;
  await r.stop();
  const s = await server({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${port}/v1/traces` });
  await waitFor(() => warnLines(s).length > 0, 15_000, 'the warning');
  for (let i = 0; i < 3; i++) {
    const result = await s.client.callTool({ name: 'get_metrics', arguments: {} });
    assert.notEqual(result.isError, true);
    assert.ok(!metaOf(result).capabilities.includes('traces_otlp'));
  }
  assert.ok(!(await advertised(s)));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(warnLines(s).length, 1, warnLines(s).join('\n'));
});

test('an endpoint that is not an http(s) URL is refused with one line, and no traces_otlp', async () => {
  const s = await server({ OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///etc/passwd' });
  await waitFor(() => s.stderr.some((l) => l.includes('traces_otlp: OTEL_EXPORTER_OTLP_ENDPOINT is a file: URL, not http(s)')), 10_000, 'the refusal');
  assert.ok(!metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} })).capabilities.includes('traces_otlp'));
});

test('the spans of a batch not yet due are flushed when the server shuts down', async () => {
  const r = await receiver();
  const s = await server({ OTEL_EXPORTER_OTLP_ENDPOINT: r.url, OTEL_BSP_SCHEDULE_DELAY: '600000' });
  await waitFor(() => r.bodies.length > 0, 10_000, 'the probe export');
  const meta = metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(spansOf(r, meta.request_id).length, 0, 'the batch is not due for ten minutes');
  await s.close();
  await waitFor(() => spansOf(r, meta.request_id).length === 1, 10_000, 'the span flushed at shutdown');
});
