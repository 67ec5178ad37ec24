// A tool name the server does not know is the caller's text, of any size: it is counted under
// one metrics label, logged by its length only (SPEC §call-log: sizes, never values), and echoed
// in the refusal only when it is short and plain. On stdio the refusal is the protocol error MCP
// asks for (tools §error-handling: -32602 naming the tool).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';
import { UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';

const SECRET = 'mbk_live_SECRET_IN_A_TOOL_NAME_9f31';
const CALLS = 200;

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

test('unique 4.8 KB unknown names: one metrics label, the call log by length, no name in any log', async () => {
  const callLog = join(tempDir('metabob-cl-'), 'calls.jsonl');
  const key = 'mbk_unknown_names_key_2718';
  const s: ServerUnderTest = await startServer({ METABOB_CALL_LOG: callLog, METABOB_LOG_LEVEL: 'debug', METABOB_API_KEY: key });
  cleanups.push(() => s.close());

  // A key and no endpoint: nothing attaches, so tools/list names the tools that can answer without it.
  const listed = UNATTACHED_TOOLS.length;
  const refusal = async (name: string): Promise<{ code: number; message: string }> => {
    try {
      await s.client.callTool({ name, arguments: {} });
    } catch (err) {
      return { code: (err as { code: number }).code, message: (err as Error).message };
    }
    throw new Error(`a call to an unknown tool was answered: ${name.slice(0, 80)}`);
  };
  assert.deepEqual(await refusal('no_such_tool'), {
    code: -32602,
    message: `unknown_tool: "no_such_tool" is not a tool of this server; tools/list names its ${listed} tools`,
  });

  const names = Array.from({ length: CALLS }, (_, i) => `${SECRET}_${i}_${'n'.repeat(4800)}`);
  for (const name of names) {
    const { code, message } = await refusal(name);
    assert.equal(code, -32602);
    const expected = `unknown_tool: the name given (${name.length} characters) is not a tool of this server; tools/list names its ${listed} tools`;
    assert.ok(message === expected, message.slice(0, 200));
  }
  for (const name of [`${SECRET}\nsecond line`, 'has space', '']) {
    assert.deepEqual(await refusal(name), {
      code: -32602,
      message: `unknown_tool: the name given (${name.length} characters) is not a tool of this server; tools/list names its ${listed} tools`,
    });
  }
  const unknownCalls = 1 + CALLS + 3;
  // The loopback resolver names it the same way, and refuses it before the boundary.
  const resolved = await s.post('/v2/impulses/resolve', { pointer: { type: 'mcp:tool_call', tool: names[0] } }, { authorization: `ApiKey ${key}` });
  assert.equal(resolved.json.error, `unknown_tool: the name given (${names[0].length} characters) is not a tool of this server`);

  const metrics = await s.get('/v1/metrics');
  assert.equal(metrics.status, 200);
  assert.ok(!metrics.text.includes(SECRET), 'no unknown name is a metrics label');
  assert.ok(metrics.text.split('\n').includes(`metabob_tool_calls_total{tool="unknown_tool",outcome="error"} ${unknownCalls}`), metrics.text.slice(0, 2000));
  assert.ok(metrics.text.split('\n').includes(`metabob_tool_call_duration_seconds_count{tool="unknown_tool"} ${unknownCalls}`));
  assert.ok(!metrics.text.includes('no_such_tool'));

  const text = readFileSync(callLog, 'utf8');
  assert.ok(!text.includes(SECRET), 'no unknown name reaches the call log');
  const lines = text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(lines.length, unknownCalls);
  assert.deepEqual(lines[0].tool, 'unknown_tool(12)');
  assert.deepEqual([...new Set(lines.slice(1, 1 + CALLS).map((l) => l.tool))].sort(), [...new Set(names.map((n) => `unknown_tool(${n.length})`))].sort());
  assert.ok(text.length < unknownCalls * 400, `the call log grew ${text.length} bytes for ${unknownCalls} calls`);

  const stderr = s.stderr.join('\n');
  assert.ok(stderr.includes('unknown_tool(12) error in '), 'the debug line names the call by length');
  assert.ok(!stderr.includes(SECRET) && !stderr.includes('no_such_tool'), 'no unknown name reaches stderr');
});
