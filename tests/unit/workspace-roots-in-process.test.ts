// SPEC §workspace over the in-process stdio plane with a client that declares roots: the first
// `file:` root is the workspace even when a root of another scheme comes before it, and
// init_workspace {} binds the workspace it was already in without listing it twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../../core/server/mcp-server.ts';
import { createServices } from '../../core/services/services.ts';
import { projectIdFor } from '../../core/workspace/workspace.ts';
import { tempDir } from '../helpers/git.ts';
import { textOf } from '../helpers/in-process.ts';

async function withRoots(uris: string[], cwd: string, env: Record<string, string> = {}) {
  const services = createServices({ cwd, env: { METABOB_HOME: tempDir('metabob-roots-home-'), ...env } });
  const server = createMcpServer(services);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'roots-test', version: '0.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler('roots/list', async () => ({ roots: uris.map((uri) => ({ uri })) }));
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
      services.store.close();
    },
  };
}

test('roots [https://..., file://<dir>] launched in PLUGIN_ROOT: the file: root is the workspace', async () => {
  const plugin = realpathSync(tempDir('roots-plugin-'));
  const root = realpathSync(tempDir('roots-iw-'));
  const s = await withRoots(['https://example.com/x', pathToFileURL(root).href], plugin, { PLUGIN_ROOT: plugin });
  try {
    const result = await s.client.callTool({ name: 'get_metrics', arguments: {} });
    assert.doesNotMatch(textOf(result), /workspace_undetermined/);
    const meta = result._meta as Record<string, unknown>;
    assert.equal(meta.project_id, projectIdFor(root));
    assert.equal(meta.project_name, basename(root));
  } finally {
    await s.close();
  }
});

test('roots [https://..., file://<dir>] launched elsewhere: the file: root, not the launch directory', async () => {
  const launch = realpathSync(tempDir('roots-launch-'));
  const root = realpathSync(tempDir('roots-iw-'));
  const s = await withRoots(['https://example.com/x', pathToFileURL(root).href], launch);
  try {
    const meta = (await s.client.callTool({ name: 'get_metrics', arguments: {} }))._meta as Record<string, unknown>;
    assert.equal(meta.project_id, projectIdFor(root));
  } finally {
    await s.close();
  }
});

test('init_workspace {} in the roots workspace: get_analysis_context names the roots as the source and lists only the other roots', async () => {
  const launch = realpathSync(tempDir('roots-launch-'));
  const root = realpathSync(tempDir('roots-iw-'));
  mkdirSync(join(root, 'src'));
  const other = realpathSync(tempDir('roots-other-'));
  const s = await withRoots([pathToFileURL(root).href, pathToFileURL(other).href], launch);
  try {
    const init = await s.client.callTool({ name: 'init_workspace', arguments: {} });
    assert.equal((init._meta as Record<string, unknown>).project_id, projectIdFor(root), textOf(init));
    const context = textOf(await s.client.callTool({ name: 'get_analysis_context', arguments: {} }));
    const line = context.split('\n').find((l) => l.startsWith('Workspace: ')) ?? '';
    assert.match(line, new RegExp(`^Workspace: ${root} \\(from roots\\); other roots: ${other}$`));
  } finally {
    await s.close();
  }
});
