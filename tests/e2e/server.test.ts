// The stdio server end to end: initialize, instructions, tools/list, calls through the
// boundary, the `_meta` envelope, and bad input that leaves the server serving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { CLI, cleanEnv, metaOf, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { ULID_PATTERN } from '../../core/process/ulid.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { UNATTACHED_TOOLS, unattachedToolList } from '../helpers/tool-surface.ts';

const SPEC_TOOLS = [
  'analyze_impact',
  'annotate_component',
  'assign_git_changes',
  'claim_finding',
  'concept_create',
  'concept_link',
  'concept_neighbors',
  'concept_record_usage',
  'concept_search',
  'concept_sequence',
  'concept_usage_stats',
  'execution_trace',
  'get_analysis_context',
  'get_metrics',
  'get_problems',
  'goal_reasoning',
  'goal_status',
  'init_workspace',
  'mark_complete',
  'path_activity',
  'predict_cochanges',
  'provide_feedback',
  'pull_assigned_work',
  'record_finding',
  'registry_query',
  'resolve_impulse',
  'run_goal',
  'run_goal_async',
  'search_codebase',
  'submit_resolution',
];

function assertEnvelope(meta: Record<string, any>, tool?: string): void {
  assert.match(meta.request_id, ULID_PATTERN);
  assert.equal(typeof meta.latency_ms, 'number');
  assert.ok(meta.latency_ms >= 0);
  assert.equal(typeof meta.tokens_used, 'number');
  assert.ok(meta.tokens_used > 0);
  assert.ok(Array.isArray(meta.capabilities) && meta.capabilities.length > 0);
  assert.equal(meta.schema_version, 1);
  assert.equal(typeof meta.session_id, 'string');
  if (tool) {
    const declared = TOOL_REGISTRY.find((t) => t.name === tool)!.complexity;
    assert.equal(meta.complexity_tier, declared);
  }
  // A missing field means "not applicable", never a zero.
  for (const [key, value] of Object.entries(meta)) {
    // A tool with no honest baseline says so with null (READING-NOTES §_meta).
    if (['tokens_saved', 'tokens_saved_pct'].includes(key) && value !== null) assert.notEqual(meta.baseline_method, undefined);
    assert.notEqual(value, undefined, key);
  }
}

test('initialize carries the instructions, and every tool they name is registered', async () => {
  // The initialize result is the 2025 era's; tests/e2e/protocol-eras.test.ts reads server/discover's.
  const { client, close } = await startClient({ cwd: tempDir(), era: 'legacy' });
  try {
    const instructions = client.getInstructions() ?? '';
    assert.match(instructions, /Load the metabob skill/);
    assert.match(instructions, /metabob-mcp attach --check/);
    const named = [...instructions.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((n) => n !== '_meta');
    assert.ok(named.length >= 20, `instructions name ${named.length} tools`);
    const registered = new Set(TOOL_REGISTRY.map((t) => t.name));
    for (const name of named) assert.ok(registered.has(name), `instructions name ${name}, which is not registered`);
    for (const first of ['get_analysis_context', 'get_problems', 'record_finding', 'mark_complete']) {
      assert.ok(named.includes(first), `first-call set names ${first}`);
    }
    // Each tool sits in the list its tier puts it in (SPEC §agent-instructions: the local tools
    // apart from the substrate tools): every local tool in the local line, none needing the attachment.
    const listed = (prefix: string) => {
      const line = instructions.split('\n').find((l) => l.startsWith(prefix)) ?? '';
      return [...line.split('and the local half of')[0].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    };
    const tierOf = (name: string) => TOOL_REGISTRY.find((t) => t.name === name)?.tier;
    assert.deepEqual(
      listed('Local tools').sort(),
      TOOL_REGISTRY.filter((t) => t.tier === 'local')
        .map((t) => t.name)
        .sort(),
    );
    for (const name of listed('Substrate tools')) assert.notEqual(tierOf(name), 'local', `${name} is local but listed as needing the attachment`);
    for (const tool of TOOL_REGISTRY.filter((t) => t.tier === 'substrate'))
      assert.ok(listed('Substrate tools').includes(tool.name), `${tool.name} is not listed`);
    assert.deepEqual(client.getServerCapabilities()?.logging, {});
    assert.deepEqual(client.getServerCapabilities()?.prompts, {});
  } finally {
    await close();
  }
});

test('the registry is exactly the spec tool set; an unattached server lists all but the substrate tools, each with a JSON Schema', async () => {
  assert.deepEqual(TOOL_REGISTRY.map((t) => t.name).sort(), SPEC_TOOLS);
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      UNATTACHED_TOOLS,
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok(tool.description && tool.description.length > 20, tool.name);
    }
    // dist/ answers from the catalog the build baked in: it must be the registry's own, exactly.
    assert.deepEqual(tools, unattachedToolList());
    const record = tools.find((t) => t.name === 'record_finding')!;
    assert.deepEqual((record.inputSchema.required as string[]).sort(), ['category', 'files', 'severity', 'summary']);
  } finally {
    await close();
  }
});

