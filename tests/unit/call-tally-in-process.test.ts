// GET /v1/metrics counts every call of the session (core/services/call-tally.ts): the boundary
// records into the services' tally from the first call, so the calls made before the loopback
// server listened (it starts after the handshake) are not lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempRepo } from '../helpers/git.ts';
import { startInProcess } from '../helpers/in-process.ts';
import { CallMetrics } from '../../core/loopback/metrics.ts';

test('calls made before the metrics renderer exists are in /v1/metrics, unknown names under one label', async () => {
  const s = await startInProcess({ cwd: tempRepo() });
  try {
    await s.client.callTool({ name: 'get_metrics', arguments: {} });
    await s.client.callTool({ name: 'get_metrics', arguments: {} });
    // Refused with -32602 (MCP tools §error-handling), and counted all the same.
    await assert.rejects(s.client.callTool({ name: 'no_such_tool_a', arguments: {} }), /unknown_tool/);
    await assert.rejects(s.client.callTool({ name: 'no_such_tool_b', arguments: {} }), /unknown_tool/);
    // The renderer the loopback server makes when it starts, after those calls.
    const text = new CallMetrics(s.services.tally).render(false, { sessionStartedAt: s.services.sessionStartedAt });
    assert.match(text, /^metabob_tool_calls_total\{tool="get_metrics",outcome="ok"\} 2$/m);
    assert.match(text, /^metabob_tool_calls_total\{tool="unknown_tool",outcome="error"\} 2$/m);
    assert.match(text, /^metabob_tool_call_duration_seconds_count\{tool="get_metrics"\} 2$/m);
    assert.doesNotMatch(text, /no_such_tool/);
  } finally {
    await s.close();
  }
});
