// META-ENVELOPE §warnings_v2 / §diagnosis_v2 over stdio: every entry any tool emits is
// `{code, severity, message, data}` with `data` an object, in the states that emit the most of
// them: nothing configured and nothing indexed, attached to the emulator after init_workspace,
// a checkout whose git fails, and arguments the schema refuses or does not know.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { assertNoticeShape, CLI, cleanEnv, startClient } from '../helpers/client.ts';
import { validArgs } from '../helpers/sample-args.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { withEmulator } from '../substrate/emulator.ts';
import { startServer } from '../substrate/server-fixture.ts';
import { repoWithHistory } from './ledger-fixture.ts';

type Caller = (name: string, args: Record<string, unknown>) => Promise<{ _meta?: Record<string, any> }>;

/** Calls every registered tool with arguments it accepts; returns the codes seen, each entry held to the shape. */
async function sweep(call: Caller, state: string): Promise<Set<string>> {
  const codes = new Set<string>();
  for (const tool of TOOL_REGISTRY) {
    const meta = (await call(tool.name, validArgs(tool)))._meta ?? {};
    assertNoticeShape(meta, `${tool.name} (${state})`);
    for (const entry of [...(meta.warnings_v2 ?? []), ...(meta.diagnosis_v2 ?? [])]) codes.add(entry.code);
  }
  return codes;
}

test('nothing configured, nothing indexed: every tool, a refused argument, and an unknown tool on the headless call plane', async () => {
  const { repo } = repoWithHistory();
  const { client, close } = await startClient({ cwd: repo });
  try {
    const call: Caller = (name, args) => client.callTool({ name, arguments: args }) as never;
    const codes = await sweep(call, 'unconfigured');
    for (const [name, args] of [
      ['search_codebase', { query: 42, limit: 'ten' }],
      ['get_metrics', { verbose: true }],
    ] as const) {
      const meta = (await call(name, args as Record<string, unknown>))._meta ?? {};
      assertNoticeShape(meta, name);
      for (const entry of meta.diagnosis_v2 ?? []) codes.add(entry.code);
    }
    // Over MCP an unknown tool is a protocol error (-32602) with no _meta; the headless call
    // still answers it as a result, whose envelope is held here.
    const headless = spawnSync(process.execPath, [CLI, 'call', 'no_such_tool', '{}', '--json'], { cwd: repo, env: cleanEnv(), encoding: 'utf8' });
    const meta = JSON.parse(headless.stdout)._meta ?? {};
    assertNoticeShape(meta, 'no_such_tool (headless)');
    for (const entry of meta.diagnosis_v2 ?? []) codes.add(entry.code);
    // The codes the sweep must have met, so the shape was checked where it was missing.
    for (const code of ['not_configured', 'invalid_arguments', 'unknown_arg', 'unknown_tool']) assert.ok(codes.has(code), `${code} in ${[...codes]}`);
  } finally {
    await close();
  }
});

test('attached to the emulator, after init_workspace: every tool', async () => {
  await withEmulator(async (emulator) => {
    const { repo } = repoWithHistory({ remote: true });
    const s = await startServer({ METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl }, { cwd: repo });
    try {
      await s.waitForHealth((h) => h.attached === true);
      const call: Caller = (name, args) => s.client.callTool({ name, arguments: args }) as never;
      await call('init_workspace', {});
      const codes = await sweep(call, 'attached');
      assert.ok(codes.size > 0, 'the sweep met at least one entry');
    } finally {
      await s.close();
    }
  });
});

test('git failing in the checkout: git_failed carries its data', async () => {
  const { repo } = repoWithHistory();
  appendFileSync(join(repo, '.git', 'config'), '\n[core\n');
  const { client, close } = await startClient({ cwd: repo });
  try {
    const result = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/a.ts'] } });
    const meta = (result._meta ?? {}) as Record<string, any>;
    assertNoticeShape(meta, 'predict_cochanges');
    assert.equal(meta.diagnosis_v2[0].code, 'git_failed');
    assert.deepEqual(meta.diagnosis_v2[0].data, { workspace: repo, changed_files: ['src/a.ts'] });
  } finally {
    await close();
  }
});
