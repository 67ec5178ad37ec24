// The warm-start cache at sizes a single JSON body could not hold (core/index/extraction-cache.ts,
// READING-NOTES "A warm start is not a persisted index"): a workspace whose extractions pass 32 MB
// is cached and reused whole on a restart, the file 0600; and a cache file cut short or with a
// flipped byte is passed over with its cause in init_workspace's answer, the index complete.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

/** What a cache of one JSON body was refused past. */
const OLD_CAP_BYTES = 32 * 1024 * 1024;

/** Python files of nested calls, under the size bound: about 1.7 MB of call records each. */
function callHeavyWorkspace(files: number): string {
  const root = tempDir('warm-large-ws-');
  for (let i = 0; i < files; i++) writeFileSync(join(root, `m${i}.py`), `def f():\n${'    a(b(c(d(e(f(g(h()))))))))\n'.repeat(28_000)}`);
  return root;
}

function runIndex(root: string, cacheHome: string, env: Record<string, string> = {}): { fromCache: number; files: number; graph: string } {
  const out = join(tempDir('warm-large-graph-'), 'graph.jsonl');
  const run = spawnSync(process.execPath, [CLI, 'index', root, '--json', '--graph', out], {
    encoding: 'utf8',
    env: cleanEnv({ XDG_CACHE_HOME: cacheHome, ...env }),
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(run.status, 0, run.stderr);
  const stats = JSON.parse(run.stdout);
  return { fromCache: stats.timing.from_cache, files: stats.files, graph: readFileSync(out, 'utf8') };
}

function theCacheFile(cacheHome: string): string {
  const dir = join(cacheHome, 'metabob-mcp', 'extractions');
  const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  assert.equal(names.length, 1, names.join(', '));
  return join(dir, names[0]);
}

test('a restart with no edits takes every file from a cache over 32 MB, builds the cold graph, and the file is 0600', { timeout: 600_000 }, () => {
  const root = callHeavyWorkspace(5);
  const cacheHome = tempDir('warm-large-cache-');
  const cold = runIndex(root, cacheHome);
  assert.equal(cold.fromCache, 0);
  const file = theCacheFile(cacheHome);
  const size = statSync(file).size;
  assert.ok(size > OLD_CAP_BYTES, `the cache file is ${size} bytes, past the old ${OLD_CAP_BYTES}`);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const warm = runIndex(root, cacheHome);
  assert.equal(warm.files, 5);
  assert.equal(warm.fromCache, warm.files, 'every file from the cache');
  assert.equal(warm.graph, cold.graph, 'the graph a cold index builds');
});

test(
  'a cache file cut short or with a flipped byte is passed over with its cause, and init_workspace still indexes every file',
  { timeout: 300_000 },
  async () => {
    const root = tempDir('warm-corrupt-ws-');
    for (let i = 0; i < 6; i++) writeFileSync(join(root, `m${i}.py`), `def f${i}():\n    return g${i}()\n\ndef g${i}():\n    return ${i}\n`);
    const cacheHome = tempDir('warm-corrupt-cache-');
    const cold = runIndex(root, cacheHome);
    const file = theCacheFile(cacheHome);
    const good = readFileSync(file);
    const flipped = Buffer.from(good);
    flipped[good.length - 20] ^= 0x01;
    for (const [label, bytes, cause] of [
      ['cut short', good.subarray(0, good.length - 100), /cache_cold\(corrupt: the body is \d+ bytes, the header says \d+ \(truncated\?\)\)/],
      ['a flipped byte', flipped, /cache_cold\(corrupt: (checksum mismatch|record \d+: .+)\)/],
    ] as const) {
      writeFileSync(file, bytes, { mode: 0o600 });
      const server = await startClient({ cwd: root, env: { XDG_CACHE_HOME: cacheHome } });
      try {
        const text = textOf(await server.client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } }));
        const line = text.split('\n').find((l) => l.startsWith('Extraction cache:')) ?? text;
        assert.match(line, new RegExp(`^Extraction cache: 0 of ${cold.files} file\\(s\\) came from it \\(.*\\), none: `), label);
        assert.match(line, cause, label);
        assert.match(text, new RegExp(`^Indexed ${root}: ${cold.files} files`, 'm'), label);
      } finally {
        await server.close();
      }
      assert.equal(runIndex(root, cacheHome, { METABOB_CACHE: 'off' }).graph, cold.graph, label);
    }
  },
);
