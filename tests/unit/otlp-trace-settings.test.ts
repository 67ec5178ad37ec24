// Which receiver the OTLP traces go to (the standard OTEL_* variables) and how a span names a
// call: pure logic, checked exhaustively here; tests/e2e/otlp-traces.test.ts sends real spans.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SERVICE_NAME, endpointForLog, spanAttributes, spanName, traceIdOf, traceSettings } from '../../core/server/otlp-traces.ts';
import { ulid } from '../../core/process/ulid.ts';
import type { CallEvent } from '../../core/server/boundary.ts';

test('the general endpoint gets v1/traces appended, the traces endpoint is used as given', () => {
  assert.deepEqual(traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), {
    settings: { url: 'http://127.0.0.1:4318/v1/traces', serviceName: DEFAULT_SERVICE_NAME },
  });
  assert.deepEqual(traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/base///' }), {
    settings: { url: 'https://otel.example/base/v1/traces', serviceName: DEFAULT_SERVICE_NAME },
  });
  const both = traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:2/custom', OTEL_SERVICE_NAME: 'svc' });
  assert.deepEqual(both, { settings: { url: 'http://b:2/custom', serviceName: 'svc' } });
});

test('no endpoint, OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none: off; a non-http(s) or broken URL: refused', () => {
  assert.ok('off' in traceSettings({}));
  assert.ok('off' in traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }));
  assert.ok('off' in traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_SDK_DISABLED: 'TRUE' }));
  assert.ok('off' in traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_TRACES_EXPORTER: 'none' }));
  assert.match((traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///etc/passwd' }) as { refused: string }).refused, /file: URL, not http\(s\)/);
  assert.match(
    (traceSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' }) as { refused: string }).refused,
    /^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is not a URL/,
  );
  assert.match((traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://a/${'x'.repeat(5000)}` }) as { refused: string }).refused, /longer than/);
  // Linear on hostile input: a long run of slashes is trimmed by a loop, not a backtracking regex.
  const started = performance.now();
  traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://a/${'/'.repeat(200_000)}x` });
  assert.ok(performance.now() - started < 1000);
});

test('a log line names the endpoint without its user info or query', () => {
  assert.equal(endpointForLog('https://user:secret@otel.example:4318/v1/traces?token=abc'), 'https://otel.example:4318/v1/traces');
});

test('the trace id is the request id as 128 bits; anything but a ULID has none', () => {
  const id = ulid();
  const hex = traceIdOf(id)!;
  assert.match(hex, /^[0-9a-f]{32}$/);
  const back = BigInt(`0x${hex}`);
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let decoded = '';
  for (let n = back, i = 0; i < 26; i++, n /= 32n) decoded = alphabet[Number(n % 32n)] + decoded;
  assert.equal(decoded, id);
  assert.equal(traceIdOf('00000000000000000000000000'), undefined);
  assert.equal(traceIdOf('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), undefined, 'past 128 bits');
  assert.equal(traceIdOf('short'), undefined);
});

test('a span mirrors the _meta fields it has and names an unknown tool by its one label', () => {
  const event: CallEvent = {
    requestId: ulid(),
    tool: 'unknown_tool(12)',
    plane: 'stdio',
    outcome: 'error',
    latencyMs: 3,
    tokensUsed: 9,
    emptyReason: 'not_attached',
  };
  assert.equal(spanName(event), 'tools/call unknown_tool');
  assert.deepEqual(spanAttributes(event, 'sess'), {
    'mcp.method.name': 'tools/call',
    'gen_ai.tool.name': 'unknown_tool(12)',
    request_id: event.requestId,
    session_id: 'sess',
    plane: 'stdio',
    outcome: 'error',
    latency_ms: 3,
    tokens_used: 9,
    empty_reason: 'not_attached',
  });
  const full = spanAttributes(
    {
      ...event,
      tool: 'search_codebase',
      tokensSaved: 90,
      tokensSavedPct: 90,
      complexityTier: 'lite',
      binaryDrift: { stored_version: 3, running_version: 1, remediation: 'x' },
    },
    's',
  );
  assert.equal(spanName({ ...event, tool: 'search_codebase' }), 'tools/call search_codebase');
  assert.equal(full.tokens_saved_pct, 90);
  assert.equal(full.complexity_tier, 'lite');
  assert.equal(full.binary_drift_warning, 'stored_version=3 running_version=1');
});
