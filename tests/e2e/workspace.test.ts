// SPEC §workspace end to end: the four-step decision and the plugin-folder gate, driven over
// stdio by a real SDK client that declares roots and one that does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startClient, textOf, metaOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { projectIdFor } from '../../core/workspace/workspace.ts';

/** predict_cochanges waits for the workspace decision, so its _meta names the workspace. */
async function workspaceOf(client: Awaited<ReturnType<typeof startClient>>['client']) {
  const result = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['x.ts'] } });
  return { result, meta: metaOf(result), text: textOf(result) };
}

test('a client that declares roots: its first file: root is the workspace, by real path', async () => {
  const launch = tempDir('ws-launch-');
  const root = realpathSync(tempDir('ws-root-'));
  const { client, close } = await startClient({ cwd: launch, roots: [root, launch] });
  try {
    const { meta } = await workspaceOf(client);
    assert.equal(meta.project_name, basename(root));
    assert.equal(meta.project_id, projectIdFor(root));
  } finally {
    await close();
  }
});

test('a root sent through a symlink is the checkout it points at', async () => {
  const launch = tempDir('ws-launch-');
  const real = realpathSync(tempDir('ws-real-'));
  const link = join(tempDir('ws-links-'), 'linked-checkout');
  symlinkSync(real, link);
  const { client, close } = await startClient({ cwd: launch, roots: [link] });
  try {
    const { meta } = await workspaceOf(client);
    assert.equal(meta.project_name, basename(real));
    assert.equal(meta.project_id, projectIdFor(real));
  } finally {
    await close();
  }
});

test('a client with no roots capability: the launch directory is the workspace', async () => {
  const launch = realpathSync(tempDir('ws-cwd-'));
  const { client, close } = await startClient({ cwd: launch });
  try {
    const { meta } = await workspaceOf(client);
    assert.equal(meta.project_name, basename(launch));
    assert.equal(meta.project_id, projectIdFor(launch));
  } finally {
    await close();
  }
});

test('WORKSPACE_PATH wins over roots; init_workspace with a path wins over both', async () => {
  const launch = tempDir('ws-launch-');
  const root = realpathSync(tempDir('ws-root-'));
  const envPath = realpathSync(tempDir('ws-env-'));
  const initPath = realpathSync(tempDir('ws-init-'));
  const { client, close } = await startClient({ cwd: launch, roots: [root], env: { WORKSPACE_PATH: envPath } });
  try {
    assert.equal((await workspaceOf(client)).meta.project_name, basename(envPath));
    const missing = join(initPath, 'no-such-dir');
    const refused = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: missing } });
    assert.equal(refused.isError, true);
    assert.equal(textOf(refused), `invalid_workspace_path: ${missing} is not an existing directory; pass the project's absolute path`);
    assert.equal(metaOf(refused).project_name, basename(envPath), 'a refused path binds nothing');
    const init = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: initPath } });
    assert.equal(init.isError, undefined, textOf(init));
    assert.equal(metaOf(init).empty_reason, 'all_files_excluded');
    assert.equal(metaOf(init).project_name, basename(initPath));
    assert.equal((await workspaceOf(client)).meta.project_name, basename(initPath));
  } finally {
    await close();
  }
});

test('launched inside PLUGIN_ROOT with no roots or WORKSPACE_PATH: every tool but init_workspace {workspace_path} is refused', async () => {
  const plugin = realpathSync(tempDir('ws-plugin-'));
  const inside = join(plugin, 'server');
  mkdirSync(inside);
  const project = realpathSync(tempDir('ws-project-'));
  const { client, close } = await startClient({ cwd: inside, env: { PLUGIN_ROOT: plugin } });
  try {
    const undetermined =
      `predict_cochanges: workspace_undetermined: the server was started in its plugin folder (${plugin}) with no roots and no WORKSPACE_PATH; ` +
      'call init_workspace with {"workspace_path": "<the project\'s absolute path>"} first';
    const first = await workspaceOf(client);
    assert.equal(first.result.isError, true);
    assert.equal(first.text, undetermined);
    assert.equal(first.meta.empty_reason, 'workspace_undetermined');
    assert.equal(first.meta.project_name, undefined);

    const search = await client.callTool({ name: 'search_codebase', arguments: { query: 'x' } });
    assert.match(textOf(search), /^search_codebase: workspace_undetermined: .*call init_workspace with \{"workspace_path"/);
    const noPath = await client.callTool({ name: 'init_workspace', arguments: {} });
    assert.match(textOf(noPath), /^init_workspace: workspace_undetermined: /);

    for (const refused of ['.', plugin, inside]) {
      const answer = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: refused } });
      assert.equal(answer.isError, true);
      assert.equal(
        textOf(answer),
        `workspace_undetermined: ${refused} is the plugin's own folder (${plugin}), not a project; pass the project's absolute path`,
      );
      assert.equal(metaOf(answer).project_name, undefined, 'a refused path binds nothing');
    }
    assert.equal((await workspaceOf(client)).result.isError, true, 'still undetermined after the refusals');

    const bound = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: project } });
    assert.equal(bound.isError, undefined, textOf(bound));
    assert.equal(metaOf(bound).project_name, basename(project));
    const after = await workspaceOf(client);
    assert.equal(after.result.isError, undefined);
    assert.equal(after.meta.project_name, basename(project));
  } finally {
    await close();
  }
});

test('a plugin-folder launch with roots is decided by the roots', async () => {
  const plugin = realpathSync(tempDir('ws-plugin-'));
  const root = realpathSync(tempDir('ws-root-'));
  const { client, close } = await startClient({ cwd: plugin, env: { PLUGIN_ROOT: plugin }, roots: [root] });
  try {
    const { meta, result } = await workspaceOf(client);
    assert.equal(result.isError, undefined);
    assert.equal(meta.project_name, basename(root));
  } finally {
    await close();
  }
});
