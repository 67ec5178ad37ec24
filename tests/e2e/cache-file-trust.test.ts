// The warm-start cache file is trusted only as its folders are (core/index/extraction-cache.ts):
// a cache file that is a symbolic link, belongs to another user, or that group or others can
// write holds extractions someone else may have chosen. Each is given tampered content with a
// valid checksum (which an own 0600 file with the same bytes shows would be used), and each is
// not read: the graph is a cold index's, and init_workspace's answer says why the cache was skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, cleanEnv, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/graph', import.meta.url));
/** A definition's name in the workspace, and what the tampered cache renames it to. */
const REAL_NAME = '"useToken"';
const PLANTED_NAME = '"plantedName"';

function workspace(): string {
  const root = tempDir('cache-trust-ws-');
  for (const name of ['ts-esm', 'cjs']) cpSync(join(FIXTURES, name), join(root, name), { recursive: true });
  writeFileSync(join(root, 'cjs', 'token.js'), 'function useToken() { return connect(); }\nmodule.exports = { useToken };\n');
  return root;
}

function runIndex(root: string, cacheHome: string, env: Record<string, string> = {}): { fromCache: number; files: number; graph: string } {
  const out = join(tempDir('cache-trust-graph-'), 'graph.jsonl');
  const run = spawnSync(process.execPath, [CLI, 'index', root, '--json', '--graph', out], {
    encoding: 'utf8',
    env: cleanEnv({ XDG_CACHE_HOME: cacheHome, ...env }),
  });
  assert.equal(run.status, 0, run.stderr);
  const stats = JSON.parse(run.stdout);
  return { fromCache: stats.timing.from_cache, files: stats.files, graph: readFileSync(out, 'utf8') };
}

function theCacheFile(cacheHome: string): string {
  const dir = join(cacheHome, 'metabob-mcp', 'extractions');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  assert.equal(files.length, 1, files.join(', '));
  return join(dir, files[0]);
}

/** The cache file with a definition renamed and the header's checksum made to match again. */
function tampered(good: Buffer): Buffer {
  const newline = good.indexOf(0x0a);
  const header = JSON.parse(good.subarray(0, newline).toString('utf8'));
  const body = Buffer.from(
    good
      .subarray(newline + 1)
      .toString('utf8')
      .split(REAL_NAME)
      .join(PLANTED_NAME),
    'utf8',
  );
  assert.ok(body.includes(PLANTED_NAME), 'the fixture defines useToken');
  const fixed = { ...header, bodyBytes: body.length, bodySha256: createHash('sha256').update(body).digest('hex') };
  return Buffer.concat([Buffer.from(`${JSON.stringify(fixed)}\n`, 'utf8'), body]);
}

const isRoot = process.getuid?.() === 0;

/** Each way a cache file is not this user's alone, planted with `bytes`, and the cause it is named by. */
const PLANTS: Array<{ name: string; plant: (file: string, bytes: Buffer) => void; cause: RegExp; skip?: string }> = [
  {
    name: 'that everyone can write (0666)',
    plant: (file, bytes) => {
      writeFileSync(file, bytes);
      chmodSync(file, 0o666);
    },
    cause: /is mode 666, group or others can write it; not read/,
  },
  {
    name: 'that another user owns (uid 65534)',
    plant: (file, bytes) => {
      writeFileSync(file, bytes, { mode: 0o600 });
      chmodSync(file, 0o600);
      chownSync(file, 65534, 65534);
    },
    cause: /is owned by uid 65534, not this user \(uid \d+\); not read/,
    skip: isRoot ? undefined : 'only root can give a file to another user',
  },
  {
    name: 'that is a symbolic link to an own 0600 file',
    plant: (file, bytes) => {
      const target = join(tempDir('cache-trust-target-'), 'planted.json');
      writeFileSync(target, bytes, { mode: 0o600 });
      rmSync(file, { force: true });
      symlinkSync(target, file);
    },
    cause: /is a symbolic link; not read/,
  },
];

test('tampered content in an own 0600 cache file is used: what the checks below stop is real', () => {
  const root = workspace();
  const cacheHome = tempDir('cache-trust-cache-');
  runIndex(root, cacheHome);
  const file = theCacheFile(cacheHome);
  writeFileSync(file, tampered(readFileSync(file)), { mode: 0o600 });
  const run = runIndex(root, cacheHome);
  assert.equal(run.fromCache, run.files);
  assert.ok(run.graph.includes(PLANTED_NAME) && !run.graph.includes(REAL_NAME), 'the planted name reached the graph');
});

for (const { name, plant, cause, skip } of PLANTS) {
  test(`a cache file ${name} is not read: a cold index's graph, and init_workspace says why`, { skip }, async () => {
    const root = workspace();
    const cacheHome = tempDir('cache-trust-cache-');
    const cold = runIndex(root, cacheHome, { METABOB_CACHE: 'off' }).graph;
    runIndex(root, cacheHome);
    const file = theCacheFile(cacheHome);
    const planted = tampered(readFileSync(file));

    plant(file, planted);
    const run = runIndex(root, cacheHome);
    assert.equal(run.fromCache, 0, 'nothing came from the cache');
    assert.equal(run.graph, cold, 'the graph is a cold index’s');
    assert.ok(!run.graph.includes(PLANTED_NAME));

    plant(file, planted);
    const server = await startClient({ cwd: root, env: { XDG_CACHE_HOME: cacheHome } });
    try {
      const text = textOf(await server.client.callTool({ name: 'init_workspace', arguments: {} }));
      const line = text.split('\n').find((l) => l.startsWith('Extraction cache:')) ?? text;
      assert.match(line, /^Extraction cache: 0 of \d+ file\(s\) came from it \(.*\), none: cache_cold\(/);
      assert.match(line, cause);
      assert.equal(line.split('cache_cold(').length, 2, 'said once');
    } finally {
      await server.close();
    }
  });
}
