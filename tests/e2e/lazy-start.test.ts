// A server start loads no native or WASM module (SPEC §init_workspace `lazy-native`): the
// parser, SQLite, the exact tokenizer and the TUI load on first use only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/git.ts';
import { handshake, startRawServer } from '../helpers/raw-server.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';

const recorder = fileURLToPath(new URL('../helpers/load-recorder.mjs', import.meta.url));
const LAZY = ['better-sqlite3', 'web-tree-sitter', 'tree-sitter-wasms', 'js-tiktoken', '/ink/', '/react/', '@clack'];

test('start-up to tools/list loads no native, WASM or TUI module', async () => {
  const loadLog = join(tempDir(), 'loads.txt');
  const server = startRawServer({ cwd: tempDir(), env: { LOAD_LOG: loadLog }, nodeArgs: ['--import', recorder] });
  const list = await handshake(server);
  assert.equal(list.result.tools.length, TOOL_REGISTRY.length);
  const maps = readFileSync(`/proc/${server.child.pid}/maps`, 'utf8');
  assert.doesNotMatch(maps, /\.node$/m, 'no native addon is mapped');
  const loaded = readFileSync(loadLog, 'utf8').split('\n').filter(Boolean);
  assert.ok(
    loaded.some((url) => url.endsWith('/dist/cli.js')),
    'the recorder saw the server load',
  );
  for (const name of LAZY) {
    assert.deepEqual(
      loaded.filter((url) => url.includes(name)),
      [],
      `${name} is not loaded at start`,
    );
  }
  assert.equal(await server.close(), 0);
});
