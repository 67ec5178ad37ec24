// META-ENVELOPE over the in-process boundary: every warnings_v2 / diagnosis_v2 entry has the
// frozen {code, severity, message, data} shape with the fields an agent acts on; a saving is
// never negative and a tool with no honest baseline says tokens_saved: null; a pending tool is
// behind the plugin-folder gate like every other (SPEC §workspace).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';

type Meta = Record<string, any>;
const metaOf = (r: unknown) => (r as { _meta: Meta })._meta;

function assertNoticeShape(notices: unknown, expectData: Record<string, unknown>): void {
  assert.ok(Array.isArray(notices) && notices.length > 0, 'a notice');
  const first = notices[0] as Record<string, unknown>;
  assert.deepEqual(Object.keys(first).sort(), ['code', 'data', 'message', 'severity']);
  for (const [k, v] of Object.entries(expectData)) assert.deepEqual((first.data as Record<string, unknown>)[k], v, `data.${k}`);
}

/** A pending tool and arguments its schema accepts (each required field given "x"), while any tool is pending. */
function pendingCall(): { name: string; args: Record<string, unknown> } | undefined {
  for (const t of TOOL_REGISTRY.filter((t) => t.pending)) {
    const required = Object.entries(t.inputSchema.shape).filter(
      ([, schema]) => !(schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success,
    );
    const args = Object.fromEntries(required.map(([key]) => [key, 'x']));
    if (t.inputSchema.safeParse(args).success) return { name: t.name, args };
  }
  return undefined;
}
const PENDING = pendingCall();
const NONE_PENDING = PENDING ? false : 'every tool is built: no pending tool is left to call';

test(
  'a pending tool launched in PLUGIN_ROOT answers workspace_undetermined, as every tool but init_workspace {workspace_path}',
  { skip: NONE_PENDING },
  async () => {
    const plugin = realpathSync(tempDir('gate-plugin-'));
    const pending = PENDING!;
    const s = await startInProcess({ cwd: plugin, env: { PLUGIN_ROOT: plugin } });
    try {
      const result = await s.client.callTool({ name: pending.name, arguments: pending.args });
      assert.match(textOf(result), new RegExp(`^${pending.name}: workspace_undetermined: the server was started in its plugin folder`));
      assert.equal(metaOf(result).empty_reason, 'workspace_undetermined');
      assertNoticeShape(metaOf(result).diagnosis_v2, { plugin_root: plugin, launch_directory: plugin });
    } finally {
      await s.close();
    }
  },
);

test('not_implemented names the tool in its data', { skip: NONE_PENDING }, async () => {
  const pending = PENDING!;
  const s = await startInProcess({ cwd: realpathSync(tempDir('pending-')) });
  try {
    const meta = metaOf(await s.client.callTool({ name: pending.name, arguments: pending.args }));
    assert.equal(meta.empty_reason, 'not_implemented');
    assertNoticeShape(meta.diagnosis_v2, { tool: pending.name });
  } finally {
    await s.close();
  }
});

test('no_workspace_indexed and invalid_workspace_path carry the path in data', async () => {
  const dir = realpathSync(tempDir('noindex-'));
  const s = await startInProcess({ cwd: dir });
  try {
    const noIndex = metaOf(await s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['a.ts'] } }));
    assertNoticeShape(noIndex.diagnosis_v2, { workspace: dir, tool: 'analyze_impact' });
    const missing = join(dir, 'no-such-dir');
    const invalid = metaOf(await s.client.callTool({ name: 'init_workspace', arguments: { workspace_path: missing } }));
    assertNoticeShape(invalid.diagnosis_v2, { workspace_path: missing });
  } finally {
    await s.close();
  }
});

test('a tool with no honest baseline reports tokens_saved: null; a saving is never negative', async () => {
  const repo = tempRepo();
  // A one-line file: the answer that maps it is longer than the file.
  commitFiles(repo, { 'a.ts': 'export const a = 1;\n' }, 'init');
  writeFileSync(join(repo, 'a.ts'), 'export const a = 2;\n');
  const s = await startInProcess({ cwd: repo });
  try {
    const metrics = metaOf(await s.client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.equal(metrics.tokens_saved, null);
    assert.equal(metrics.tokens_saved_pct, null);
    assert.equal(metrics.baseline_method, undefined);
    await s.client.callTool({ name: 'init_workspace', arguments: {} });
    const assign = await s.client.callTool({ name: 'assign_git_changes', arguments: { changed_files: ['a.ts'] } });
    const meta = metaOf(assign);
    assert.ok(meta.tokens_used > 20 / 4, textOf(assign));
    assert.equal(meta.tokens_saved, 0);
    assert.equal(meta.tokens_saved_pct, 0);
  } finally {
    await s.close();
  }
});