test('calls through the boundary carry a valid _meta; errors are results with a named cause', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    // A tool that answers, whichever issue built it: every registered tool gets an envelope.
    for (const name of ['get_metrics', 'claim_finding', 'search_codebase']) {
      const args = name === 'claim_finding' ? { problem_id: 'agf_x' } : name === 'search_codebase' ? { query: 'x' } : {};
      const result = await client.callTool({ name, arguments: args });
      assertEnvelope(metaOf(result), name);
      assert.ok(textOf(result).length > 0);
    }

    // MCP tools §error-handling: an unknown tool is a protocol error, -32602 naming it.
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (err: any) => {
      assert.equal(err.code, -32602);
      assert.match(err.message, new RegExp(`unknown_tool: "no_such_tool" is not a tool of this server; tools/list names its ${UNATTACHED_TOOLS.length} tools`));
      return true;
    });

    const wrongType = await client.callTool({ name: 'search_codebase', arguments: { query: 42, limit: 'ten' } });
    assert.equal(wrongType.isError, true);
    assert.match(textOf(wrongType), /^invalid_arguments: search_codebase: query: Expected string, received number; limit: Expected number, received string$/);
    const codes = metaOf(wrongType).diagnosis_v2.map((d: any) => d.code);
    // The code is the token the text starts with, one entry per issue, each naming its argument.
    assert.deepEqual(codes, ['invalid_arguments', 'invalid_arguments']);
    assert.deepEqual(
      metaOf(wrongType).diagnosis_v2.map((d: any) => d.data.arg),
      ['query', 'limit'],
    );

    const unknownArg = await client.callTool({ name: 'get_metrics', arguments: { verbose: true } });
    const diagnosis = metaOf(unknownArg).diagnosis_v2.find((d: any) => d.code === 'unknown_arg');
    assert.deepEqual(diagnosis.data, { arg: 'verbose', accepted: [] });
    assert.equal(diagnosis.severity, 'warning');

    const outOfRange = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['a'], limit: 500 } });
    assert.equal(outOfRange.isError, true);
    assert.match(textOf(outOfRange), /^invalid_arguments: predict_cochanges: limit: Number must be less than or equal to 50$/);

    // Still serving after all of that.
    const { tools } = await client.listTools();
    assert.equal(tools.length, UNATTACHED_TOOLS.length);
  } finally {
    await close();
  }
});

test('METABOB_META_CAPABILITIES=off drops the per-call capability stamp and nothing else', async () => {
  const { client, close } = await startClient({ cwd: tempDir(), env: { METABOB_META_CAPABILITIES: 'off' } });
  try {
    const meta = metaOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.equal(meta.capabilities, undefined);
    assert.match(meta.request_id, ULID_PATTERN);
    assert.equal(meta.schema_version, 1);
  } finally {
    await close();
  }
});

/** Runs the server with raw lines on stdin and returns every stdout line. */
function rawSession(lines: string[], waitForIds: number[]): Promise<{ stdout: string[]; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI], { cwd: tempDir(), env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let buffer = '';
    const seen = new Set<number>();
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`timed out; got ${buffer}`));
    }, 15000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n').filter(Boolean)) {
        try {
          const msg = JSON.parse(line);
          if (typeof msg.id === 'number') seen.add(msg.id);
        } catch {
          // asserted below
        }
      }
      if (waitForIds.every((id) => seen.has(id))) child.stdin.end();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ stdout: buffer.split('\n').filter(Boolean), code });
    });
    for (const line of lines) child.stdin.write(line + '\n');
  });
}

test('malformed JSON-RPC gets an answer, every stdout line is JSON-RPC, and closing stdin exits cleanly', async () => {
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const { stdout, code } = await rawSession(
    [
      init,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      '{this is not json',
      JSON.stringify({ hello: 'world' }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'no/such/method' }),
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_metrics', arguments: 'nope' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' }),
    ],
    [1, 2, 3, 4],
  );
  assert.equal(code, 0);
  const messages = stdout.map((line) => JSON.parse(line));
  for (const msg of messages) assert.equal(msg.jsonrpc, '2.0');
  const parseError = messages.find((m) => m.error?.code === -32700);
  assert.ok(parseError, 'a parse error answer');
  assert.equal(parseError.id, null);
  assert.ok(
    messages.find((m) => m.error?.code === -32600),
    'an invalid-request answer',
  );
  assert.equal(messages.find((m) => m.id === 2).error.code, -32601);
  const badArgs = messages.find((m) => m.id === 3);
  assert.ok(badArgs.error || badArgs.result?.isError, 'arguments that are not an object are refused');
  assert.equal(messages.find((m) => m.id === 4).result.tools.length, UNATTACHED_TOOLS.length);
});

test('a client that closes the server stdout (EPIPE) shuts it down', async () => {
  const child = spawn(process.execPath, [CLI], { cwd: tempDir(), env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.destroy();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  child.stdin.write(init + '\n');
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 10000));
  const outcome = await Promise.race([exited, timeout]);
  if (outcome === 'still running') child.kill('SIGKILL');
  assert.equal(outcome, 0);
});
