// SPEC §init_workspace `lazy-native`: a parser module that cannot load makes init_workspace and
// every local tool after it answer local_index_unavailable(<module>: <reason>), while the
// ledger tools work as usual. Here the real failure, not the test switch: an install whose
// web-tree-sitter has lost its runtime tree-sitter.wasm, in a copy of the built package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cleanEnv, textOf } from '../helpers/client.ts';
import { git, tempDir } from '../helpers/git.ts';
import { linkedInstall } from '../helpers/linked-install.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built package with every dependency linked in place but web-tree-sitter, copied without its runtime wasm. */
function installWithoutRuntimeWasm(): string {
  const pkg = linkedInstall('metabob-no-wasm-', ['web-tree-sitter']);
  cpSync(join(ROOT, 'node_modules/web-tree-sitter'), join(pkg, 'node_modules/web-tree-sitter'), { recursive: true });
  rmSync(join(pkg, 'node_modules/web-tree-sitter/tree-sitter.wasm'));
  return pkg;
}

test('web-tree-sitter without its runtime wasm: init_workspace answers local_index_unavailable and the server keeps serving', async () => {
  const pkg = installWithoutRuntimeWasm();
  const workspace = tempDir('metabob-ws-');
  git(workspace, 'init', '-q', '-b', 'main');
  writeFileSync(join(workspace, 'a.ts'), 'export function a(): number {\n  return 1;\n}\n');
  let closed = false;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(pkg, 'dist/cli.js')],
    cwd: workspace,
    env: cleanEnv({ METABOB_HOME: tempDir('metabob-home-') }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', () => {});
  const client = new Client({ name: 'metabob-test', version: '1.0.0' });
  await client.connect(transport);
  client.onclose = () => (closed = true);
  try {
    const init = await client.callTool({ name: 'init_workspace', arguments: {} });
    assert.equal(init.isError, true, textOf(init));
    assert.match(
      textOf(init),
      /^local_index_unavailable\(web-tree-sitter: tree-sitter\.wasm not found\); the local code graph is unavailable in this process\./,
    );
    // Long enough for a rejection left behind by the runtime's start to have ended the process.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(closed, false, 'the server process is still running');
    const problems = await client.callTool({ name: 'get_problems', arguments: {} });
    assert.match(textOf(problems), /^Open findings: 0 \(0 in the local store; /);
    const search = await client.callTool({ name: 'search_codebase', arguments: { query: 'a' } });
    assert.match(textOf(search), /local_index_unavailable\(web-tree-sitter: tree-sitter\.wasm not found\)/);
  } finally {
    await client.close();
  }
});
